import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../common/api';
import { createTestApp } from '../testing/app';
import { buildClip, buildPlaylist, buildSong, buildStream, buildTag, daysAgo } from '../testing/factories';
import { createSearch } from './service';

/** Issue 14 through the API: typo rules at each word length, prefixes, accents, relevance order. */

const t = await createTestApp();

async function page(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.json() as Page<{ id: number; name: string }>;
}
const ids = async (url: string) => (await page(url)).content.map((item) => item.id);
const q = (text: string) => encodeURIComponent(text);

const kite = await buildSong(t.db, { name: 'Kite' });
const tides = await buildSong(t.db, { name: 'Tides' });
const lanterns = await buildSong(t.db, { name: 'Lanterns' });
const satellites = await buildSong(t.db, { name: 'Satellites' });
// Factories write rows directly; the app's writers (edits, syncs) announce the ids they changed like this.
t.catalogue.changed({ media: [kite.id, tides.id, lanterns.id, satellites.id] });

describe('typos by word length', () => {
  it.each([
    ['a swap, 8 letters', 'latnerns', lanterns.id],
    ['a deletion, 8 letters', 'lantrns', lanterns.id],
    ['an insertion, 9 letters', 'lanterrns', lanterns.id],
    ['a substitution, 8 letters', 'lanternz', lanterns.id],
    ['a swap, 5 letters', 'tdies', tides.id],
    ['a substitution, 5 letters', 'tidez', tides.id],
    ['an insertion, 6 letters', 'tiides', tides.id],
    ['a deletion, 9 letters', 'satelites', satellites.id],
    ['two typos, 10 letters', 'staellitez', satellites.id],
    ['an exact word, 4 letters', 'kite', kite.id],
    ['a prefix, 3 letters', 'kit', kite.id],
  ])('%s finds it: %s', async (_kind, query, id) => {
    expect(await ids(`/api/media?q=${q(query)}`)).toEqual([id]);
  });

  it.each([
    ['a swap in a 4-letter word', 'ktie'],
    ['a substitution in a 4-letter word', 'kote'],
    ['a deletion leaving 4 letters', 'tids'],
    ['two typos in a 5-letter word', 'tdiez'],
    ['two typos in an 8-letter word', 'latnernz'],
    ['three typos in a 10-letter word', 'sbtellitzz'],
  ])('%s finds nothing: %s', async (_kind, query) => {
    expect(await ids(`/api/media?q=${q(query)}`)).toEqual([]);
  });
});

describe('prefixes and accents', () => {
  it('matches the last word as a prefix, with typos from 5 letters', async () => {
    const garden = await buildSong(t.db, { name: 'Neon Garden' });
    const neon = await buildSong(t.db, { name: 'Neon Parade' });
    t.catalogue.changed({ media: [garden.id, neon.id] });
    expect(await ids(`/api/media?q=${q('neon ga')}`)).toEqual([garden.id, neon.id]);
    expect(await ids(`/api/media?q=${q('latner')}`)).toEqual([lanterns.id]);
    expect(await ids(`/api/media?q=${q('latn')}`)).toEqual([]);
  });

  it('drops apostrophes on both sides', async () => {
    const dont = await buildSong(t.db, { name: "Don't Stop" });
    const curly = await buildSong(t.db, { name: 'Won\u2019t Wait' });
    const rock = await buildSong(t.db, { name: "Rock'n'Roll Tonight" });
    t.catalogue.changed({ media: [dont.id, curly.id, rock.id] });
    expect(await ids(`/api/media?q=${q('dont stop')}`)).toEqual([dont.id]);
    expect(await ids(`/api/media?q=${q("don't stop")}`)).toEqual([dont.id]);
    expect(await ids(`/api/media?q=${q('wont wait')}`)).toEqual([curly.id]);
    expect(await ids(`/api/media?q=${q("won't")}`)).toEqual([curly.id]);
    expect(await ids(`/api/media?q=rocknroll`)).toEqual([rock.id]);
    expect(await ids(`/api/media?q=${q('rock\u2019n\u2019roll')}`)).toEqual([rock.id]);
  });

  it('ignores accents and case on both sides', async () => {
    const beyonce = await buildSong(t.db, { name: 'Beyoncé Medley' });
    const echo = await buildStream(t.db, { name: 'echo chamber' });
    const cafe = await buildClip(t.db, { name: 'CAFÉ NOIR' });
    t.catalogue.changed({ media: [beyonce.id], streams: [echo.id], clips: [cafe.id] });
    expect(await ids(`/api/media?q=beyonce`)).toEqual([beyonce.id]);
    expect(await ids(`/api/media?q=${q('BEYONCÉ')}`)).toEqual([beyonce.id]);
    expect(await ids(`/api/streams?q=${q('ÉCHO')}`)).toEqual([echo.id]);
    expect(await ids(`/api/clips?q=${q('café noir')}`)).toEqual([cafe.id]);
    expect(await ids(`/api/clips?q=cafe`)).toEqual([cafe.id]);
  });
});

