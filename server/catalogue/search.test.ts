import { describe, expect, it } from 'vitest';
import type { Page } from '../../common/api';
import { ENTITY_KINDS } from '../../common/enums';
import { createTestApp } from '../testing/app';
import { buildClip, buildPlaylist, buildSong, buildStream, buildTag, daysAgo } from '../testing/factories';

const t = await createTestApp();

/**
 * Factories write rows straight into the database, which no writer of the app does: tell the
 * catalogue that anything may have changed, and wait for the rebuild that starts (searches do not
 * wait for it: server/search/kept.ts).
 */
async function search(url: string) {
  t.catalogue.changed();
  await Promise.all(ENTITY_KINDS.map((kind) => t.catalogue.search.settled(kind)));
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return (res.json() as Page<{ id: number; name: string }>).content.map((item) => item.id);
}

const q = (text: string) => encodeURIComponent(text);

// Names made of words no other test uses, so each search below sees only its own items.
const satellites = await buildSong(t.db, { name: 'Midnight Satellites', uploadedAt: daysAgo(40) });
const paperSatellites = await buildSong(t.db, { name: 'Paper Satellites', uploadedAt: daysAgo(5) });
const lighthouse = await buildSong(t.db, { name: 'Paper Lighthouse Blues' });
const marmalade = await buildSong(t.db, { name: 'Marmalade Moon' });

