import { describe, expect, it } from 'vitest';
import { mediaSchema, playlistSchema, streamSchema } from '../../common/api';
import { createTestApp } from '../testing/app';
import { buildPlaylist, buildSong, buildStream } from '../testing/factories';

const t = await createTestApp();

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
}

/** The distinct ids of `times` random picks. */
async function picks(url: string, times = 30) {
  const seen = new Set<number>();
  for (let i = 0; i < times; i++) {
    const res = await get(url);
    expect(res.status, url).toBe(200);
    seen.add(res.body.id);
  }
  return seen;
}

describe('random items', () => {
  // Runs first, on the file's empty database.
  it('answers 404 when there is nothing to pick', async () => {
    for (const kind of ['media', 'streams', 'playlists']) {
      const { status, body } = await get(`/api/${kind}/random`);
      expect(status, kind).toBe(404);
      expect(body).toMatchObject({ statusCode: 404, error: 'Not Found' });
      expect(body.message).toEqual(expect.any(String));
    }
  });

  it('never picks an unavailable item', async () => {
    const song = await buildSong(t.db);
    const stream = await buildStream(t.db);
    const playlist = await buildPlaylist(t.db);
    for (let i = 0; i < 4; i++) {
      await buildSong(t.db, { unavailable: true });
      await buildStream(t.db, { unavailable: true });
      await buildPlaylist(t.db, { unavailable: true });
    }
    expect(await picks('/api/media/random', 15)).toEqual(new Set([song.id]));
    expect(await picks('/api/streams/random', 15)).toEqual(new Set([stream.id]));
    expect(await picks('/api/playlists/random', 15)).toEqual(new Set([playlist.id]));
  });

  it('answers a whole item of its kind', async () => {
    mediaSchema.parse((await get('/api/media/random')).body);
    streamSchema.parse((await get('/api/streams/random')).body);
    playlistSchema.parse((await get('/api/playlists/random')).body);
  });

  it('picks songs of one provider when asked and varies between calls', async () => {
    const sc: number[] = [];
    for (let i = 0; i < 3; i++) sc.push((await buildSong(t.db, { provider: 'sound_cloud', source: 'nova_sc' })).id);
    const scPicks = await picks('/api/media/random?provider=sound_cloud');
    expect([...scPicks].every((id) => sc.includes(id))).toBe(true);
    // 30 picks out of 3 landing on one song has probability 3 * (1/3)^30.
    expect(scPicks.size).toBeGreaterThan(1);
    const ytPicks = await picks('/api/media/random?provider=youtube', 10);
    expect([...ytPicks].some((id) => sc.includes(id))).toBe(false);
  });

  it('drops an unknown provider and picks from everything', async () => {
    const all = await picks('/api/media/random?provider=myspace', 40);
    const providers = new Set<string>();
    for (const id of all) providers.add((await get(`/api/media/${id}`)).body.provider);
    expect(providers).toEqual(new Set(['youtube', 'sound_cloud']));
  });

  it('picks playlists of one provider', async () => {
    const sc = await buildPlaylist(t.db, { provider: 'sound_cloud', source: 'nova_sc' });
    expect(await picks('/api/playlists/random?provider=sound_cloud', 10)).toEqual(new Set([sc.id]));
  });

  it('picks streams of one provider', async () => {
    const twitch = await buildStream(t.db, { provider: 'twitch' });
    const youtube = await buildStream(t.db, { provider: 'youtube', source: 'nova_yt' });
    expect(await picks('/api/streams/random?provider=youtube', 10)).toEqual(new Set([youtube.id]));
    const twitchPicks = await picks('/api/streams/random?provider=twitch', 20);
    expect(twitchPicks.has(youtube.id)).toBe(false);
    expect(twitchPicks.has(twitch.id)).toBe(true);
  });

  it('ignores a provider the kind does not have', async () => {
    // Streams are never on SoundCloud: the filter is dropped like an unknown value, not a 404.
    const { status } = await get('/api/streams/random?provider=sound_cloud');
    expect(status).toBe(200);
  });

  it('does not exist for clips', async () => {
    expect((await get('/api/clips/random')).status).not.toBe(200);
  });
});