describe('relevance', () => {
  it('ranks by words matched, then exact / prefix / one typo / two, then name before tag, then the sort', async () => {
    const tag = await buildTag(t.db, 'Quasar');
    const exact = await buildSong(t.db, { name: 'Orbital Quasar', views: 1 });
    const exactPopular = await buildSong(t.db, { name: 'Orbital Quasar (Live)', views: 50, uploadedAt: daysAgo(300) });
    const inTag = await buildSong(t.db, { name: 'Orbital Hymn', tagIds: [tag.id], views: 900 });
    const prefix = await buildSong(t.db, { name: 'Orbital Quasars', views: 900 });
    const oneTypo = await buildSong(t.db, { name: 'Orbital Qausar', views: 900 });
    const twoTypos = await buildSong(t.db, { name: 'Orbitla Qausar', views: 900 });
    const firstWordOnly = await buildSong(t.db, { name: 'Orbital Drift', views: 9999 });
    const noFirstWord = await buildSong(t.db, { name: 'Quasar Without The First Word', views: 9999 });
    t.catalogue.changed({
      media: [exact.id, exactPopular.id, inTag.id, prefix.id, oneTypo.id, twoTypos.id, firstWordOnly.id, noFirstWord.id],
    });
    const ranked = [exactPopular.id, exact.id, inTag.id, prefix.id, oneTypo.id, twoTypos.id, firstWordOnly.id];
    expect(await ids(`/api/media?q=${q('orbital quasar')}`)).toEqual(ranked);
    expect(await ids(`/api/media?q=${q('orbital quasar')}&sort=relevance`)).toEqual(ranked);
    // Another sort orders within the relevance rules: the newer of the two exact titles comes first.
    expect((await ids(`/api/media?q=${q('orbital quasar')}&sort=latest`)).slice(0, 2)).toEqual([exact.id, exactPopular.id]);
    // The same order page by page.
    const pages = [1, 2, 3, 4].map((n) => ids(`/api/media?q=${q('orbital quasar')}&size=2&page=${n}`));
    expect((await Promise.all(pages)).flat()).toEqual(ranked);
    expect(await page(`/api/media?q=${q('orbital quasar')}&size=2`)).toMatchObject({ totalElements: 7, totalPages: 4, last: false });
  });

  it('counts lyrics only with lyrics=true, after names and tags', async () => {
    const sung = await buildSong(t.db, { name: 'Untitled', lyrics: 'a quicksilver morning', views: 9999 });
    const named = await buildSong(t.db, { name: 'Quicksilver', views: 0 });
    t.catalogue.changed({ media: [sung.id, named.id] });
    expect(await ids(`/api/media?q=quicksilver`)).toEqual([named.id]);
    expect(await ids(`/api/media?q=quicksilver&lyrics=true`)).toEqual([named.id, sung.id]);
    expect(await ids(`/api/media?q=quiksilver&lyrics=true`)).toEqual([named.id, sung.id]);
  });

  it('keeps a random order stable from page to page', async () => {
    const mixes = [];
    for (let i = 0; i < 6; i++) mixes.push((await buildPlaylist(t.db, { name: `Zanzibar Mix ${i}` })).id);
    t.catalogue.changed({ playlists: mixes });
    const all = await ids(`/api/playlists?q=zanzibar&sort=random&size=6`);
    const paged = [
      ...(await ids(`/api/playlists?q=zanzibar&sort=random&size=3`)),
      ...(await ids(`/api/playlists?q=zanzibar&sort=random&size=3&page=2`)),
    ];
    expect(paged).toEqual(all);
    expect(new Set(all).size).toBe(6);
  });
});

