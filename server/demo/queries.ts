import { and, eq, inArray, sql } from 'drizzle-orm';
import type { EntityKind } from '../../common/enums';
import type { Db } from '../db/client';
import { clips, media, playlistItems, playlists, songRequests, streams, tags } from '../db/schema';
import type { World } from './world';

/**
 * All SQL of the demo: writing a generated world (the CLI's seed and the bench), the demo's
 * curation of a synced catalogue (tags and lyrics) and its request history.
 */

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
 * Answers the ids of the rows added, per kind (for catalogue.changed).
 */
export async function seedWorld(db: Db, world: World, log: (message: string) => void = () => {}): Promise<Record<EntityKind, number[]>> {
  const added: Record<EntityKind, number[]> = { media: [], streams: [], playlists: [], clips: [] };
  const note = (kind: EntityKind) => (rows: { id: number }[]) => {
    for (const row of rows) added[kind].push(row.id);
  };
  const tagIds = await ensureTags(db, world.tags);
  const toTagIds = (names: string[]) => names.map((n) => tagIds.get(n)).filter((id): id is number => id !== undefined);

  await inBatches(
    world.streams,
    (batch) =>
      db
        .insert(streams)
        .values(batch.map(({ tags: names, ...s }) => ({ ...s, tagIds: toTagIds(names) })))
        .onConflictDoNothing()
        .returning({ id: streams.id })
        .then(note('streams')),
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
        .onConflictDoNothing()
        .returning({ id: media.id })
        .then(note('media')),
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
    if (row) added.playlists.push(row.id);
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
        .onConflictDoNothing()
        .returning({ id: clips.id })
        .then(note('clips')),
    (done) => log(`clips: ${done}/${world.clips.length}`),
  );
  log(`clips: ${world.clips.length}`);
  await db.execute(sql`ANALYZE`);
  return added;
}

/**
 * The demo's request history, written once into an empty history after the catalogue arrived (the
 * songs it links to must exist). In production the history grows from paid requests instead.
 * Answers how many requests were written.
 */
export async function seedRequestHistory(db: Db, world: World): Promise<number> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(songRequests);
  if ((existing?.n ?? 0) > 0 || world.requests.length === 0) return 0;
  const remoteIds = world.requests.map((r) => r.songRemoteId).filter((id): id is string => id !== null);
  const songs =
    remoteIds.length > 0
      ? await db
          .select({ id: media.id, remoteId: media.remoteId })
          .from(media)
          .where(and(eq(media.provider, 'youtube'), inArray(media.remoteId, remoteIds)))
      : [];
  const songId = new Map(songs.map((s) => [s.remoteId, s.id]));
  await db.insert(songRequests).values(
    world.requests.map((r) => ({
      videoId: r.videoId,
      title: r.title,
      username: r.username,
      createdAt: r.createdAt,
      updatedAt: r.createdAt,
      mediaId: r.songRemoteId ? (songId.get(r.songRemoteId) ?? null) : null,
    })),
  );
  return world.requests.length;
}

/**
 * Tags and lyrics of the demo world, given to synced items where nothing is set yet (in production
 * they come from people's edits). Answers the ids of the items curated, per kind (for catalogue.changed).
 */
export async function applyDemoCuration(db: Db, world: World): Promise<Record<EntityKind, number[]>> {
  await db
    .insert(tags)
    .values(world.tags.map((name) => ({ name })))
    .onConflictDoNothing();
  const tagRows = await db.select().from(tags).where(inArray(tags.name, world.tags));
  const tagIds = new Map(tagRows.map((t) => [t.name, t.id]));
  const ids = (names: string[]) => names.map((n) => tagIds.get(n)).filter((id): id is number => id !== undefined);

  // One statement per table: fill tags (and lyrics) only where nothing is set yet.
  const curate = async (
    table: typeof media | typeof streams | typeof playlists | typeof clips,
    items: { provider: string; remoteId: string; tags: string[]; lyrics?: string | null }[],
  ) => {
    const rows = items
      .map((i) => ({ provider: i.provider, remote_id: i.remoteId, tag_ids: ids(i.tags), lyrics: i.lyrics ?? null }))
      .filter((r) => r.tag_ids.length > 0 || r.lyrics);
    if (rows.length === 0) return [];
    const lyrics = table === media ? sql`, lyrics = coalesce(${media.lyrics}, v.lyrics)` : sql``;
    const result = await db.execute(sql`
      UPDATE ${table} SET tag_ids = CASE WHEN cardinality(${table.tagIds}) = 0 THEN v.tag_ids ELSE ${table.tagIds} END ${lyrics}
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(provider text, remote_id text, tag_ids integer[], lyrics text)
      WHERE ${table.provider} = v.provider AND ${table.remoteId} = v.remote_id
        AND (cardinality(${table.tagIds}) = 0 ${table === media ? sql`OR (${media.lyrics} IS NULL AND v.lyrics IS NOT NULL)` : sql``})
      RETURNING ${table.id} AS id`);
    return (result as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
  };
  return {
    media: await curate(media, world.songs),
    streams: await curate(streams, world.streams),
    playlists: await curate(playlists, world.playlists),
    clips: await curate(clips, world.clips),
  };
}
