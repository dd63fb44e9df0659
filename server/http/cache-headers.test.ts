import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../accounts/session';
import { createTestApp } from '../testing/app';
import { buildSong } from '../testing/factories';
import { buildUser } from '../testing/users';
import { matchesIfNoneMatch, publicCacheControl } from './cache-headers';
import { READ_CACHE_HEADER } from './read-cache';

/** READ_CACHE_MS of 2.5 s: a whole number of seconds is advertised, rounded down. */
const t = await createTestApp({ READ_CACHE_MS: '2500' });
const PUBLIC = 'public, max-age=2, stale-while-revalidate=30';

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('Cache-Control and ETag of logged-out reads', () => {
  it('marks a catalogue read public, with an ETag of its body', async () => {
    const song = await buildSong(t.db, { name: 'Edge Cached' });
    const res = await get(`/api/media/${song.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(PUBLIC);
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    // Served from the read cache the second time: the same bytes, the same ETag.
    const again = await get(`/api/media/${song.id}`);
    expect(again.headers[READ_CACHE_HEADER]).toBe('hit');
    expect(again.headers.etag).toBe(res.headers.etag);
    expect(again.headers['cache-control']).toBe(PUBLIC);
  });

  it('answers 304 with no body when If-None-Match names the ETag, in any of its forms', async () => {
    const song = await buildSong(t.db, { name: 'Not Modified' });
    const first = await get(`/api/media/${song.id}`);
    const etag = String(first.headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await get(`/api/media/${song.id}`, { 'if-none-match': ifNoneMatch });
      expect(res.statusCode, ifNoneMatch).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe(PUBLIC);
      expect(res.headers['content-type']).toBeUndefined();
    }
    const stale = await get(`/api/media/${song.id}`, { 'if-none-match': '"an-older-answer"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
  });

  it('gives a HEAD the same headers as the GET', async () => {
    const get200 = await get('/api/media/latest?size=2');
    const head = await t.app.inject({ method: 'HEAD', url: '/api/media/latest?size=2' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe(PUBLIC);
    expect(head.headers.etag).toBe(get200.headers.etag);
  });

  it('marks search, stats, live and radio history reads public too', async () => {
    await buildSong(t.db, { name: 'Searchable Tune' });
    const urls = [
      '/api/media?q=searchable&sort=relevance',
      '/api/search/suggest?q=searchable',
      '/api/stats',
      '/api/live',
      '/api/radio/history?station=top',
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(PUBLIC);
      expect(res.headers.etag, url).toBeDefined();
    }
  });

  it('keeps errors of those reads out of caches', async () => {
    const missing = await get('/api/media/987654321');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.headers.etag).toBeUndefined();
    const bad = await get('/api/radio/history?station=nowhere');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['cache-control']).toBe('no-store');
  });
});

describe('answers that no shared cache may keep', () => {
  it('makes a logged-in read private: it carries the viewer’s liked flags', async () => {
    const viewer = await buildUser(t.db);
    const song = await buildSong(t.db, { name: 'Liked By One' });
    const res = await get(`/api/media/${song.id}`, viewer.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toBeUndefined();
    // Not even a 304 for a session: the browser keeps nothing to revalidate.
    const again = await get(`/api/media/${song.id}`, { ...viewer.headers, 'if-none-match': '*' });
    expect(again.statusCode).toBe(200);
  });

  it('treats an expired or unknown session cookie as a session', async () => {
    const res = await get('/api/media/latest?size=1', { cookie: `${SESSION_COOKIE}=${'x'.repeat(43)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('marks writes no-store, logged in or not', async () => {
    const viewer = await buildUser(t.db);
    const song = await buildSong(t.db, { name: 'Liked Now' });
    const liked = await t.app.inject({ method: 'POST', url: `/api/media/${song.id}/like`, headers: viewer.headers });
    expect(liked.statusCode).toBe(200);
    expect(liked.headers['cache-control']).toBe('no-store');
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/media/${song.id}/like` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });

  it('marks /api/auth answers no-store', async () => {
    const viewer = await buildUser(t.db);
    for (const headers of [{}, viewer.headers]) {
      const user = await get('/api/auth/user', headers);
      expect(user.statusCode).toBe(200);
      expect(user.headers['cache-control']).toBe('no-store');
      expect(user.headers.etag).toBeUndefined();
    }
  });

  it('marks reads that did not opt in no-store (random picks, the request queue)', async () => {
    await buildSong(t.db, { name: 'Random Edge' });
    for (const url of ['/api/media/random', '/api/requests/flip/queue', '/api/health']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('READ_CACHE_MS=0', () => {
  const off = createTestApp({ READ_CACHE_MS: '0' });

  it('still sends an ETag, but every use must be revalidated', async () => {
    const s = await off;
    const song = await buildSong(s.db, { name: 'Always Asked' });
    const res = await s.app.inject({ url: `/api/media/${song.id}` });
    expect(res.headers['cache-control']).toBe('public, no-cache');
    const revalidated = await s.app.inject({ url: `/api/media/${song.id}`, headers: { 'if-none-match': String(res.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
  });
});

describe('the header values', () => {
  it('advertises whole seconds of READ_CACHE_MS', () => {
    expect(publicCacheControl(2000)).toBe('public, max-age=2, stale-while-revalidate=30');
    expect(publicCacheControl(500)).toBe('public, max-age=0, stale-while-revalidate=30');
    expect(publicCacheControl(0)).toBe('public, no-cache');
  });

  it('compares If-None-Match weakly', () => {
    expect(matchesIfNoneMatch(undefined, '"a"')).toBe(false);
    expect(matchesIfNoneMatch('"a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('W/"a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('"b" ,  W/"a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('"b"', '"a"')).toBe(false);
    expect(matchesIfNoneMatch('"a', '"a"')).toBe(false);
  });
});
