import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorSchema, type Media, mediaSchema, type Page, pageSchema } from '../../common/api';
import { media } from '../db/schema';
import { createTestApp } from '../testing/app';
import { buildClip, buildPlaylist, buildSong, buildStream, buildTag, daysAgo } from '../testing/factories';

const t = await createTestApp();

async function get<T = Page<Media>>(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as T };
}

/** A fresh tag and `count` songs carrying it (newest first by id), so a list can be scoped to this test's songs. */
async function songsUnderTag(count: number) {
  const tag = await buildTag(t.db);
  const songs = [];
  for (let i = 0; i < count; i++) songs.push(await buildSong(t.db, { tagIds: [tag.id], uploadedAt: daysAgo(count - i) }));
  return { tag, songs, newestFirst: songs.map((s) => s.id).reverse() };
}

const ids = (page: Page<{ id: number }>) => page.content.map((item) => item.id);

describe('list shape and paging', () => {
  it('answers {content, page, size, totalElements, totalPages, last} with 1-based pages that never overlap', async () => {
    const { tag, newestFirst } = await songsUnderTag(5);
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await get(`/api/media?tags=${tag.id}&size=2&page=${page}`);
      expect(res.status).toBe(200);
      pageSchema(mediaSchema).parse(res.body);
      pages.push(res.body);
    }
    expect(pages.map((p) => [p.page, p.size, p.totalElements, p.totalPages, p.last])).toEqual([
      [1, 2, 5, 3, false],
      [2, 2, 5, 3, false],
      [3, 2, 5, 3, true],
    ]);
    expect(pages.flatMap(ids)).toEqual(newestFirst);
  });

  it('marks a page that exactly fills the size as last', async () => {
    const { tag } = await songsUnderTag(2);
    const { body } = await get(`/api/media?tags=${tag.id}&size=2`);
    expect(body).toMatchObject({ page: 1, size: 2, totalElements: 2, totalPages: 1, last: true });
    expect(body.content).toHaveLength(2);
  });

  it('answers an empty last page past the end, still with the real total', async () => {
    const { tag } = await songsUnderTag(3);
    const { status, body } = await get(`/api/media?tags=${tag.id}&size=2&page=5`);
    expect(status).toBe(200);
    expect(body).toEqual({ content: [], page: 5, size: 2, totalElements: 3, totalPages: 2, last: true });
  });

  it('answers an empty first page for a filter nothing matches', async () => {
    const tag = await buildTag(t.db);
    const { body } = await get(`/api/media?tags=${tag.id}`);
    expect(body).toEqual({ content: [], page: 1, size: 21, totalElements: 0, totalPages: 0, last: true });
  });

  it('uses page 1 and 21 items when paging is not given', async () => {
    const { tag } = await songsUnderTag(22);
    const { body } = await get(`/api/media?tags=${tag.id}`);
    expect(body).toMatchObject({ page: 1, size: 21, totalElements: 22, totalPages: 2, last: false });
    expect(body.content).toHaveLength(21);
  });
});

describe('out-of-range paging is clamped', () => {
  it('reads page 0 and negative pages as page 1', async () => {
    const { tag, newestFirst } = await songsUnderTag(3);
    for (const page of ['0', '-2']) {
      const { status, body } = await get(`/api/media?tags=${tag.id}&size=2&page=${page}`);
      expect(status).toBe(200);
      expect(body.page).toBe(1);
      expect(ids(body)).toEqual(newestFirst.slice(0, 2));
    }
  });

  it('caps size at 100 and raises size 0 to 1', async () => {
    const { tag } = await songsUnderTag(101);
    const big = await get(`/api/media?tags=${tag.id}&size=10000`);
    expect(big.status).toBe(200);
    expect(big.body).toMatchObject({ size: 100, totalElements: 101, totalPages: 2, last: false });
    expect(big.body.content).toHaveLength(100);
    const small = await get(`/api/media?tags=${tag.id}&size=0`);
    expect(small.body.size).toBe(1);
    expect(small.body.content).toHaveLength(1);
  });
});