describe('the index follows the catalogue', () => {
  it('sees a write announced by catalogue.changed with its ids at the next search', async () => {
    expect(await ids(`/api/media?q=wolfram`)).toEqual([]);
    const song = await buildSong(t.db, { name: 'Wolfram Skies' });
    t.catalogue.changed({ media: [song.id] });
    expect(await ids(`/api/media?q=wolfram`)).toEqual([song.id]);
  });

  it('filters with the lists: providers, tags, period, unavailable', async () => {
    const tag = await buildTag(t.db);
    const recent = await buildSong(t.db, { name: 'Yonder Hills', tagIds: [tag.id], uploadedAt: daysAgo(2) });
    const old = await buildSong(t.db, { name: 'Yonder Hills', provider: 'sound_cloud', source: 'nova_sc', uploadedAt: daysAgo(100) });
    const gone = await buildSong(t.db, { name: 'Yonder Hills', unavailable: true });
    t.catalogue.changed({ media: [recent.id, old.id, gone.id] });
    expect((await ids(`/api/media?q=yonder`)).sort()).toEqual([recent.id, old.id].sort());
    expect(await ids(`/api/media?q=yonder&providers=sound_cloud`)).toEqual([old.id]);
    expect(await ids(`/api/media?q=yonder&tags=${tag.id}`)).toEqual([recent.id]);
    expect(await ids(`/api/media?q=yonder&period=week`)).toEqual([recent.id]);
    expect(await ids(`/api/media/top?q=yonder&period=year`)).toEqual([old.id, recent.id]);
  });
});

describe('an index without announced writes', () => {
  it('is checked (row count, newest update) at most every few seconds, and rebuilt only when its rows moved', async () => {
    let clock = 1_000_000;
    const builds: string[] = [];
    const search = createSearch(t.db, { clock: () => clock, checkEveryMs: 5_000, log: (message) => builds.push(message) });
    const ctx = { knownSources: new Set<string>(), now: new Date() };
    const filter = { providers: [], sources: [], tags: [], lyrics: false, q: 'xylophone' };
    const window = { offset: 0, limit: 10 };
    expect((await search.rank('media', filter, window, ctx)).ids).toEqual([]);
    // Written without catalogue.changed, as another tool writing the database would.
    const song = await buildSong(t.db, { name: 'Xylophone Rain' });
    clock += 4_999;
    expect((await search.rank('media', filter, window, ctx)).ids).toEqual([]);
    clock += 1;
    // Found moved: a build starts, and this search answers from the index before it.
    expect((await search.rank('media', filter, window, ctx)).ids).toEqual([]);
    await search.settled('media');
    expect((await search.rank('media', filter, window, ctx)).ids).toEqual([song.id]);
    expect(builds).toHaveLength(2);
    // Nothing moved since: checked again, not rebuilt.
    clock += 10_000;
    expect((await search.rank('media', filter, window, ctx)).ids).toEqual([song.id]);
    await search.settled('media');
    expect(builds).toHaveLength(2);
  });
});

