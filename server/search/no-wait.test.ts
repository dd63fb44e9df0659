import { describe, expect, it } from 'vitest';
import type { EntityKind, Sort } from '../../common/enums';
import type { Filter } from '../../common/query';
import { createTestApp } from '../testing/app';
import { buildPlaylist, buildSong, buildTag, daysAgo } from '../testing/factories';
import { createSearch } from './service';

/**
 * Issue 23: no search waits for a full build. Builds are held at a gate (`beforeBuild`) the test
 * opens, so what a search answers while one runs is seen without any timing.
 */

const t = await createTestApp();
const ocean = await buildTag(t.db, 'Oceanwave');
const harbour = await buildSong(t.db, { name: 'Harbour Lights', views: 10 });
const harbourEcho = await buildSong(t.db, { name: 'Harbour Echo Chamber', views: 500, provider: 'sound_cloud', source: 'nova_sc' });
const tagged = await buildSong(t.db, { name: 'Untitled', tagIds: [ocean.id], views: 5, uploadedAt: daysAgo(400) });
const sung = await buildSong(t.db, { name: 'Quiet One', lyrics: 'a harbour at dawn', views: 1 });
const dont = await buildSong(t.db, { name: "Don't Stop" });
await buildSong(t.db, { name: 'Harbour Gone', unavailable: true });
const mix = await buildPlaylist(t.db, { name: 'Harbour Mix' });

/** A gate per build, in the order builds start: each held until the test opens it. */
function gates() {
  const opened: (() => void)[] = [];
  const waiting: Promise<void>[] = [];
  let started = 0;
  const at = (n: number) => {
    while (waiting.length <= n) waiting.push(new Promise<void>((resolve) => opened.push(resolve)));
    return waiting[n]!;
  };
  return {
    beforeBuild: () => at(started++),
    open: (n: number) => {
      at(n);
      opened[n]!();
    },
    get started() {
      return started;
    },
  };
}

const ctx = { knownSources: new Set(['nova_yt', 'nova_sc']), now: new Date() };
const filterOf = (q: string, more: Partial<Filter> = {}): Filter => ({ providers: [], sources: [], tags: [], lyrics: false, q, ...more });
const rank = (search: ReturnType<typeof createSearch>, kind: EntityKind, q: string, more: Partial<Filter> = {}, limit = 20, offset = 0) =>
  search.rank(kind, filterOf(q, more), { offset, limit }, ctx);

describe('before the first index is built (the server listens, the start-up build runs)', () => {
  it('a search is answered by the database, not made to wait for the build', async () => {
    const gate = gates();
    const search = createSearch(t.db, { beforeBuild: gate.beforeBuild });
    const warming = search.warm();
    // The media build is held: nothing is built, yet searches answer.
    expect(gate.started).toBe(1);
    expect(await rank(search, 'media', 'harbour')).toEqual({ ids: [harbourEcho.id, harbour.id], total: 2 });
    expect(await rank(search, 'playlists', 'harbour')).toEqual({ ids: [mix.id], total: 1 });
    expect(search.stats()).toEqual([]);
    for (let n = 0; n < 4; n++) gate.open(n);
    await warming;
    expect(search.stats()).toHaveLength(4);
    expect(await rank(search, 'media', 'harbour')).toEqual({ ids: [harbourEcho.id, harbour.id], total: 2 });
  });

  it('answers the matches the index finds (no typos), with the same filters, sorts and paging', async () => {
    const gate = gates();
    const search = createSearch(t.db, { beforeBuild: gate.beforeBuild });
    void search.warm();
    const cases: [string, Partial<Filter>, Sort | undefined][] = [
      ['harbour', {}, undefined],
      ['harbour echo', {}, undefined],
      ['harb', { providers: ['sound_cloud'] }, undefined],
      ['oceanwave', {}, undefined],
      ['oceanwave', { tags: [ocean.id], period: 'month' }, undefined],
      ['harbour', { lyrics: true }, 'latest'],
      ['harbour', {}, 'duration'],
      ['dont', {}, undefined],
      ['stop', {}, undefined],
    ];
    const fromDatabase = [];
    for (const [q, more, sort] of cases) fromDatabase.push(await rank(search, 'media', q, { ...more, sort }));
    // A word boundary is never inside a word the index sees whole: "t" of "Don't".
    expect(await rank(search, 'media', 't')).toEqual({ ids: [], total: 0 });
    expect(await rank(search, 'media', 'harbour', {}, 1, 1)).toEqual({ ids: [harbour.id], total: 2 });
    expect(await rank(search, 'media', 'harbour', {}, 1, 5)).toEqual({ ids: [], total: 2 });
    expect((await search.matchingIds('media', 'harbour', false)).length).toBe(3);
    gate.open(0);
    await search.settled('media');
    expect(search.stats().map((s) => s.kind)).toEqual(['media']);
    // The same matches and totals (the order may be simpler: no typos, names not before lyrics).
    const asSet = ({ ids, total }: { ids: number[]; total: number }) => ({ ids: [...ids].sort(), total });
    for (const [i, [q, more, sort]] of cases.entries()) {
      const fromIndex = await rank(search, 'media', q, { ...more, sort });
      expect(asSet(fromDatabase[i]!), `${q} ${JSON.stringify(more)} ${sort}`).toEqual(asSet(fromIndex));
    }
    expect(fromDatabase[0]!.ids).toEqual([harbourEcho.id, harbour.id]);
    expect(fromDatabase[3]!.ids).toEqual([tagged.id]);
    expect(fromDatabase[4]!.ids).toEqual([]);
    expect(fromDatabase[5]!.ids).toContain(sung.id);
    expect(fromDatabase[7]!.ids).toEqual([dont.id]);
    for (let n = 1; n < 4; n++) gate.open(n);
  });
});

describe('a rebuild', () => {
  it('is not waited for: searches answer from the index before it, with named writes patched in', async () => {
    const gate = gates();
    const search = createSearch(t.db, { beforeBuild: gate.beforeBuild });
    gate.open(0);
    expect((await rank(search, 'media', 'harbour')).ids).toEqual([harbourEcho.id, harbour.id]);
    const [first] = search.stats();

    // A write without ids (a bulk one): a rebuild starts and is held.
    const unnamed = await buildSong(t.db, { name: 'Harbour Unnamed' });
    search.invalidate('media');
    expect((await rank(search, 'media', 'harbour')).ids).toEqual([harbourEcho.id, harbour.id]);
    expect(gate.started).toBe(2);

    // An edit naming its item while the rebuild is held: the next search shows it (read your writes).
    const named = await buildSong(t.db, { name: 'Harbour Named', views: 9999 });
    search.patch({ media: [named.id] });
    expect((await rank(search, 'media', 'harbour')).ids).toEqual([named.id, harbourEcho.id, harbour.id]);
    expect(search.stats()[0]).toMatchObject({ builtAt: first!.builtAt, patches: 1 });

    // The rebuild lands: every write is in; one build, not one per search.
    gate.open(1);
    await search.settled('media');
    expect((await rank(search, 'media', 'harbour')).ids).toEqual([named.id, harbourEcho.id, harbour.id, unnamed.id]);
    expect(gate.started).toBe(2);
  });
});