describe('malformed paging is a 400 naming the field', () => {
  // Validation runs before any lookup, so the recommended call needs no real song.
  const endpoints = [
    '/api/media',
    '/api/media/latest',
    '/api/media/top',
    '/api/streams',
    '/api/streams/latest',
    '/api/streams/top',
    '/api/playlists',
    '/api/playlists/latest',
    '/api/playlists/top',
    '/api/clips',
    '/api/clips/top',
    '/api/media/1/recommended',
  ];

  it.each([
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['size=many', 'size'],
    ['size=2.5', 'size'],
  ])('%s', async (query, field) => {
    for (const path of endpoints) {
      const res = await get<{ message: string }>(`${path}?${query}`);
      expect(res.status, path).toBe(400);
      expect(errorSchema.parse(res.body)).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.body.message, path).toMatch(new RegExp(`^${field}\\b`));
    }
  });

  it('names every bad field at once', async () => {
    const { status, body } = await get<{ message: string }>('/api/media?page=x&size=y');
    expect(status).toBe(400);
    expect(body.message).toContain('page');
    expect(body.message).toContain('size');
  });
});

describe('totals and the count cache', () => {
  it('never reports fewer items than the page itself proves exist', async () => {
    const { tag } = await songsUnderTag(3);
    // Page 1 is full, so its total is counted (3) and cached.
    expect((await get(`/api/media?tags=${tag.id}&size=2`)).body.totalElements).toBe(3);
    for (let i = 0; i < 3; i++) await buildSong(t.db, { tagIds: [tag.id], uploadedAt: daysAgo(0) });
    // Page 2 now has a further row after it: at least 2 + 2 + 1 items exist whatever the cache says.
    const page2 = await get(`/api/media?tags=${tag.id}&size=2&page=2`);
    expect(page2.body.last).toBe(false);
    expect(page2.body.totalElements).toBeGreaterThanOrEqual(5);
    t.catalogue.changed();
    expect((await get(`/api/media?tags=${tag.id}&size=2&page=2`)).body).toMatchObject({ totalElements: 6, totalPages: 3 });
  });

  it('decides the last page from the page itself, not from a cached total', async () => {
    const { tag, songs } = await songsUnderTag(3);
    expect((await get(`/api/media?tags=${tag.id}&size=2`)).body).toMatchObject({ totalElements: 3, last: false });
    await t.db.update(media).set({ unavailable: true }).where(eq(media.id, songs[0]!.id));
    const { body } = await get(`/api/media?tags=${tag.id}&size=2`);
    expect(body).toMatchObject({ totalElements: 2, totalPages: 1, last: true });
    expect(body.content).toHaveLength(2);
  });

  it('counts each filter separately', async () => {
    const a = await songsUnderTag(3);
    const b = await songsUnderTag(4);
    expect((await get(`/api/media?tags=${a.tag.id}&size=1`)).body.totalElements).toBe(3);
    expect((await get(`/api/media?tags=${b.tag.id}&size=1`)).body.totalElements).toBe(4);
    expect((await get(`/api/media?tags=${a.tag.id}&tags=${b.tag.id}&size=1`)).body.totalElements).toBe(7);
  });
});

describe('paging on every kind', () => {
  it('pages streams, playlists and clips the same way', async () => {
    const tag = await buildTag(t.db);
    for (let i = 0; i < 3; i++) {
      await buildStream(t.db, { tagIds: [tag.id] });
      await buildPlaylist(t.db, { tagIds: [tag.id] });
      await buildClip(t.db, { tagIds: [tag.id] });
    }
    for (const kind of ['streams', 'playlists', 'clips']) {
      const first = await get(`/api/${kind}?tags=${tag.id}&size=2`);
      const second = await get(`/api/${kind}?tags=${tag.id}&size=2&page=2`);
      expect([first.body.totalElements, first.body.last, second.body.last], kind).toEqual([3, false, true]);
      expect(new Set([...ids(first.body), ...ids(second.body)]).size, kind).toBe(3);
    }
  });
});
