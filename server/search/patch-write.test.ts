import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/app';
import { buildSong, buildTag } from '../testing/factories';
import { buildAdmin, buildUser } from '../testing/users';

/**
 * Issue 23: a write that names its items is patched into the search index, not rebuilt: the next
 * search sees it, and the index keeps the build it came from.
 */

const t = await createTestApp();
const admin = await buildAdmin(t.db, { displayName: 'The Admin' });
const member = await buildUser(t.db, { displayName: 'A Fan' });
const song = await buildSong(t.db, { name: 'Harbour Lights', lyrics: 'plain words' });
const other = await buildSong(t.db, { name: 'Harbour Echo' });
const shimmer = await buildTag(t.db, 'Shimmergaze');
const velvet = await buildTag(t.db, 'Velvetcore');
t.catalogue.changed();

const search = async (q: string, lyrics = false) =>
  (await t.app.inject({ url: `/api/media?q=${encodeURIComponent(q)}${lyrics ? '&lyrics=true' : ''}` }))
    .json()
    .content.map((item: { id: number }) => item.id);
const mediaStats = () => t.catalogue.search.stats().find((s) => s.kind === 'media')!;
const edit = (payload: object, user = admin) =>
  t.app.inject({ method: 'POST', url: `/api/media/${song.id}`, payload, headers: user.headers });

describe('an edit saved by an admin', () => {
  it('is found at the next search, patched into the index built before it', async () => {
    expect(await search('harbour')).toHaveLength(2);
    expect(await search('shimmergaze')).toEqual([]);
    const built = mediaStats();
    expect(built.patches).toBe(0);

    expect((await edit({ tags: [shimmer.id], lyrics: 'moonlit tides' })).statusCode).toBe(200);
    expect(await search('shimmergaze')).toEqual([song.id]);
    expect(await search('moonlit', true)).toEqual([song.id]);
    expect(await search('plain', true)).toEqual([]);
    expect(await search('harbour')).toHaveLength(2);
    expect(mediaStats()).toMatchObject({ builtAt: built.builtAt, items: built.items, patches: 1 });
  });

  it('announces its ids on the bus, so other instances patch too', async () => {
    const heard: unknown[] = [];
    const off = t.events.subscribe('catalogue.changed', ({ payload }) => {
      heard.push(payload);
    });
    try {
      expect((await edit({ tags: [velvet.id] })).statusCode).toBe(200);
      await expect.poll(() => heard).toEqual([{ ids: { media: [song.id] } }]);
    } finally {
      off();
    }
  });
});

describe('an approved edit request', () => {
  it('is patched in the same way', async () => {
    const proposed = await edit({ tags: [shimmer.id, velvet.id] }, member);
    expect(proposed.statusCode).toBe(202);
    const { requestId } = proposed.json();
    const patches = mediaStats().patches;
    const approved = await t.app.inject({ method: 'POST', url: `/api/media/edits/${requestId}/approve`, headers: admin.headers });
    expect(approved.statusCode).toBeLessThan(300);
    expect(await search('shimmergaze velvetcore')).toEqual([song.id]);
    expect(mediaStats().patches).toBe(patches + 1);
  });
});

describe('a change that names no items', () => {
  it('still rebuilds the index (anything may have changed), while searches answer from the one before', async () => {
    await buildSong(t.db, { name: 'Harbour Nights' });
    t.catalogue.changed();
    expect(await search('harbour')).toHaveLength(2);
    await t.catalogue.search.settled('media');
    expect(await search('harbour')).toHaveLength(3);
    expect(mediaStats().patches).toBe(0);
    expect(await search('harbour echo')).toContain(other.id);
  });
});
