import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { media } from '../db/schema';
import { createTestApp } from '../testing/app';
import { buildSong } from '../testing/factories';
import { sqlSentBy } from '../testing/queries';
import { buildUser } from '../testing/users';
import { PresentedCache } from './presented-cache';

/** The presented cache behind search pages and suggestions: bounded, cleared by every change, likes per viewer. */

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
    t.catalogue.changed();
    expect((await search('capybara')).map((s) => s.views)).toEqual([1]);
    const again = await sqlSentBy(t.db, () => search('capybara'));
    expect(again.filter(({ text }) => text.includes('"media"'))).toEqual([]);

    await t.db.update(media).set({ views: 42 }).where(eq(media.id, song.id));
    t.catalogue.changed();
    expect((await search('capybara')).map((s) => s.views)).toEqual([42]);
  });

  it('keeps liked flags per viewer on cached items', async () => {
    const song = await buildSong(t.db, { name: 'Axolotl Reel' });
    const fan = await buildUser(t.db);
    await t.app.inject({ method: 'POST', url: `/api/media/${song.id}/like`, headers: fan.headers });
    t.catalogue.changed();
    expect((await search('axolotl')).map((s) => s.liked)).toEqual([false]);
    expect((await search('axolotl', fan.headers)).map((s) => s.liked)).toEqual([true]);
    expect((await search('axolotl')).map((s) => s.liked)).toEqual([false]);
  });
});
