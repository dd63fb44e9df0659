import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clips, media, playlists, streams } from '../db/schema';

/** All SQL of the CLI's own: the catalogue's size, and settling a freshly seeded catalogue. */

export async function catalogueCounts(db: Db) {
  const n = async (table: typeof media | typeof streams | typeof playlists | typeof clips) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return { songs: await n(media), streams: await n(streams), playlists: await n(playlists), clips: await n(clips) };
}

export async function vacuumCatalogue(db: Db) {
  await db.execute(sql`VACUUM ANALYZE media, streams, playlists, playlist_items, clips`);
}

/** What answers: "PostgreSQL 15.4 (Debian …) on x86_64…", first words only. */
export async function serverVersion(db: Db): Promise<string> {
  const result = await db.execute(sql`SELECT current_setting('server_version') AS version`);
  return `PostgreSQL ${(result as unknown as { rows: { version: string }[] }).rows[0]?.version ?? '?'}`;
}
