import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { media } from '../db/schema';
import { createTestApp } from '../testing/app';
import { buildSong, buildTag } from '../testing/factories';
import { sqlSentBy } from '../testing/queries';
import { buildUser } from '../testing/users';
import { PresentedCache } from './presented-cache';

/** The presented cache behind search pages, list pages and suggestions: bounded, cleared by every change, likes per viewer. */

const t = await createTestApp();

const search = async (q: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ url: `/api/media?q=${encodeURIComponent(q)}&size=21`, headers });
  expect(res.statusCode).toBe(200);
  return res.json().content as { id: number; name: string; views: number; liked: boolean }[];
};

describe('PresentedCache', () => {
  it('never grows past its bound, forgetting the least recently used', () => {
    const cache = new PresentedCache<{ id: number }>(3);
    for (let id = 1; id <= 10; id++) cache.store('media', [{ id }], cache.snapshot());
    expect(cache.size).toBe(3);
    expect(cache.lookup('media', [1, 8, 9, 10]).missing).toEqual([1]);
    // The kind is part of the key.
    expect(cache.lookup('clips', [10]).missing).toEqual([10]);
  });

  it('does not store items read before a clear', () => {
    const cache = new PresentedCache<{ id: number }>();
    const before = cache.snapshot();
    cache.clear();
    cache.store('media', [{ id: 1 }], before);
    expect(cache.lookup('media', [1]).missing).toEqual([1]);
  });
});

describe('search pages from the presented cache', () => {
  it('serves a repeated page without reading the rows, and shows an edit on the next page', async () => {
    const song = await buildSong(t.db, { name: 'Capybara Waltz', views: 1 });
    t.catalogue.changed({ media: [song.id] });
    expect((await search('capybara')).map((s) => s.views)).toEqual([1]);
    const again = await sqlSentBy(t.db, () => search('capybara'));
    expect(again.filter(({ text }) => text.includes('"media"'))).toEqual([]);

    await t.db.update(media).set({ views: 42 }).where(eq(media.id, song.id));
    t.catalogue.changed({ media: [song.id] });
    expect((await search('capybara')).map((s) => s.views)).toEqual([42]);
  });

  it('keeps liked flags per viewer on cached items', async () => {
    const song = await buildSong(t.db, { name: 'Axolotl Reel' });
    const fan = await buildUser(t.db);
    await t.app.inject({ method: 'POST', url: `/api/media/${song.id}/like`, headers: fan.headers });
    t.catalogue.changed({ media: [song.id] });
    expect((await search('axolotl')).map((s) => s.liked)).toEqual([false]);
    expect((await search('axolotl', fan.headers)).map((s) => s.liked)).toEqual([true]);
    expect((await search('axolotl')).map((s) => s.liked)).toEqual([false]);
  });
});

describe('list pages (latest, top, filters) from the presented cache', () => {
  const list = async (url: string) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    return res.json() as { content: { id: number; views: number }[]; totalElements: number };
  };

  it('reads only the page ids once the items are presented, and shows an edit after the change', async () => {
    const tag = await buildTag(t.db);
    const song = await buildSong(t.db, { tagIds: [tag.id], views: 1 });
    t.catalogue.changed();
    const url = `/api/media/latest?tags=${tag.id}&size=21`;
    expect((await list(url)).content.map((s) => s.views)).toEqual([1]);
    const again = await sqlSentBy(t.db, () => list(url));
    expect(again).toHaveLength(1);
    expect(again[0]!.text).toMatch(/^select "id" from "media"/);

    await t.db.update(media).set({ views: 42 }).where(eq(media.id, song.id));
    t.catalogue.changed();
    expect((await list(url)).content.map((s) => s.views)).toEqual([42]);
  });

  it('answers each request with its own values when lists of one shape share a prepared statement', async () => {
    const [a, b] = [await buildTag(t.db), await buildTag(t.db)];
    const inA = [await buildSong(t.db, { tagIds: [a.id], views: 5 }), await buildSong(t.db, { tagIds: [a.id], views: 3 })];
    const inB = [await buildSong(t.db, { tagIds: [b.id], views: 9 }), await buildSong(t.db, { tagIds: [b.id], views: 7 })];
    inB.push(await buildSong(t.db, { tagIds: [b.id], views: 8 }));
    t.catalogue.changed();
    // size=1: the page is full, so the total comes from the (prepared) count as well.
    const pageA = await list(`/api/media/top?tags=${a.id}&period=all_time&size=1`);
    const pageB = await list(`/api/media/top?tags=${b.id}&period=all_time&size=1`);
    expect([pageA.content.map((s) => s.id), pageA.totalElements]).toEqual([[inA[0]!.id], 2]);
    expect([pageB.content.map((s) => s.id), pageB.totalElements]).toEqual([[inB[0]!.id], 3]);
    const second = await list(`/api/media/top?tags=${b.id}&period=all_time&size=1&page=2`);
    expect(second.content.map((s) => s.id)).toEqual([inB[2]!.id]);
  });
});
