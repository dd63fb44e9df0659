import { beforeAll, describe, expect, it } from 'vitest';
import { likes } from '../db/schema';
import { createTestApp } from '../testing/app';
import { testClock } from '../testing/clock';
import { buildClip, buildPlaylist, buildSong, buildStream, buildTag, daysAgo } from '../testing/factories';
import { sqlSentBy } from '../testing/queries';
import { buildUser, type TestUser } from '../testing/users';

/** Likes: like/unlike, the `liked` flag of every read a logged-in user sees, and the liked lists. */

/** The app's clock, started at the real time (the items' dates are real): likes are timed by it, and it moves by hand. */
const clock = testClock(new Date());
const t = await createTestApp({}, { now: clock.now });

let viewer: TestUser;
let other: TestUser;
beforeAll(async () => {
  viewer = await buildUser(t.db);
  other = await buildUser(t.db);
});

const get = (url: string, user?: TestUser) => t.app.inject({ url, headers: user?.headers ?? {} });
const like = (path: string, user: TestUser, method: 'POST' | 'DELETE' = 'POST') =>
  t.app.inject({ method, url: `${path}/like`, headers: user.headers });

describe('POST and DELETE /api/{kind}/{id}/like', () => {
  it('likes and unlikes each kind, idempotently', async () => {
    const stream = await buildStream(t.db);
    const items = {
      media: await buildSong(t.db),
      streams: stream,
      playlists: await buildPlaylist(t.db),
      clips: await buildClip(t.db),
    };
    for (const [kind, item] of Object.entries(items)) {
      const path = `/api/${kind}/${item.id}`;
      expect((await get(path, viewer)).json().liked).toBe(false);
      for (let i = 0; i < 2; i++) {
        const res = await like(path, viewer);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ liked: true });
      }
      expect((await get(path, viewer)).json().liked).toBe(true);
      // Another user's view and an anonymous one are their own.
      expect((await get(path, other)).json().liked).toBe(false);
      expect((await get(path)).json().liked).toBe(false);
      for (let i = 0; i < 2; i++) expect((await like(path, viewer, 'DELETE')).json()).toEqual({ liked: false });
      expect((await get(path, viewer)).json().liked).toBe(false);
    }
  });

  it('answers 404 for an unknown item or a path that cannot be an id, liking nothing', async () => {
    const before = (await t.db.select().from(likes)).length;
    const unknown = await like('/api/media/999999', viewer);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Unknown song 999999', requestId: expect.any(String) });
    expect((await like('/api/clips/abc', viewer)).statusCode).toBe(404);
    expect((await t.db.select().from(likes)).length).toBe(before);
  });

  it('needs a login', async () => {
    const song = await buildSong(t.db);
    const res = await t.app.inject({ method: 'POST', url: `/api/media/${song.id}/like` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'You have to be logged in to do that!',
      requestId: expect.any(String),
    });
  });
});

describe('liked flags on every read', () => {
  it('marks the liked items of lists, latest, top, by id, daily, recommended and random', async () => {
    const user = await buildUser(t.db);
    const tag = await buildTag(t.db);
    const song = await buildSong(t.db, { tagIds: [tag.id], views: 1_000_000, uploadedAt: daysAgo(0) });
    const sibling = await buildSong(t.db, { tagIds: [tag.id] });
    await like(`/api/media/${song.id}`, user);
    await like(`/api/media/${sibling.id}`, user);

    const flagOf = (page: { content: { id: number; liked: boolean }[] }, id: number) => page.content.find((m) => m.id === id)?.liked;
    expect(flagOf((await get(`/api/media?tags=${tag.id}`, user)).json(), song.id)).toBe(true);
    expect(flagOf((await get('/api/media/latest?size=100', user)).json(), song.id)).toBe(true);
    expect(flagOf((await get('/api/media/top?period=week', user)).json(), song.id)).toBe(true);
    expect(flagOf((await get(`/api/media/${song.id}/recommended`, user)).json(), sibling.id)).toBe(true);
    // Not liked ones stay false on the same page.
    const page = (await get('/api/media/latest?size=100', user)).json();
    expect(page.content.filter((m: { liked: boolean }) => m.liked).map((m: { id: number }) => m.id)).toEqual(
      expect.arrayContaining([song.id, sibling.id]),
    );
    expect(page.content.filter((m: { liked: boolean }) => m.liked)).toHaveLength(2);

    const daily = (await get('/api/media/daily', user)).json();
    expect(daily.liked).toBe([song.id, sibling.id].includes(daily.id));
    for (let i = 0; i < 5; i++) {
      const random = (await get('/api/media/random', user)).json();
      expect(random.liked).toBe([song.id, sibling.id].includes(random.id));
    }
    // Anonymous reads are never liked.
    expect((await get('/api/media/latest?size=100')).json().content.some((m: { liked: boolean }) => m.liked)).toBe(false);
  });
});

