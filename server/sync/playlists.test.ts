import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { media, playlistItems, playlists } from '../db/schema';
import { createSandboxedApp } from '../sandbox/testing';

const t = await createSandboxedApp();
const community = t.world.playlists.filter((p) => p.type === 'community' && p.provider === 'youtube');

beforeAll(async () => {
  expect((await t.sync.run('test')).ok).toBe(true);
});
afterEach(() => t.state.reset());

async function orderedSongs(playlistId: number) {
  const rows = await t.db
    .select({ remoteId: media.remoteId })
    .from(playlistItems)
    .innerJoin(media, eq(media.id, playlistItems.mediaId))
    .where(eq(playlistItems.playlistId, playlistId))
    .orderBy(asc(playlistItems.position));
  return rows.map((r) => r.remoteId);
}

const importPlaylist = (playlist: string, type?: string) =>
  t.app.inject({ method: 'POST', url: '/api/sync/playlist', payload: type ? { playlist, type } : { playlist } });

describe('playlist import by YouTube URL or id', () => {
  it('keeps the streamer’s songs in order, skips other videos, and reports it', async () => {
    const source = community[0]!;
    const res = await importPlaylist(`https://www.youtube.com/playlist?list=${source.remoteId}`);
    expect(res.statusCode).toBe(200);
    // The fans' playlist holds two videos of other channels besides the streamer's songs.
    expect(res.json()).toMatchObject({
      remoteId: source.remoteId,
      name: source.name,
      created: true,
      added: source.songs.length,
      kept: 0,
      skipped: 2,
      removed: 0,
    });
    const [row] = await t.db.select().from(playlists).where(eq(playlists.remoteId, source.remoteId));
    expect(row).toMatchObject({ type: 'community', provider: 'youtube', mediaCount: source.songs.length, syncScope: null });
    expect(await orderedSongs(row!.id)).toEqual(source.songs);
  });

  it('refreshes: a second import keeps everything; a video gone private is skipped and removed', async () => {
    const source = community[1]!;
    await importPlaylist(source.remoteId);
    const again = await importPlaylist(source.remoteId);
    expect(again.json()).toMatchObject({ created: false, added: 0, kept: source.songs.length, skipped: 2, removed: 0 });

    t.state.setPrivacy(source.songs[0]!, 'private');
    const refreshed = await importPlaylist(source.remoteId);
    expect(refreshed.json()).toMatchObject({ added: 0, kept: source.songs.length - 1, skipped: 3, removed: 1 });
    const [row] = await t.db.select().from(playlists).where(eq(playlists.remoteId, source.remoteId));
    expect(await orderedSongs(row!.id)).toEqual(source.songs.slice(1));
  });

  it('keeps the type of a playlist it already has (a channel playlist refreshed by request)', async () => {
    const channelPlaylist = t.world.playlists.find((p) => p.provider === 'youtube' && p.type === 'best_of')!;
    const res = await importPlaylist(channelPlaylist.remoteId);
    expect(res.json()).toMatchObject({ created: false, added: 0, kept: channelPlaylist.songs.length, skipped: 0 });
    const [row] = await t.db.select().from(playlists).where(eq(playlists.remoteId, channelPlaylist.remoteId));
    expect(row!.type).toBe('best_of');
  });

  it('adds songs of the streamer’s channels that the catalogue does not have yet', async () => {
    const source = community[2]!;
    const missing = source.songs[0]!;
    await t.db.delete(media).where(eq(media.remoteId, missing));
    const res = await importPlaylist(source.remoteId);
    expect(res.json()).toMatchObject({ added: source.songs.length, skipped: 2 });
    const [song] = await t.db.select().from(media).where(eq(media.remoteId, missing));
    expect(song).toMatchObject({ provider: 'youtube', unavailable: false });
    expect(song!.syncScope).toMatch(/^youtube:uploads:UC/);
  });

  it('refuses what is not a playlist link, and a playlist that does not exist', async () => {
    const bad = await importPlaylist('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/not a YouTube playlist link/);
    const missing = await importPlaylist('PLdoesnotexist00000000000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No public YouTube playlist was found at that link');
  });

  it('answers 502 with the reason when YouTube keeps failing, and writes nothing', async () => {
    const source = community[3]!;
    t.state.faults.inject({ provider: 'youtube', path: '/v3/playlistItems', status: 503, times: Number.POSITIVE_INFINITY });
    const res = await importPlaylist(source.remoteId);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/^Could not read the playlist from YouTube: YouTube answered 503/);
    expect(await t.db.select().from(playlists).where(eq(playlists.remoteId, source.remoteId))).toHaveLength(0);
  });
});
