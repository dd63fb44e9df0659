import { and, asc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sourceKindOf } from '../../common/enums';
import type { Db } from '../db/client';
import { clips, likes, media, playlistItems, playlists, streams } from '../db/schema';
import { JobBusyError } from '../jobs/runner';
import { createSandboxedApp } from '../sandbox/testing';
import { buildSong, buildTag } from '../testing/factories';
import { buildUser } from '../testing/users';

const t = await createSandboxedApp();

afterEach(() => t.state.reset());

/** Everything a sync may write, in a stable order: equal snapshots mean an unchanged database. */
async function snapshot(db: Db) {
  const columns = sql`remote_id, provider, source, name, duration, views, unavailable, tag_ids, thumbnail, sync_scope, stream_id`;
  const query = async (statement: ReturnType<typeof sql>) => ((await db.execute(statement)) as unknown as { rows: unknown[] }).rows;
  const rows = (table: string, cols = columns) => query(sql`SELECT ${cols} FROM ${sql.identifier(table)} ORDER BY provider, remote_id`);
  return {
    media: await rows('media'),
    streams: await rows('streams', sql`remote_id, provider, source, name, duration, views, unavailable, tag_ids, thumbnail, sync_scope`),
    clips: await rows('clips'),
    playlists: await rows('playlists', sql`remote_id, provider, name, type, media_count, unavailable, stream_id, sync_scope`),
    items: await query(sql`SELECT playlist_id, position, media_id FROM playlist_items ORDER BY 1, 2`),
  };
}

const songRow = async (remoteId: string) => (await t.db.select().from(media).where(eq(media.remoteId, remoteId)))[0]!;
const count = async (table: typeof media | typeof streams | typeof clips | typeof playlists, available = true) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.unavailable, !available)))[0]!.n;