describe('GET /api/{kind}/liked', () => {
  it('lists the user’s liked items, most recently liked first, paged', async () => {
    const user = await buildUser(t.db);
    const songs = [await buildSong(t.db), await buildSong(t.db), await buildSong(t.db)];
    for (const song of songs) {
      await like(`/api/media/${song.id}`, user);
      clock.advance(1_000);
    }
    const first = (await get('/api/media/liked?page=1&size=2', user)).json();
    expect(first).toMatchObject({ page: 1, size: 2, totalElements: 3, totalPages: 2, last: false });
    expect(first.content.map((m: { id: number }) => m.id)).toEqual([songs[2]!.id, songs[1]!.id]);
    expect(first.content.every((m: { liked: boolean }) => m.liked)).toBe(true);
    const second = (await get('/api/media/liked?page=2&size=2', user)).json();
    expect(second).toMatchObject({ totalElements: 3, last: true });
    expect(second.content.map((m: { id: number }) => m.id)).toEqual([songs[0]!.id]);
    // Someone else's list is their own.
    expect((await get('/api/media/liked', await buildUser(t.db))).json()).toMatchObject({ content: [], totalElements: 0, last: true });
  });

  it('takes the list filters: providers, sources, tags, q, period; unavailable items are left out', async () => {
    const user = await buildUser(t.db);
    const tag = await buildTag(t.db);
    const tagged = await buildSong(t.db, { name: 'Moonlight Sonata Cover', tagIds: [tag.id], uploadedAt: daysAgo(3) });
    const audio = await buildSong(t.db, { provider: 'sound_cloud', source: 'nova_sc', uploadedAt: daysAgo(100) });
    const gone = await buildSong(t.db, { unavailable: true });
    for (const song of [tagged, audio, gone]) await like(`/api/media/${song.id}`, user);
    const ids = async (query: string) =>
      (await get(`/api/media/liked?${query}`, user)).json().content.map((m: { id: number }) => m.id) as number[];
    expect((await ids('')).sort()).toEqual([tagged.id, audio.id].sort());
    expect(await ids('providers=sound_cloud')).toEqual([audio.id]);
    expect(await ids('sources=nova_sc')).toEqual([audio.id]);
    expect(await ids(`tags=${tag.id}`)).toEqual([tagged.id]);
    expect(await ids('q=moonlight')).toEqual([tagged.id]);
    expect(await ids('period=month')).toEqual([tagged.id]);
    expect(await ids('providers=bogus')).toHaveLength(2);
  });

  it('with q, sends PostgreSQL only the liked ids the index matched, not every match', async () => {
    const user = await buildUser(t.db);
    const songs = [];
    for (let i = 0; i < 30; i++) songs.push(await buildSong(t.db, { name: `Pelican Shanty ${i}` }));
    const unmatched = await buildSong(t.db, { name: 'Heron Shanty' });
    for (const song of [songs[3]!, songs[17]!, unmatched]) await like(`/api/media/${song.id}`, user);
    t.catalogue.changed({ media: [...songs.map((song) => song.id), unmatched.id] });
    let answer: { content: { id: number }[]; totalElements: number } | undefined;
    const sent = await sqlSentBy(t.db, async () => {
      answer = (await get('/api/media/liked?q=pelican', user)).json();
    });
    expect(answer!.content.map((m) => m.id).sort()).toEqual([songs[3]!.id, songs[17]!.id].sort());
    expect(answer!.totalElements).toBe(2);
    const arrays = sent.flatMap(({ params }) => params.filter((p): p is unknown[] => Array.isArray(p)));
    expect(Math.max(0, ...arrays.map((a) => a.length))).toBeLessThanOrEqual(2);
    // No likes, no match: an empty list.
    expect((await get('/api/media/liked?q=pelican', await buildUser(t.db))).json()).toMatchObject({ content: [], totalElements: 0 });
  });

  it('takes the stream, playlist and song filters of the lists too', async () => {
    const user = await buildUser(t.db);
    const stream = await buildStream(t.db);
    const inStream = await buildSong(t.db, { streamId: stream.id });
    const elsewhere = await buildSong(t.db);
    const playlist = await buildPlaylist(t.db, { streamId: stream.id, type: 'stream' }, [inStream.id]);
    const otherPlaylist = await buildPlaylist(t.db, { type: 'community' }, [elsewhere.id]);
    const clip = await buildClip(t.db, { streamId: stream.id });
    const otherClip = await buildClip(t.db);
    for (const [kind, item] of [
      ['media', inStream],
      ['media', elsewhere],
      ['streams', stream],
      ['playlists', playlist],
      ['playlists', otherPlaylist],
      ['clips', clip],
      ['clips', otherClip],
    ] as const) {
      await like(`/api/${kind}/${item.id}`, user);
    }
    const ids = async (url: string) => (await get(url, user)).json().content.map((m: { id: number }) => m.id) as number[];
    expect(await ids(`/api/media/liked?streamId=${stream.id}`)).toEqual([inStream.id]);
    expect(await ids(`/api/media/liked?playlistId=${playlist.id}`)).toEqual([inStream.id]);
    expect(await ids(`/api/clips/liked?streamId=${stream.id}`)).toEqual([clip.id]);
    expect(await ids(`/api/playlists/liked?streamId=${stream.id}`)).toEqual([playlist.id]);
    expect(await ids(`/api/playlists/liked?mediaId=${elsewhere.id}`)).toEqual([otherPlaylist.id]);
    expect(await ids(`/api/streams/liked?playlistId=${playlist.id}`)).toEqual([stream.id]);
    expect(await ids(`/api/streams/liked?playlistId=${otherPlaylist.id}`)).toEqual([]);
  });

  it('lists liked streams, playlists and clips too, and needs a login', async () => {
    const user = await buildUser(t.db);
    const stream = await buildStream(t.db);
    const playlist = await buildPlaylist(t.db, { type: 'community' });
    const clip = await buildClip(t.db, { creatorName: 'clipqueen' });
    await like(`/api/streams/${stream.id}`, user);
    await like(`/api/playlists/${playlist.id}`, user);
    await like(`/api/clips/${clip.id}`, user);
    expect((await get('/api/streams/liked', user)).json().content.map((s: { id: number }) => s.id)).toEqual([stream.id]);
    expect((await get('/api/playlists/liked?type=community', user)).json().content.map((p: { id: number }) => p.id)).toEqual([playlist.id]);
    expect((await get('/api/playlists/liked?type=album', user)).json().content).toEqual([]);
    expect((await get('/api/clips/liked?clippedBy=queen', user)).json().content.map((c: { id: number }) => c.id)).toEqual([clip.id]);
    for (const kind of ['media', 'streams', 'playlists', 'clips']) expect((await get(`/api/${kind}/liked`)).statusCode).toBe(401);
  });
});
