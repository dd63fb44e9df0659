import { describe, expect, it } from 'vitest';
import { SORTS } from '../../common/enums';
import { type IndexedItem, LYRICS, NAME, TAG } from './postings';
import { queryWords } from './text';
import { WordIndex } from './word-index';

/** A write applied to an index (issue 23) ranks exactly as a build of the catalogue as it is after the write. */

const words = ['amber', 'harbour', 'lights', 'neon', 'garden', 'river', 'echo', 'alpha', 'night', 'drive'];
const tagNames = new Map([
  [1, 'Chill'],
  [2, 'Hype'],
  [3, 'Neon Pop'],
]);
// Over the limit of a small match set (4096), so both ways of ranking one word are patched.
const N = 6000;
const before: IndexedItem[] = Array.from({ length: N }, (_, i) => ({
  id: i * 2 + 1,
  name: `${words[i % 10]} ${words[(i * 7) % 10]} ${i}`,
  tagIds: i % 4 === 0 ? [1 + (i % 3)] : [],
  lyrics: i % 5 === 0 ? `${words[(i * 3) % 10]} all night` : null,
  views: (i * 7919) % 5000,
  date: 1.6e12 + ((i * 104_729) % 1e9),
  length: i % 600,
  provider: i % 2 === 0 ? 'youtube' : 'sound_cloud',
  source: ['main', 'vods'][i % 2]!,
  unavailable: i % 50 === 0,
}));
const renamed = { ...before[10]!, name: 'Zephyr harbour', views: 4999, tagIds: [3] };
const retagged = { ...before[20]!, tagIds: [2], lyrics: 'quasar nights', date: 1.7e12, length: 9999 };
const added = { ...before[30]!, id: 100_000, name: 'Neon zephyr', provider: 'bandcamp', source: 'new' };
const removedId = before[40]!.id;
const after = [
  ...before
    .filter((item) => item.id !== removedId)
    .map((item) => (item.id === renamed.id ? renamed : item.id === retagged.id ? retagged : item)),
  added,
];

const seed = '2026-11-29';
const base = await WordIndex.build(before, tagNames, seed);
// Remembered matches of the index before the write must not leak into the patched one.
for (const q of ['neon', 'harbour', 'zephyr']) base.rank({ words: [q], fields: NAME | TAG, sort: 'relevance', seed, offset: 0, limit: 5 });
const patched = base.patched({ items: [renamed, retagged, added], removed: [removedId] }, tagNames);
const rebuilt = await WordIndex.build(after, tagNames, seed);

const queries = ['zephyr', 'harbour', 'zephyr harbour', 'neon', 'neon z', 'n', 'hype', 'neon pop', 'quasar', 'nigth', 'a'];

describe('a patched index', () => {
  it.each(queries)('ranks %s as a build of the catalogue after the write, in every sort, with lyrics or not', (q) => {
    for (const sort of SORTS)
      for (const fields of [NAME | TAG, NAME | TAG | LYRICS]) {
        const request = { words: queryWords(q), fields, sort, seed, offset: 0, limit: N + 10 };
        expect(patched.rank(request), `${q} ${sort} ${fields}`).toEqual(rebuilt.rank(request));
      }
  });

  it('answers the filters as a build would: providers, sources, tags, availability', () => {
    for (const filter of [
      { providers: [], sources: [], tags: [] },
      { providers: ['bandcamp'], sources: [], tags: [] },
      { providers: [], sources: ['new', 'vods'], tags: [] },
      { providers: [], sources: [], tags: [2, 3] },
    ]) {
      const request = (index: WordIndex) => ({
        words: ['zephyr'],
        fields: NAME | TAG,
        allowed: index.passing(filter),
        sort: 'latest' as const,
        seed,
        offset: 0,
        limit: N,
      });
      expect(patched.rank(request(patched)), JSON.stringify(filter)).toEqual(rebuilt.rank(request(rebuilt)));
    }
  });

  it('finds the renamed item by its new name only, and not the removed one at all', () => {
    const find = (index: WordIndex, q: string) => index.matchingIds(queryWords(q), NAME | TAG);
    expect(find(patched, 'zephyr').sort()).toEqual([renamed.id, added.id].sort());
    expect(find(patched, before[10]!.name)).not.toContain(renamed.id);
    expect(patched.positionOf(removedId)).toBeUndefined();
    // The index before the write is left as it was: searches already answering from it are not disturbed.
    expect(find(base, 'zephyr')).toEqual([]);
    expect(base.positionOf(removedId)).toBeDefined();
  });
});
