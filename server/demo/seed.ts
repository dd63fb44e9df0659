import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clips, media, playlistItems, playlists, streams, tags } from '../db/schema';
import type { World } from './world';

const BATCH = 1000;

/**
 * Writes rows a batch at a time with the next batch already on its way: building a multi-row insert
 * costs the app about as much CPU as the database spends on it, so overlapping the two roughly halves
 * a large seed on PostgreSQL (PGlite runs them one after the other anyway). Large writes report
 * progress about every tenth.
 */
async function inBatches<T>(rows: T[], write: (batch: T[]) => PromiseLike<unknown>, progress?: (done: number) => void) {
  const every = Math.max(BATCH, Math.ceil(rows.length / 10 / BATCH) * BATCH);
  let previous: Promise<unknown> | undefined;
  for (let i = 0; i < rows.length; i += BATCH) {
    const current = Promise.resolve(write(rows.slice(i, i + BATCH)));
    // Observed below; this only keeps a failure from being reported as unhandled while we wait.
    current.catch(() => {});
    if (previous) await previous;
    previous = current;
    const done = Math.min(rows.length, i + BATCH);
    if (progress && rows.length >= 20 * BATCH && done % every === 0 && done < rows.length) progress(done);
  }
  await previous;
}

/** Upserts tags by name and answers a name -> id map. */
async function ensureTags(db: Db, names: string[]): Promise<Map<string, number>> {
  await db
    .insert(tags)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
  const rows = await db.select().from(tags).where(inArray(tags.name, names));
  return new Map(rows.map((t) => [t.name, t.id]));
}

async function idsByRemote(db: Db, table: typeof streams | typeof media, remoteIds: string[]) {
  const map = new Map<string, number>();
  for (let i = 0; i < remoteIds.length; i += BATCH) {
    const rows = await db
      .select({ id: table.id, remoteId: table.remoteId })
      .from(table)
      .where(inArray(table.remoteId, remoteIds.slice(i, i + BATCH)));
    for (const row of rows) map.set(row.remoteId, row.id);
  }
  return map;
}

/**
 * Writes a world into the database. Rows that already exist (same provider and remote id) are kept
 * as they are, so seeding twice, or a large seed over the demo, never duplicates or overwrites.
 */
export async function seedWorld(db: Db, world: World, log: (message: string) => void = () => {}) {
  const tagIds = await ensureTags(db, world.tags);
  const toTagIds = (names: string[]) => names.map((n) => tagIds.get(n)).filter((id): id is number => id !== undefined);

  await inBatches(
    world.streams,
    (batch) =>
      db
        .insert(streams)
        .values(batch.map(({ tags: names, ...s }) => ({ ...s, tagIds: toTagIds(names) })))
        .onConflictDoNothing(),
    (done) => log(`streams: ${done}/${world.streams.length}`),
  );
  const streamIds = await idsByRemote(
    db,
    streams,
    world.streams.map((s) => s.remoteId),
  );
  log(`streams: ${world.streams.length}`);

  await inBatches(
    world.songs,
    (batch) =>
      db
        .insert(media)
        .values(
          batch.map(({ tags: names, stream, ...song }) => ({
            ...song,
            tagIds: toTagIds(names),
            streamId: stream ? (streamIds.get(stream.remoteId) ?? null) : null,
            streamTimestamp: stream?.timestamp ?? null,
          })),
        )
        .onConflictDoNothing(),
    (done) => log(`songs: ${done}/${world.songs.length}`),
  );
  const songIds = await idsByRemote(
    db,
    media,
    world.songs.map((s) => s.remoteId),
  );
  log(`songs: ${world.songs.length}`);

  for (const { tags: names, songs: songRemoteIds, streamRemoteId, ...playlist } of world.playlists) {
    const items = songRemoteIds.map((id) => songIds.get(id)).filter((id): id is number => id !== undefined);
    const [row] = await db
      .insert(playlists)
      .values({
        ...playlist,
        tagIds: toTagIds(names),
        streamId: streamRemoteId ? (streamIds.get(streamRemoteId) ?? null) : null,
        mediaCount: items.length,
      })
      .onConflictDoNothing()
      .returning({ id: playlists.id });
    if (row && items.length > 0) {
      await db.insert(playlistItems).values(items.map((mediaId, position) => ({ playlistId: row.id, position, mediaId })));
    }
  }
  log(`playlists: ${world.playlists.length}`);

  await inBatches(
    world.clips,
    (batch) =>
      db
        .insert(clips)
        .values(
          batch.map(({ tags: names, stream, ...clip }) => ({
            ...clip,
            tagIds: toTagIds(names),
            streamId: stream ? (streamIds.get(stream.remoteId) ?? null) : null,
            streamTimestamp: stream?.timestamp ?? null,
          })),
        )
        .onConflictDoNothing(),
    (done) => log(`clips: ${done}/${world.clips.length}`),
  );
  log(`clips: ${world.clips.length}`);
  await db.execute(sql`ANALYZE`);
}
