import { monitorEventLoopDelay } from 'node:perf_hooks';
import { SORTS } from '../common/enums';
import { ADJECTIVES, NOUNS, TAG_NAMES } from '../server/demo/words';
import { NAME, TAG } from '../server/search/postings';
import { queryWords } from '../server/search/text';
import { WordIndex } from '../server/search/word-index';
import { searchQueries } from './search-queries';

/**
 * How long one search holds the event loop on a 100,000-song index (review finding 6): the worst
 * queries (broad one-letter prefixes, every sort including random, cold and warm), in memory, no
 * SQL. `npx tsx bench/search-index.ts`. Prints the build time and, per case, the slowest call.
 */

const N = Number(process.env.SONGS ?? 100_000);
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
// Real-ish vocabulary beyond the demo's: generated syllable words beside the demo's nouns and adjectives.
const syllables = ['ka', 'lo', 'mi', 'ren', 'sa', 'tor', 'vel', 'an', 'ber', 'cor', 'dal', 'el', 'fin', 'gar', 'hol', 'is'];
const extra = Array.from({ length: 5000 }, () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(syllables)).join(''));
const vocabulary = [...ADJECTIVES, ...NOUNS, ...extra];
const tagNames = new Map(TAG_NAMES.map((name, i) => [i + 1, name]));
const items = Array.from({ length: N }, (_, i) => ({
  id: i + 1,
  name: Array.from({ length: 2 + Math.floor(random() * 4) }, () => pick(vocabulary)).join(' '),
  tagIds: random() < 0.5 ? [1 + Math.floor(random() * TAG_NAMES.length)] : [],
  lyrics: null,
  views: Math.floor(random() * 1_000_000),
  date: 1.6e12 + Math.floor(random() * 1e11),
  length: Math.floor(random() * 600),
}));

// The longest the event loop was held during the (sliced) build and a new day's random order.
const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
let started = performance.now();
const index = await WordIndex.build(items, tagNames, '2026-11-24');
const prepare = (sort: (typeof SORTS)[number], seed: string) =>
  'prepare' in index ? (index as { prepare: (s: string, d: string) => Promise<void> }).prepare(sort, seed) : Promise.resolve();
console.log(`built ${N} items, ${index.wordCount} words in ${Math.round(performance.now() - started)} ms`);
started = performance.now();
await prepare('random', '2026-11-25');
delay.disable();
console.log(
  `a new day's random order in ${Math.round(performance.now() - started)} ms; longest event-loop block over build + it ${(delay.max / 1e6).toFixed(1)} ms`,
);

// Warm the JIT on a small index of the same items first, so the first case does not pay for compiling.
const small = await WordIndex.build(items.slice(0, 5000), tagNames, '2026-11-25');
for (const q of searchQueries())
  for (const sort of SORTS) small.rank({ words: queryWords(q), fields: NAME | TAG, sort, seed: '2026-11-25', offset: 0, limit: 21 });

const time = (q: string, sort: (typeof SORTS)[number], offset = 0) => {
  const t0 = performance.now();
  // As the service does: `prepare` first (a no-op here, the build prepared every sort).
  index.rank({ words: queryWords(q), fields: NAME | TAG, sort, seed: '2026-11-25', offset, limit: 21 });
  return performance.now() - t0;
};
const worst = (process.env.WORST ?? 'a,s,e,ka,lo,the,ka lo,a s,neon ga').split(',');
for (const sort of SORTS) {
  const cold = Math.max(...worst.map((q) => time(q, sort)));
  const warm = Math.max(...worst.map((q) => time(q, sort)));
  const deep = time('a', sort, 2000);
  console.log(`sort=${sort.padEnd(9)} worst cold ${cold.toFixed(1)} ms, warm ${warm.toFixed(1)} ms, page 100 of "a" ${deep.toFixed(1)} ms`);
}
// The benchmark's query list once through, then the slowest single call.
started = performance.now();
let slowest = 0;
let slowestQuery = '';
for (const q of searchQueries())
  for (const sort of SORTS) {
    const ms = time(q, sort);
    if (ms > slowest) [slowest, slowestQuery] = [ms, `${q} (${sort})`];
  }
console.log(
  `${searchQueries().length * SORTS.length} searches in ${Math.round(performance.now() - started)} ms; slowest ${slowest.toFixed(1)} ms: ${slowestQuery}`,
);
