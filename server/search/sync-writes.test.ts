import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../db/schema';
import { createSandboxedApp } from '../sandbox/testing';

/**
 * Issue 23: the sync and playlist imports name the rows they wrote, so the search indexes patch
 * them in instead of being rebuilt (and the other instances hear the ids on the bus).
 */

const t = await createSandboxedApp();
afterEach(() => t.state.reset());

const search = async (kind: string, q: string) =>
  (await t.app.inject({ url: `/api/${kind}?q=${encodeURIComponent(q)}` })).json().content.map((item: { id: number }) => item.id);
const statsOf = (kind: string) => t.catalogue.search.stats().find((s) => s.kind === kind)!;

beforeAll(async () => {
  expect((await t.sync.run('test')).ok).toBe(true);
  // The start-up build begun at listen, then the sync's own ids patched in by a first search.
  await t.catalogue.search.warm();
  await search('media', 'anything');
  await search('playlists', 'anything');
});

describe('a sync', () => {
  it('patches the songs it changed into the index, and names them on the bus', async () => {
    const song = t.world.songs.find((s) => s.provider === 'youtube')!;
    const [row] = await t.db.select({ id: media.id }).from(media).where(eq(media.remoteId, song.remoteId));
    const before = statsOf('media');
    const heard: unknown[] = [];
    const off = t.events.subscribe('catalogue.changed', ({ payload }) => {
      heard.push(payload);
    });
    try {
      t.state.patch(song.remoteId, { name: 'Quixotic Marmalade' });
      expect((await t.sync.run('test')).ok).toBe(true);
      expect(await search('media', 'quixotic marmalade')).toEqual([row!.id]);
      expect(statsOf('media')).toMatchObject({ builtAt: before.builtAt, patches: before.patches + 1 });
      await expect.poll(() => heard).toEqual([{ ids: { media: [row!.id] } }]);
    } finally {
      off();
    }
  });
});

describe('a playlist import', () => {
  it('patches the playlist it wrote into the index', async () => {
    const playlist = t.state.addCommunityPlaylist('Zeppelin Picnic');
    const before = statsOf('playlists');
    const report = await t.sync.importPlaylist(playlist.remoteId, 'community');
    expect(await search('playlists', 'zeppelin picnic')).toEqual([report.id]);
    expect(statsOf('playlists')).toMatchObject({ builtAt: before.builtAt, patches: before.patches + 1 });
  });
});
