import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { media } from '../db/schema';
import { createTestApp } from '../testing/app';
import { testClock } from '../testing/clock';
import { buildSong, buildStream } from '../testing/factories';
import { buildAdmin, buildUser } from '../testing/users';
import { READ_CACHE_HEADER } from './read-cache';

/** The read cache with the production default on (createTestApp turns it off for other tests). */
const t = await createTestApp({ READ_CACHE_MS: '60000' });

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
/** A write made straight in the database, as another instance would: this app is not told. */
const renameBehindItsBack = (id: number, name: string) => t.db.update(media).set({ name }).where(eq(media.id, id));

describe('read cache of logged-out catalogue reads', () => {
  it('answers a repeated read from memory, byte for byte', async () => {
    const song = await buildSong(t.db, { name: 'Cached Once' });
    const first = await get(`/api/media/${song.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers[READ_CACHE_HEADER]).toBe('miss');
    const second = await get(`/api/media/${song.id}`);
    expect(second.headers[READ_CACHE_HEADER]).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    // The usual security headers are still sent with a cached answer.
    expect(second.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keys on the whole URL, query included', async () => {
    await buildSong(t.db, { name: 'Keyed Song' });
    expect((await get('/api/media/latest?size=3')).headers[READ_CACHE_HEADER]).toBe('miss');
    expect((await get('/api/media/latest?size=4')).headers[READ_CACHE_HEADER]).toBe('miss');
    expect((await get('/api/media/latest?size=3')).headers[READ_CACHE_HEADER]).toBe('hit');
  });

  it('serves what it holds until the catalogue changes here, then reads again', async () => {
    const song = await buildSong(t.db, { name: 'Before Rename' });
    expect((await get(`/api/media/${song.id}`)).json().name).toBe('Before Rename');
    await renameBehindItsBack(song.id, 'After Rename');
    expect((await get(`/api/media/${song.id}`)).json().name).toBe('Before Rename');
    t.catalogue.changed();
    const fresh = await get(`/api/media/${song.id}`);
    expect(fresh.headers[READ_CACHE_HEADER]).toBe('miss');
    expect(fresh.json().name).toBe('After Rename');
  });

  it('forgets the answers of one path (its queries too) and keeps the others', async () => {
    const song = await buildSong(t.db, { name: 'Kept Song' });
    await get(`/api/media/${song.id}`);
    await get('/api/media/latest?size=5');
    await get('/api/media/latest');
    t.app.readCache.forget('/api/media/latest');
    expect((await get('/api/media/latest?size=5')).headers[READ_CACHE_HEADER]).toBe('miss');
    expect((await get('/api/media/latest')).headers[READ_CACHE_HEADER]).toBe('miss');
    expect((await get(`/api/media/${song.id}`)).headers[READ_CACHE_HEADER]).toBe('hit');
  });

  it("shows an admin's edit to logged-out visitors at once", async () => {
    const admin = await buildAdmin(t.db);
    const stream = await buildStream(t.db, { duration: 600 });
    const song = await buildSong(t.db, { name: 'Edited Song', lyrics: 'old words' });
    expect((await get(`/api/media/${song.id}`)).json().lyrics).toBe('old words');
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/media/${song.id}`,
      payload: { lyrics: 'new words', tags: [], streamId: stream.id, streamTimestamp: 30 },
      headers: admin.headers,
    });
    expect(saved.statusCode).toBe(200);
    expect((await get(`/api/media/${song.id}`)).json()).toMatchObject({ lyrics: 'new words', streamId: stream.id });
  });

  it('serves a logged-in visitor the same answer with their own likes written in (likes/liked-flags.test.ts has more)', async () => {
    const viewer = await buildUser(t.db);
    const song = await buildSong(t.db, { name: 'Liked Later' });
    await get(`/api/media/${song.id}`);
    expect((await get(`/api/media/${song.id}`)).headers[READ_CACHE_HEADER]).toBe('hit');
    const liked = await t.app.inject({ method: 'POST', url: `/api/media/${song.id}/like`, headers: viewer.headers });
    expect(liked.statusCode).toBe(200);
    const asViewer = await get(`/api/media/${song.id}`, viewer.headers);
    expect(asViewer.headers[READ_CACHE_HEADER]).toBe('hit');
    expect(asViewer.json().liked).toBe(true);
    expect(asViewer.headers['cache-control']).toBe('private, no-store');
    expect((await get(`/api/media/${song.id}`)).json().liked).toBe(false);
  });

  it('builds an answer once for many concurrent requests of the same URL', async () => {
    const song = await buildSong(t.db, { name: 'Crowded Song' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(`/api/media/${song.id}`)));
    expect(answers.every((a) => a.statusCode === 200 && a.body === answers[0]!.body)).toBe(true);
    expect(answers.filter((a) => a.headers[READ_CACHE_HEADER] === 'miss')).toHaveLength(1);
  });

  it('keeps only successful answers', async () => {
    const missing = await get('/api/media/987654321');
    expect(missing.statusCode).toBe(404);
    expect((await get('/api/media/987654321')).headers[READ_CACHE_HEADER]).not.toBe('hit');
    const noSuchPath = await get('/api/media/abc');
    expect(noSuchPath.statusCode).toBe(404);
    expect((await get('/api/media/abc')).headers[READ_CACHE_HEADER]).not.toBe('hit');
    const bad = await get('/api/media?page=abc');
    expect(bad.statusCode).toBe(400);
    expect((await get('/api/media?page=abc')).headers[READ_CACHE_HEADER]).not.toBe('hit');
  });

  it('leaves random picks alone', async () => {
    await buildSong(t.db, { name: 'Random Pick' });
    await get('/api/media/random');
    expect((await get('/api/media/random')).headers[READ_CACHE_HEADER]).toBeUndefined();
  });

  it('does not keep an answer that was built while the catalogue changed', async () => {
    const song = await buildSong(t.db, { name: 'Racing Song' });
    // An edit lands while the read is being built.
    const byId = t.catalogue.byId;
    const spy = vi.spyOn(t.catalogue, 'byId').mockImplementationOnce(async (...args) => {
      t.catalogue.changed();
      return byId(...args);
    });
    expect((await get(`/api/media/${song.id}`)).statusCode).toBe(200);
    expect(spy).toHaveBeenCalledOnce();
    spy.mockRestore();
    expect((await get(`/api/media/${song.id}`)).headers[READ_CACHE_HEADER]).toBe('miss');
    expect((await get(`/api/media/${song.id}`)).headers[READ_CACHE_HEADER]).toBe('hit');
  });
});

