import { describe, expect, it } from 'vitest';
import { NAME, TAG } from './postings';
import { randomKey } from './top';
import { WordIndex } from './word-index';

/** The ranking of large match sets (a one-letter prefix) and the sort orders, computed without holding the event loop. */

const N = 9000;
const items = Array.from({ length: N }, (_, i) => ({
  id: i + 1,
  // Two items in three match "a": exactly ("a") or as a prefix ("alpha"); "beta" does not.
  name: i % 3 === 0 ? `a song ${i}` : i % 3 === 1 ? `alpha ${i}` : `beta ${i}`,
  tagIds: [],
  views: (i * 7919) % 1000,
  date: 1.6e12 + ((i * 104_729) % 1e9),
  length: i % 600,
  provider: i % 2 === 0 ? 'youtube' : 'sound_cloud',
  source: ['main', 'vods', 'nova_sc'][i % 3]!,
  unavailable: i % 10 === 0,
}));
const index = await WordIndex.build(items, new Map());
const rank = (q: string, sort: 'relevance' | 'random' | 'latest', seed = '2026-11-25') =>
  index.rank({ words: [q], fields: NAME | TAG, sort, seed, offset: 0, limit: N }).ids;

describe('a one-word query matching thousands of items', () => {
  it('ranks exact before prefix, then by the sort, as a full sort would', () => {
    const expected = items
      .filter((item) => !item.name.startsWith('beta'))
      .sort((a, b) => Number(!a.name.startsWith('a ')) - Number(!b.name.startsWith('a ')) || b.views - a.views || b.id - a.id)
      .map((item) => item.id);
    expect(expected.length).toBeGreaterThan(4096);
    expect(rank('a', 'relevance')).toEqual(expected);
  });

  it('orders a new day at random by md5(id || day), computed a slice at a time', async () => {
    let turns = 0;
    let spinning = true;
    const spin = () => {
      turns++;
      if (spinning) setImmediate(spin);
    };
    setImmediate(spin);
    await index.prepare('random', '2026-11-26');
    spinning = false;
    // Other callbacks ran while the 9,000 hashes and the sort were computed.
    expect(turns).toBeGreaterThan(2);
    const byKey = (id: number) => randomKey(id, '2026-11-26');
    const expected = items
      .filter((item) => item.name.startsWith('a '))
      .map((item) => item.id)
      .sort((a, b) => byKey(a) - byKey(b) || a - b);
    expect(rank('a', 'random', '2026-11-26').slice(0, expected.length)).toEqual(expected);
  });
});

describe('the common filters, answered in memory', () => {
  it('lets through what filterConditions would: available, of a listed provider and source, with a listed tag', async () => {
    const tagged = await WordIndex.build(
      items.slice(0, 60).map((item, i) => ({ ...item, tagIds: i % 4 === 0 ? [7] : i % 4 === 1 ? [8, 9] : [] })),
      new Map(),
    );
    const passing = (filter: { providers: string[]; sources: string[]; tags: number[] }) => {
      const set = tagged.passing(filter);
      return [...tagged.ids].filter((_, p) => set[p] === 1);
    };
    const expected = (test: (i: number) => boolean) =>
      items
        .slice(0, 60)
        .filter((_, i) => i % 10 !== 0 && test(i))
        .map((item) => item.id);
    expect(passing({ providers: [], sources: [], tags: [] })).toEqual(expected(() => true));
    expect(passing({ providers: ['sound_cloud'], sources: [], tags: [] })).toEqual(expected((i) => i % 2 === 1));
    expect(passing({ providers: [], sources: ['main', 'nova_sc'], tags: [] })).toEqual(expected((i) => i % 3 !== 1));
    expect(passing({ providers: ['youtube'], sources: [], tags: [9, 7] })).toEqual(expected((i) => i % 2 === 0 && i % 4 <= 1));
    expect(passing({ providers: [], sources: ['elsewhere'], tags: [] })).toEqual([]);
  });
});
