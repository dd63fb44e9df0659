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
