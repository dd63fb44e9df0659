import { and, asc, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { media, playlistItems, playlists } from '../db/schema';
import { createSandboxedApp } from '../sandbox/testing';

/**
 * SoundCloud answers with `urn` alone since deprecating the numeric `id` (issue 21, item 9): the
 * songs and playlists synced from the older answers are the same rows afterwards, not new ones.
 */

const t = await createSandboxedApp();

afterEach(() => t.state.reset());

/** The SoundCloud rows, by id, with what identifies them and the songs of each playlist in order. */
async function soundcloudRows() {
  const songs = await t.db
    .select({ id: media.id, remoteId: media.remoteId, name: media.name, unavailable: media.unavailable })
    .from(media)
    .where(eq(media.provider, 'sound_cloud'))
    .orderBy(asc(media.id));
  const lists = await t.db
    .select({ id: playlists.id, remoteId: playlists.remoteId, unavailable: playlists.unavailable, mediaCount: playlists.mediaCount })
    .from(playlists)
    .where(eq(playlists.provider, 'sound_cloud'))
    .orderBy(asc(playlists.id));
  const items = await t.db
    .select({ playlistId: playlistItems.playlistId, mediaId: playlistItems.mediaId })
    .from(playlistItems)
    .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
    .where(eq(playlists.provider, 'sound_cloud'))
    .orderBy(asc(playlistItems.playlistId), asc(playlistItems.position));
  return { songs, lists, items };
}

const soundcloudSections = (report: Awaited<ReturnType<typeof t.sync.run>>) =>
  report.sections.filter((s) => s.name.startsWith('soundcloud'));

describe('SoundCloud switching to urn-only answers', () => {
  it('keeps the songs and playlists synced from numeric ids: same rows, none added, none marked unavailable', async () => {
    t.state.soundcloudKeys = 'id';
    const before = await t.sync.run('test');
    expect(before.ok, JSON.stringify(soundcloudSections(before))).toBe(true);
    const rows = await soundcloudRows();
    const worldSongs = t.world.songs.filter((s) => s.provider === 'sound_cloud');
    expect(rows.songs.map((s) => s.remoteId).sort()).toEqual(worldSongs.map((s) => s.remoteId).sort());
    expect(rows.lists.length).toBeGreaterThan(0);
    expect(rows.items.length).toBeGreaterThan(0);

    t.state.soundcloudKeys = 'urn';
    t.state.requests.length = 0;
    const after = await t.sync.run('test');
    const sections = soundcloudSections(after);
    expect(sections.map((s) => s.name).sort()).toEqual(['soundcloud playlists', 'soundcloud tracks']);
    for (const section of sections) {
      expect(section, section.name).toMatchObject({ error: null, complete: true, added: 0, unavailable: 0 });
    }
    expect(after.ok).toBe(true);
    expect(await soundcloudRows()).toEqual(rows);
    // Each playlist's tracks were asked for by its urn.
    const asked = t.state.requests.flatMap((r) => /^\/playlists\/([^/]+)\/tracks/.exec(r.path)?.[1] ?? []);
    expect([...new Set(asked)].sort()).toEqual(rows.lists.map((p) => `soundcloud:playlists:${p.remoteId}`).sort());
  });

  it('changes a renamed track in place when it comes back keyed by urn', async () => {
    const song = t.world.songs.find((s) => s.provider === 'sound_cloud')!;
    t.state.soundcloudKeys = 'urn-and-id';
    expect((await t.sync.run('test')).ok).toBe(true);
    const [row] = await t.db
      .select()
      .from(media)
      .where(and(eq(media.provider, 'sound_cloud'), eq(media.remoteId, song.remoteId)));
    t.state.soundcloudKeys = 'urn';
    t.state.patch(song.remoteId, { name: 'Renamed at SoundCloud' });
    expect((await t.sync.run('test')).ok).toBe(true);
    const now = await t.db.select().from(media).where(eq(media.remoteId, song.remoteId));
    expect(now).toHaveLength(1);
    expect(now[0]).toMatchObject({ id: row!.id, name: 'Renamed at SoundCloud' });
    expect(await t.db.$count(media, sql`${media.remoteId} LIKE 'soundcloud:%'`)).toBe(0);
  });
});