describe('rebuilds', () => {
  const findIn = (search: ReturnType<typeof createSearch>, kind: 'streams' | 'clips', q: string) =>
    search
      .rank(
        kind,
        { providers: [], sources: [], tags: [], lyrics: false, q },
        { offset: 0, limit: 10 },
        { knownSources: new Set(), now: new Date() },
      )
      .then((ranked) => ranked.ids);

  it('run in the background after a write without ids, once however many searches come', async () => {
    const builds: string[] = [];
    const search = createSearch(t.db, { log: (message) => builds.push(message) });
    const find = (q: string) => findIn(search, 'streams', q);
    const stream = await buildStream(t.db, { name: 'Quartzite Evening' });
    expect(await Promise.all([find('quartzite'), find('quartz'), find('quartzit')])).toEqual([[stream.id], [stream.id], [stream.id]]);
    expect(await find('evening')).toEqual([stream.id]);
    expect(builds).toHaveLength(1);
    const second = await buildStream(t.db, { name: 'Quartzite Morning' });
    search.invalidate();
    // Answered by the index before the write while the build runs (kept.ts).
    expect(await Promise.all([find('quartzite morning'), find('morning')])).toEqual([[stream.id], []]);
    await search.settled('streams');
    expect(await Promise.all([find('quartzite morning'), find('morning')])).toEqual([[second.id, stream.id], [second.id]]);
    expect(builds).toHaveLength(2);
  });

  it('rebuild only the kind that changed', async () => {
    const builds: string[] = [];
    const search = createSearch(t.db, { log: (message) => builds.push(message) });
    await Promise.all([findIn(search, 'streams', 'anything'), findIn(search, 'clips', 'anything')]);
    expect(builds.filter((b) => b.includes('of streams'))).toHaveLength(1);
    const clip = await buildClip(t.db, { name: 'Umbrella Reprise' });
    search.invalidate('clips');
    await findIn(search, 'clips', 'umbrella');
    await Promise.all([search.settled('clips'), search.settled('streams')]);
    expect(await findIn(search, 'clips', 'umbrella')).toEqual([clip.id]);
    await findIn(search, 'streams', 'anything');
    expect(builds.filter((b) => b.includes('of streams'))).toHaveLength(1);
    expect(builds.filter((b) => b.includes('of clips'))).toHaveLength(2);
  });

  it('never overlap: writes announced during a build make exactly one more build after it', async () => {
    const builds: string[] = [];
    const search = createSearch(t.db, { log: (message) => builds.push(message) });
    const written = [];
    for (let i = 0; i < 5; i++) written.push((await buildStream(t.db, { name: `Obsidian Night ${i}` })).id);
    // One search starts a build; five writes are announced while it runs, each followed by a search.
    const searches = [findIn(search, 'streams', 'obsidian')];
    for (let i = 0; i < 5; i++) {
      search.invalidate('streams');
      searches.push(findIn(search, 'streams', 'obsidian'));
    }
    for (const found of await Promise.all(searches)) expect(found.sort()).toEqual(written.sort());
    await search.settled('streams');
    expect(builds.filter((b) => b.includes('of streams'))).toHaveLength(2);
    // A search after all that finds the index current.
    await findIn(search, 'streams', 'night');
    await search.settled('streams');
    expect(builds).toHaveLength(2);
  });
});

describe('the database keeps nothing for search', () => {
  it('has no full-text vectors, their triggers, or trigram indexes on names (migration 0014)', async () => {
    const rows = async (query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: unknown[] }).rows;
    expect(
      await rows(sql`SELECT column_name FROM information_schema.columns WHERE column_name IN ('search_vector', 'lyrics_vector')`),
    ).toEqual([]);
    expect(await rows(sql`SELECT tgname FROM pg_trigger WHERE tgname LIKE '%search_vector%'`)).toEqual([]);
    expect(
      await rows(
        sql`SELECT indexname FROM pg_indexes WHERE indexname LIKE '%_search_idx' OR indexname LIKE '%_trgm_idx' OR indexname = 'media_lyrics_idx'`,
      ),
    ).toEqual([]);
  });
});
