import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { READ_CACHE_HEADER } from '../http/read-cache';
import { createTestApp } from '../testing/app';
import { buildClip, buildSong, buildTag, daysAgo } from '../testing/factories';
import { buildUser, type TestUser } from '../testing/users';

/**
 * Logged-in reads with the read cache on (issue 23): the public answer every logged-out reader gets,
 * with the viewer's own liked flags written in from their liked ids kept in memory. Two instances on
 * one database, as behind a balancer: a like on one reaches the other's flags through the bus.
 */
const env = { DATA_DIR: '/tmp/almanac-test-unused', READ_CACHE_MS: '60000' };
const a = await createTestApp(env);
const b = await buildApp({ config: loadConfig(env), database: a.database, serveWeb: false });
await b.app.ready();
afterAll(() => b.app.close());

type Answer = Awaited<ReturnType<typeof a.app.inject>>;
const get = (url: string, user?: TestUser, app = a.app) => app.inject({ url, headers: user?.headers ?? {} });
const like = (url: string, user: TestUser, method: 'POST' | 'DELETE' = 'POST', app = a.app) =>
  app.inject({ method, url: `${url}/like`, headers: user.headers });
const flags = (res: Answer) => (res.json().content as { liked: boolean }[]).map((item) => item.liked);

/** Songs only this test lists (their own tag); names that look like a flag must not fool the overlay. */
async function songsOfTheirOwn(count: number) {
  const tag = await buildTag(a.db);
  const songs = [];
  for (let i = 0; i < count; i++) {
    songs.push(await buildSong(a.db, { name: `Song ${i} "liked":false`, tagIds: [tag.id], uploadedAt: daysAgo(i) }));
  }
  return { url: `/api/media/latest?tags=${tag.id}`, songs };
}

describe('logged-in reads from the read cache', () => {
  it('answers the public page with the viewer’s flags, private; other viewers and logged-out readers never see them', async () => {
    const [viewer, other] = [await buildUser(a.db), await buildUser(a.db)];
    const { url, songs } = await songsOfTheirOwn(3);
    await like(`/api/media/${songs[0]!.id}`, viewer);
    await like(`/api/media/${songs[2]!.id}`, viewer);
    await like(`/api/media/${songs[1]!.id}`, other);

    const anonymous = await get(url);
    expect(anonymous.headers[READ_CACHE_HEADER]).toBe('miss');
    expect(flags(anonymous)).toEqual([false, false, false]);
    const mine = await get(url, viewer);
    expect(mine.headers[READ_CACHE_HEADER]).toBe('hit');
    expect(flags(mine)).toEqual([true, false, true]);
    expect(mine.json().content.map((s: { name: string }) => s.name)).toEqual(songs.map((s) => s.name));
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers.etag).toBeUndefined();
    expect(flags(await get(url, other))).toEqual([false, true, false]);
    const again = await get(url);
    expect(again.body).toBe(anonymous.body);
    expect(again.headers['cache-control']).toMatch(/^public/);
  });

  it('builds the public answer when a logged-in reader asks first, and keeps it for everyone', async () => {
    const viewer = await buildUser(a.db);
    const { url, songs } = await songsOfTheirOwn(2);
    await like(`/api/media/${songs[1]!.id}`, viewer);
    const mine = await get(url, viewer);
    expect(mine.headers[READ_CACHE_HEADER]).toBe('miss');
    expect(flags(mine)).toEqual([false, true]);
    const anonymous = await get(url);
    expect(anonymous.headers[READ_CACHE_HEADER]).toBe('hit');
    expect(flags(anonymous)).toEqual([false, false]);
    expect(anonymous.body).not.toContain('"liked":true');
  });

  it('shows a like and an unlike at once on the instance that made it, for items and other kinds too', async () => {
    const viewer = await buildUser(a.db);
    const clip = await buildClip(a.db);
    const url = `/api/clips/${clip.id}`;
    expect((await get(url, viewer)).json().liked).toBe(false);
    await like(url, viewer);
    const liked = await get(url, viewer);
    expect(liked.headers[READ_CACHE_HEADER]).toBe('hit');
    expect(liked.json().liked).toBe(true);
    expect((await get(url)).json().liked).toBe(false);
    await like(url, viewer, 'DELETE');
    expect((await get(url, viewer)).json().liked).toBe(false);
  });

  it('shows a like made on another instance once the bus delivers it, and an unlike too', async () => {
    const viewer = await buildUser(a.db);
    const { url, songs } = await songsOfTheirOwn(2);
    // The other instance holds the page and this viewer's liked ids.
    expect(flags(await get(url, viewer, b.app))).toEqual([false, false]);
    expect((await get(url, viewer, b.app)).headers[READ_CACHE_HEADER]).toBe('hit');
    await like(`/api/media/${songs[0]!.id}`, viewer);
    await expect.poll(async () => flags(await get(url, viewer, b.app))).toEqual([true, false]);
    await like(`/api/media/${songs[0]!.id}`, viewer, 'DELETE');
    await expect.poll(async () => flags(await get(url, viewer, b.app))).toEqual([false, false]);
    expect(flags(await get(url, undefined, b.app))).toEqual([false, false]);
  });

  it('serves logged-in readers the answers that are the same for everyone (tags, live) from it', async () => {
    const viewer = await buildUser(a.db);
    for (const url of ['/api/tag', '/api/live']) {
      await get(url);
      const res = await get(url, viewer);
      expect(res.headers[READ_CACHE_HEADER]).toBe('hit');
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });
});