describe('read cache expiry', () => {
  // The app's clock, started at the real time (the songs' dates are real), moved by hand.
  const clock = testClock(new Date());
  const short = createTestApp({ READ_CACHE_MS: '150' }, { now: clock.now });

  it('reads the database again once the TTL has passed (what other instances rely on)', async () => {
    const s = await short;
    const song = await buildSong(s.db, { name: 'Short Lived' });
    await s.app.inject({ url: `/api/media/${song.id}` });
    await s.db.update(media).set({ name: 'Renamed Elsewhere' }).where(eq(media.id, song.id));
    expect((await s.app.inject({ url: `/api/media/${song.id}` })).json().name).toBe('Short Lived');
    clock.advance(200);
    expect((await s.app.inject({ url: `/api/media/${song.id}` })).json().name).toBe('Renamed Elsewhere');
  });
});

describe('READ_CACHE_MS=0', () => {
  const off = createTestApp({ READ_CACHE_MS: '0' });

  it('turns the cache off', async () => {
    const s = await off;
    const song = await buildSong(s.db, { name: 'Uncached' });
    const res = await s.app.inject({ url: `/api/media/${song.id}` });
    expect(res.headers[READ_CACHE_HEADER]).toBeUndefined();
    await s.db.update(media).set({ name: 'Seen At Once' }).where(eq(media.id, song.id));
    expect((await s.app.inject({ url: `/api/media/${song.id}` })).json().name).toBe('Seen At Once');
  });
});