describe('text search', () => {
  it('matches a prefix of every word', async () => {
    expect(await search(`/api/media?q=${q('midn sat')}`)).toEqual([satellites.id]);
    expect(await search(`/api/media?q=${q('MARMA')}`)).toEqual([marmalade.id]);
    // Every word first; then items matching only the first word (issue 14: words dropped from the end).
    expect(await search(`/api/media?q=${q('paper light')}`)).toEqual([lighthouse.id, paperSatellites.id]);
  });

  // Issue 14 changed this rule: it was "needs every word to match". Meilisearch's `last` matching
  // strategy drops words from the end when an item lacks them, so a typo-free extra word no longer
  // hides everything; the first word is never dropped.
  it('ranks items with every word first, then drops words from the end, never the first', async () => {
    expect(await search(`/api/media?q=${q('lighthouse orchestra')}`)).toEqual([lighthouse.id]);
    expect(await search(`/api/media?q=${q('marmalade zeppelin')}`)).toEqual([marmalade.id]);
    expect(await search(`/api/media?q=${q('zeppelin marmalade')}`)).toEqual([]);
  });

  it('finds a misspelt title', async () => {
    expect(await search(`/api/media?q=${q('midnigt satelites')}`)).toEqual([satellites.id]);
    expect((await search(`/api/media?q=${q('satelites')}`)).sort()).toEqual([satellites.id, paperSatellites.id].sort());
    expect(await search(`/api/media?q=${q('paper lighthuose')}`)).toEqual([lighthouse.id, paperSatellites.id]);
  });

  it('matches tag names as well as names', async () => {
    const tag = await buildTag(t.db, 'Harpsichord');
    const tagged = await buildSong(t.db, { name: 'Quiet Evening', tagIds: [tag.id] });
    expect(await search(`/api/media?q=${q('harpsi')}`)).toEqual([tagged.id]);
    expect(await search(`/api/media?q=${q('harpsichord evening')}`)).toEqual([tagged.id]);
  });

  it('ranks by relevance by default: a name match before a tag-only match', async () => {
    const tag = await buildTag(t.db, 'Tambourine');
    const byTag = await buildSong(t.db, { name: 'Windy Road', tagIds: [tag.id], views: 1000, uploadedAt: daysAgo(0) });
    const byName = await buildSong(t.db, { name: 'Tambourine Dreams', views: 1, uploadedAt: daysAgo(300) });
    expect(await search(`/api/media?q=tambourine`)).toEqual([byName.id, byTag.id]);
    expect(await search(`/api/media?q=tambourine&sort=relevance`)).toEqual([byName.id, byTag.id]);
  });

  // Issue 14 changed this rule: it was "a title that only begins with the word above a tag-only
  // match". Exact words now come before prefixes (rule 2), ahead of where they were found (rule 3).
  it('ranks an exact word in a tag above a title that only begins with it, and a name above a tag when equally close', async () => {
    const tag = await buildTag(t.db, 'Marimba');
    const byTag = await buildSong(t.db, { name: 'Sunny Harbour', tagIds: [tag.id], views: 1000, uploadedAt: daysAgo(0) });
    const byPrefix = await buildSong(t.db, { name: 'Marimbastic Nights Over The Old Town', views: 1, uploadedAt: daysAgo(300) });
    const byName = await buildSong(t.db, { name: 'Marimba Dawn', views: 0 });
    expect(await search(`/api/media?q=marimba`)).toEqual([byName.id, byTag.id, byPrefix.id]);
  });

  it('ranks an exact title above a misspelt near match', async () => {
    const exact = await buildSong(t.db, { name: 'Velvet Horizon', uploadedAt: daysAgo(100) });
    const near = await buildSong(t.db, { name: 'Velvet Horizons', uploadedAt: daysAgo(1) });
    const ids = await search(`/api/media?q=${q('velvet horizon')}`);
    expect(ids).toEqual([exact.id, near.id]);
  });

  it('honours another sort when one is asked', async () => {
    expect(await search(`/api/media?q=satellites&sort=latest`)).toEqual([paperSatellites.id, satellites.id]);
    const top = await buildSong(t.db, { name: 'Satellites Reprise', views: 99_999, uploadedAt: daysAgo(200) });
    expect((await search(`/api/media?q=satellites&sort=top`))[0]).toBe(top.id);
  });

  it('combines with filters and paging', async () => {
    const tag = await buildTag(t.db);
    const sc = await buildSong(t.db, { name: 'Cobalt Rain', provider: 'sound_cloud', source: 'nova_sc', tagIds: [tag.id] });
    await buildSong(t.db, { name: 'Cobalt Rain', remoteId: 'cobalt-yt' });
    expect(await search(`/api/media?q=cobalt&providers=sound_cloud`)).toEqual([sc.id]);
    expect(await search(`/api/media?q=cobalt&tags=${tag.id}`)).toEqual([sc.id]);
    const res = await t.app.inject({ method: 'GET', url: '/api/media?q=cobalt&size=1' });
    expect(res.json()).toMatchObject({ totalElements: 2, totalPages: 2, last: false });
  });

  it('leaves unavailable songs out of the results', async () => {
    await buildSong(t.db, { name: 'Obsidian Waltz', unavailable: true });
    expect(await search(`/api/media?q=obsidian`)).toEqual([]);
  });

  it.each(["'", '&|!():*', "it's <-> a & b | !c", '\\', '%_', '日本の歌', '🎵🎵', 'ＡＢＣ', 'a'.repeat(300), '   '])(
    'survives the query %s',
    async (text) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/media?q=${q(text)}` });
      expect(res.statusCode).toBe(200);
    },
  );

  it('treats a query without words as no query', async () => {
    const all = await search('/api/media?size=100');
    expect(await search(`/api/media?q=${q('!!! ...')}&size=100`)).toEqual(all);
  });

  it('finds words with accents and apostrophes', async () => {
    const cafe = await buildSong(t.db, { name: 'Café Lumière' });
    const dont = await buildSong(t.db, { name: "Don't Wake Gertrude" });
    expect(await search(`/api/media?q=${q('café lumi')}`)).toEqual([cafe.id]);
    expect(await search(`/api/media?q=${q("don't wake")}`)).toEqual([dont.id]);
  });
});

describe('lyrics', () => {
  it('are searched only with lyrics=true', async () => {
    const song = await buildSong(t.db, { name: 'Untitled Sketch', lyrics: 'the lanterns drift over a quicksilver harbour' });
    expect(await search(`/api/media?q=quicksilver`)).toEqual([]);
    expect(await search(`/api/media?q=quicksilver&lyrics=false`)).toEqual([]);
    expect(await search(`/api/media?q=quicksilver&lyrics=TRUE`)).toEqual([]);
    expect(await search(`/api/media?q=quicksilver&lyrics=true`)).toEqual([song.id]);
    expect(await search(`/api/media?q=${q('quicksilver harbour')}&lyrics=true`)).toEqual([song.id]);
  });

  it('still match names when searching lyrics', async () => {
    const named = await buildSong(t.db, { name: 'Juniper Skies' });
    expect(await search(`/api/media?q=juniper&lyrics=true`)).toEqual([named.id]);
  });
});

describe('search on other kinds', () => {
  it('searches streams, playlists and clips by name, tag and misspelling', async () => {
    const tag = await buildTag(t.db, 'Karaoke');
    const stream = await buildStream(t.db, { name: 'Saturday Karaoke Marathon' });
    const playlist = await buildPlaylist(t.db, { name: 'Best of Autumn', tagIds: [tag.id] });
    const clip = await buildClip(t.db, { name: 'Falsetto Disaster' });
    expect(await search(`/api/streams?q=${q('saturday kara')}`)).toEqual([stream.id]);
    expect(await search(`/api/streams?q=${q('saturdy')}`)).toEqual([stream.id]);
    expect(await search(`/api/playlists?q=karaoke`)).toEqual([playlist.id]);
    expect(await search(`/api/playlists?q=${q('autum')}`)).toEqual([playlist.id]);
    expect(await search(`/api/clips?q=${q('falseto disastr')}`)).toEqual([clip.id]);
    expect(await search(`/api/clips?q=falsetto&clippedBy=nobody`)).toEqual([]);
  });

  it('searches within /top and /latest too', async () => {
    const song = await buildSong(t.db, { name: 'Gossamer Parade', views: 5 });
    expect(await search(`/api/media/top?q=gossamer`)).toEqual([song.id]);
    expect(await search(`/api/media/latest?q=gossamer`)).toEqual([song.id]);
  });
});