describe('catalogue sync against the sandbox', () => {
  beforeAll(async () => {
    const first = await t.sync.run('test');
    expect(first.ok, JSON.stringify(first.sections.filter((s) => s.error))).toBe(true);
  });

  it('fills the catalogue from every channel: songs, streams, clips and playlists', async () => {
    expect(await count(media)).toBe(t.world.songs.length);
    expect(await count(streams)).toBe(t.world.streams.length);
    expect(await count(clips)).toBe(t.world.clips.length);
    const bySource = await t.db
      .select({ source: media.source, n: sql<number>`count(*)::int` })
      .from(media)
      .groupBy(media.source)
      .orderBy(media.source);
    expect(bySource).toEqual([
      { source: 'nova_daily', n: 6 },
      { source: 'nova_music', n: 6 },
      { source: 'nova_sc', n: 6 },
      { source: 'nova_yt', n: 6 },
    ]);
    // Channel playlists (not the fans' community ones, which are imported), with the songs in order.
    const channelPlaylists = t.world.playlists.filter((p) => p.type !== 'community');
    expect(await count(playlists)).toBe(channelPlaylists.length);
    const album = channelPlaylists.find((p) => p.provider === 'youtube' && p.type === 'album')!;
    const [row] = await t.db.select().from(playlists).where(eq(playlists.remoteId, album.remoteId));
    expect(row).toMatchObject({ type: 'album', source: 'nova_music', mediaCount: album.songs.length });
    const ordered = await t.db
      .select({ remoteId: media.remoteId })
      .from(playlistItems)
      .innerJoin(media, eq(media.id, playlistItems.mediaId))
      .where(eq(playlistItems.playlistId, row!.id))
      .orderBy(asc(playlistItems.position));
    expect(ordered.map((r) => r.remoteId)).toEqual(album.songs);
  });

  it('links songs, clips and stream playlists to their streams from the provider data', async () => {
    const song = t.world.songs.find((s) => s.stream && s.provider === 'youtube')!;
    const [stream] = await t.db.select().from(streams).where(eq(streams.remoteId, song.stream!.remoteId));
    expect(await songRow(song.remoteId)).toMatchObject({ streamId: stream!.id, streamTimestamp: song.stream!.timestamp });
    const clip = t.world.clips.find((c) => c.stream)!;
    const [clipRow] = await t.db.select().from(clips).where(eq(clips.remoteId, clip.remoteId));
    expect(clipRow!.streamTimestamp).toBe(clip.stream!.timestamp);
    const streamPlaylist = t.world.playlists.find((p) => p.type === 'stream')!;
    const [playlistRow] = await t.db.select().from(playlists).where(eq(playlists.remoteId, streamPlaylist.remoteId));
    expect(playlistRow!.type).toBe('stream');
    expect(playlistRow!.streamId).not.toBeNull();
  });

  it('changes nothing on a second run', async () => {
    const before = await snapshot(t.db);
    const second = await t.sync.run('test');
    expect(second.ok).toBe(true);
    expect(second.totals).toEqual({ added: 0, updated: 0, unavailable: 0 });
    expect(second.sections.every((s) => s.complete)).toBe(true);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('updates changed titles, durations and views', async () => {
    const song = t.world.songs.find((s) => sourceKindOf(s.source) === 'music')!;
    const stream = t.world.streams.find((s) => s.provider === 'twitch')!;
    t.state.patch(song.remoteId, { name: 'Renamed at the provider', duration: 321 });
    t.state.patch(stream.remoteId, { views: stream.views + 1000 });
    const report = await t.sync.run('test');
    expect(report.totals).toEqual({ added: 0, updated: 2, unavailable: 0 });
    expect(report.sections.find((s) => s.name === 'youtube music uploads')).toMatchObject({ updated: 1 });
    expect(await songRow(song.remoteId)).toMatchObject({ name: 'Renamed at the provider', duration: 321 });
    const [streamRow] = await t.db.select().from(streams).where(eq(streams.remoteId, stream.remoteId));
    expect(streamRow!.views).toBe(stream.views + 1000);
    t.state.reset();
    expect((await t.sync.run('test')).totals.updated).toBe(2);
  });

  it('marks a video gone private unavailable, keeping its tags, lyrics and stream link, and brings it back when public', async () => {
    const song = t.world.songs.find((s) => s.provider === 'youtube' && s.stream)!;
    const tag = await buildTag(t.db, 'Kept through privacy');
    await t.db
      .update(media)
      .set({ tagIds: [tag.id], lyrics: 'la la la' })
      .where(eq(media.remoteId, song.remoteId));
    const before = await songRow(song.remoteId);

    t.state.setPrivacy(song.remoteId, 'private');
    const report = await t.sync.run('test');
    const holding = t.world.playlists.filter((p) => p.type !== 'community' && p.songs.includes(song.remoteId));
    // The song is marked; the playlists that held it lose it (and nothing else changes).
    expect(report.totals).toEqual({ added: 0, updated: holding.length, unavailable: 1 });
    const songSections = report.sections.filter((s) => s.kind === 'media');
    expect(songSections.reduce((n, s) => n + s.unavailable, 0)).toBe(1);
    expect(songSections.reduce((n, s) => n + s.updated, 0)).toBe(0);
    expect(holding.length).toBeGreaterThan(0);
    const hidden = await songRow(song.remoteId);
    expect(hidden).toMatchObject({ id: before.id, unavailable: true, tagIds: [tag.id], lyrics: 'la la la', streamId: before.streamId });
    const listed = await t.app.inject({ method: 'GET', url: `/api/media?size=100` });
    expect(listed.json().content.map((m: { id: number }) => m.id)).not.toContain(before.id);
    // Its playlists drop it from their order.
    const inPlaylists = await t.db.select().from(playlistItems).where(eq(playlistItems.mediaId, before.id));
    expect(inPlaylists).toHaveLength(0);

    t.state.reset();
    const back = await t.sync.run('test');
    expect(back.totals).toEqual({ added: 0, updated: holding.length + 1, unavailable: 0 });
    expect(await songRow(song.remoteId)).toMatchObject({ unavailable: false, tagIds: [tag.id], lyrics: 'la la la' });
  });

  it('marks an item that disappeared from a complete listing unavailable, never deleting it (likes and tags stay)', async () => {
    const track = t.world.songs.find((s) => s.provider === 'sound_cloud')!;
    const clip = t.world.clips[3]!;
    const tag = await buildTag(t.db, 'Kept through removal');
    await t.db
      .update(media)
      .set({ tagIds: [tag.id] })
      .where(eq(media.remoteId, track.remoteId));
    const fan = await buildUser(t.db);
    const trackId = (await songRow(track.remoteId)).id;
    expect((await t.app.inject({ method: 'POST', url: `/api/media/${trackId}/like`, headers: fan.headers })).statusCode).toBeLessThan(300);
    t.state.remove(track.remoteId);
    t.state.remove(clip.remoteId);
    const report = await t.sync.run('test');
    expect(report.sections.find((s) => s.name === 'soundcloud tracks')).toMatchObject({ unavailable: 1, complete: true });
    expect(report.sections.find((s) => s.name === 'twitch clips')).toMatchObject({ unavailable: 1, complete: true });
    expect(await songRow(track.remoteId)).toMatchObject({ unavailable: true, tagIds: [tag.id] });
    expect(
      await t.db
        .select()
        .from(likes)
        .where(and(eq(likes.userId, fan.id), eq(likes.itemId, trackId))),
    ).toHaveLength(1);
    const [clipRow] = await t.db.select().from(clips).where(eq(clips.remoteId, clip.remoteId));
    expect(clipRow!.unavailable).toBe(true);
    t.state.reset();
    await t.sync.run('test');
    expect((await songRow(track.remoteId)).unavailable).toBe(false);
    const liked = await t.app.inject({ method: 'GET', url: `/api/media/${trackId}`, headers: fan.headers });
    expect(liked.json().liked).toBe(true);
  });

  it('does not take a listing that comes back empty as every item gone', async () => {
    for (const track of t.world.songs.filter((s) => s.provider === 'sound_cloud')) t.state.remove(track.remoteId);
    const report = await t.sync.run('test');
    const section = report.sections.find((s) => s.name === 'soundcloud tracks')!;
    expect(section).toMatchObject({ seen: 0, unavailable: 0 });
    expect(section.error).toMatch(/listed nothing where 6 items were; nothing was marked unavailable/);
    expect(await count(media)).toBe(t.world.songs.length);
  });

  it('never marks items no listing owns (seeded or added by hand)', async () => {
    const seeded = await buildSong(t.db, { source: 'nova_yt', remoteId: 'seededSong01' });
    const report = await t.sync.run('test');
    expect(report.totals.unavailable).toBe(0);
    expect((await songRow(seeded.remoteId)).unavailable).toBe(false);
  });

  it('after 500s that outlast the retries: a clear error, the database as it was, nothing marked', async () => {
    const main = t.world.songs.filter((s) => sourceKindOf(s.source) === 'yt');
    t.state.remove(main[0]!.remoteId);
    t.state.patch(main[1]!.remoteId, { name: 'Not written' });
    t.state.faults.inject({ provider: 'youtube', path: '/v3/playlistItems', status: 500, times: Number.POSITIVE_INFINITY });
    const before = await snapshot(t.db);
    const report = await t.sync.run('test');
    expect(report.ok).toBe(false);
    const section = report.sections.find((s) => s.name === 'youtube main uploads')!;
    expect(section).toMatchObject({ complete: false, added: 0, updated: 0, unavailable: 0 });
    expect(section.error).toMatch(/^YouTube answered 500 \(backendError\) to GET .*playlistItems.* after 3 attempts: Backend Error$/);
    // Playlists wait for a complete song sync.
    expect(report.sections.find((s) => s.name === 'youtube main playlists')!.error).toMatch(/songs did not sync completely/);
    // Other providers still synced (nothing to change there).
    expect(report.sections.find((s) => s.name === 'soundcloud tracks')).toMatchObject({ complete: true, error: null });
    expect(await snapshot(t.db)).toEqual(before);
    const status = await t.app.inject({ method: 'GET', url: '/api/sync' });
    expect(status.json().lastRun).toMatchObject({ ok: false, error: 'finished with errors', report: { ok: false } });
  });

  it('keeps the pages written before a failed page, and marks nothing from the incomplete listing', async () => {
    const tracks = t.world.songs
      .filter((s) => s.provider === 'sound_cloud')
      .sort((a, b) => b.uploadedAt.getTime() - a.uploadedAt.getTime());
    // Page 1 (3 tracks) changes a title; page 2 fails; a track of page 2 is gone.
    t.state.patch(tracks[0]!.remoteId, { name: 'First page change' });
    t.state.remove(tracks[4]!.remoteId);
    t.state.faults.inject({ provider: 'soundcloud', path: 'cursor=', status: 502, times: Number.POSITIVE_INFINITY });
    const report = await t.sync.run('test');
    expect(report.sections.find((s) => s.name === 'soundcloud tracks')).toMatchObject({ updated: 1, unavailable: 0, complete: false });
    expect((await songRow(tracks[0]!.remoteId)).name).toBe('First page change');
    expect((await songRow(tracks[4]!.remoteId)).unavailable).toBe(false);
    t.state.reset();
    await t.sync.run('test');
  });

  it('runs one sync at a time: a second one is refused while the first runs', async () => {
    // The first sync's Twitch call is held until the test has tried the second one.
    let release!: () => void;
    const held = new Promise<void>((open) => {
      release = open;
    });
    const fault = t.state.faults.inject({ provider: 'twitch', path: '/users', hold: held });
    const first = t.sync.run('first');
    await fault.reached;
    await expect(t.sync.run('second')).rejects.toBeInstanceOf(JobBusyError);
    const busy = await t.app.inject({ method: 'POST', url: '/api/sync' });
    expect(busy.statusCode).toBe(409);
    release();
    expect((await first).ok).toBe(true);
  });

  it('skips a periodic run when one finished within the interval', async () => {
    let ran = 0;
    const skipped = await t.jobs.runExclusive('sync', async () => ++ran, 60_000);
    expect(skipped).toBeNull();
    expect(ran).toBe(0);
    expect(await t.jobs.runExclusive('sync', async () => ++ran, 0)).toBe(1);
  });

  it('lets another holder of the job lock (another instance) keep this one from running', async () => {
    const release = await holdLockElsewhere(t.database, 'sync');
    try {
      await expect(t.sync.run('test')).rejects.toBeInstanceOf(JobBusyError);
    } finally {
      await release();
    }
    expect((await t.sync.run('test')).ok).toBe(true);
  });
});

describe('POST /api/sync', () => {
  it('runs a sync for a caller on this machine and answers the report', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sync' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, totals: { added: 0, updated: 0, unavailable: 0 } });
    expect(res.json().sections.map((s: { name: string }) => s.name)).toEqual([
      'twitch archive',
      'youtube vod uploads',
      'youtube main uploads',
      'youtube music uploads',
      'youtube daily uploads',
      'soundcloud tracks',
      'twitch clips',
      'youtube main playlists',
      'youtube music playlists',
      'youtube daily playlists',
      'youtube vod playlists',
      'soundcloud playlists',
    ]);
  });

  it('refuses a caller that came through a proxy, or from elsewhere without the token', async () => {
    // Not logged in as an admin either: 401 (accounts/roles.test.ts walks admins and members).
    const proxied = await t.app.inject({ method: 'POST', url: '/api/sync', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.statusCode).toBe(401);
    expect(proxied.json().message).toMatch(/SYNC_TOKEN/);
    const remote = await t.app.inject({ method: 'POST', url: '/api/sync', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(401);
  });
});

/**
 * Holds a job's lock the way a second instance would: a session advisory lock on its own
 * PostgreSQL connection; on PGlite (one process per directory) a second runner in this process.
 */
async function holdLockElsewhere(database: typeof t.database, name: string): Promise<() => Promise<void>> {
  const { createJobLocks, lockKey } = await import('../jobs/lock');
  if (database.kind === 'postgres') {
    const pg = (await import('pg')).default;
    const url = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('SELECT pg_advisory_lock($1, $2)', [72_017_002, lockKey(name)]);
    return async () => {
      await client.end();
    };
  }
  const lock = await createJobLocks(database, console).tryAcquire(name);
  expect(lock).not.toBeNull();
  return () => lock!.release();
}
