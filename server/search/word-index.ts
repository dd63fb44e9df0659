import { LRUCache } from 'lru-cache';
import type { Sort } from '../../common/enums';
import { Dictionary } from './dictionary';
import { mergeInto, type Patch, patchData } from './patch';
import { type Attributes, collectPostings, type IndexData, type IndexedItem, type Postings } from './postings';
import { type ListFilter, mergeWord, NOT_FOUND, passingFilters, rankedOneWord } from './ranking';
import { nextTurn, randomKey, sortSliced } from './top';

/**
 * One kind's search index, in memory: each word of the catalogue with the items it occurs in and
 * where (name, tag; lyrics apart), and per item what the sorts order by. Ranking a query is a walk
 * over the postings of the words it matches, with no SQL at all; only the page's rows are read from
 * the database afterwards, by id.
 *
 * Relevance, best first (issue 14, Meilisearch's rules):
 *   1. more query words matched: every word first, then words dropped from the end (Meilisearch's
 *      `last` matching strategy: an item matching the first k words ranks by k; the first word is
 *      never dropped, so an item without it is not found);
 *   2. fewer typos over those words, then fewer words matched only as a beginning (exact, then
 *      prefix, then one typo, then two);
 *   3. fewer of those words found only in a tag (or only in the lyrics) rather than the name;
 *   4. then the requested sort (relevance: most viewed), and the newest id (random: its own order).
 */

export interface RankRequest {
  words: string[];
  /** Where words may be found: NAME | TAG, plus LYRICS when searching lyrics */
  fields: number;
  /** Items the list's filters let through, by position (see `positionOf`); undefined: all */
  allowed?: Uint8Array;
  /** Only items dated at or after this instant (ms): the period filter */
  since?: number;
  sort: Sort;
  /** The day's seed of the random sort */
  seed: string;
  offset: number;
  limit: number;
}

export interface Ranked {
  /** Ids of the window, best first */
  ids: number[];
  /** Every item that matched, past the filters */
  total: number;
}

/** Bounds of what an index remembers of past queries (entries, and item positions over all of them) */
const MEMO_ENTRIES = 2048;
/**
 * Positions remembered: at least 4,000,000, and 24 per item past that. A fixed bound that held the
 * benchmark's 223 queries at 100,000 songs (1.7 M positions) no longer did at 300,000 (5 M): a
 * rotating query set then missed every time (least recently used is the worst case for a cycle),
 * and each miss is a walk over the whole catalogue: ~10x the CPU per search (issue 23).
 */
const MEMO_POSITIONS = 4_000_000;
const MEMO_POSITIONS_PER_ITEM = 24;

/** What a sort orders by: relevance and top both by views; random by a seed of the day. */
const sortKeyOf = (sort: Sort, seed: string) =>
  sort === 'random' ? `random ${seed}` : sort === 'latest' ? 'latest' : sort === 'duration' ? 'duration' : 'views';

/** A sort's order: `order[place]` is a position, `places[position]` its place (0 first). */
export interface SortOrder {
  order: Int32Array;
  places: Int32Array;
  sort: Sort;
  seed: string;
  /** The random sort's md5 keys by position (see `randomKey`), kept so a patch hashes only new items */
  hashes?: Float64Array;
}

/** The items matching a query, as parallel arrays (index c is one match). */
interface Matches {
  count: number;
  positions: Int32Array;
  /** Rules 1 to 4 folded into one number: smaller comes first */
  keys: Float64Array;
}

export class WordIndex {
  readonly ids: Int32Array;
  private readonly views: Float64Array;
  /** Per position, what latest orders by and periods bound (ms) */
  readonly dates: Float64Array;
  private readonly lengths: Float64Array;
  private readonly dictionary: Dictionary;
  /** Per word id: where it is in names and tags, and (apart, so other searches never walk them) in lyrics */
  private readonly postings: Postings[];
  private readonly lyricsPostings: (Int32Array | undefined)[];
  private readonly attributes: Attributes;
  private readonly positions: Map<number, number>;
  /** Per sort, each item's place in its order and the order itself (see `prepare`) */
  private readonly orders = new Map<string, Promise<SortOrder>>();
  private readonly ready = new Map<string, SortOrder>();
  /** Query words' matches (`wordMatches`) and one-word rankings (`rankOneWord`): the least recently used go first */
  private readonly memo: LRUCache<string, Int32Array | { positions: Int32Array; codes: Uint8Array }>;
  /** Per one-word ranking, per filter set (the ranking itself when unfiltered): how many items pass */
  private readonly totals = new WeakMap<Int32Array, WeakMap<object, number>>();
  /** Per item, the best code of the word being merged; NOT_FOUND between uses */
  private readonly best: Uint8Array;
  /** Items `best` was set for, to reset only those */
  private readonly touched: Int32Array;
  /** Scratch space of a query's matches (one slot per item at most), reused: ranking is synchronous */
  private readonly found: {
    positions: Int32Array;
    keys: Float64Array;
    matched: Uint8Array;
    typos: Uint8Array;
    prefixes: Uint8Array;
    elsewhere: Uint8Array;
  };

  private constructor(
    private readonly data: IndexData,
    dictionary?: Dictionary,
  ) {
    const n = data.ids.length;
    this.memo = new LRUCache({
      max: MEMO_ENTRIES,
      maxSize: Math.max(MEMO_POSITIONS, MEMO_POSITIONS_PER_ITEM * n),
      sizeCalculation: (value) => Math.max(1, value instanceof Int32Array ? value.length : value.positions.length),
    });
    this.best = new Uint8Array(n).fill(NOT_FOUND);
    this.touched = new Int32Array(n);
    this.found = {
      positions: new Int32Array(n),
      keys: new Float64Array(n),
      matched: new Uint8Array(n),
      typos: new Uint8Array(n),
      prefixes: new Uint8Array(n),
      elsewhere: new Uint8Array(n),
    };
    this.ids = data.ids;
    this.views = data.views;
    this.dates = data.dates;
    this.lengths = data.lengths;
    this.positions = data.positions;
    this.dictionary = dictionary ?? new Dictionary(data.words);
    this.postings = data.postings;
    this.lyricsPostings = data.lyricsPostings;
    this.attributes = data.attributes;
  }

  /** Builds an index of items in a stable order (by id); `tagNames` names every tag id they carry. */
  static async build(items: readonly IndexedItem[], tagNames: ReadonlyMap<number, string>, today?: string): Promise<WordIndex> {
    const index = new WordIndex(await collectPostings(items, tagNames));
    // Every sort's order now, a slice at a time, so no search pays for one (random: today's).
    for (const sort of ['relevance', 'latest', 'duration'] as const) await index.prepare(sort, '');
    if (today !== undefined) await index.prepare('random', today);
    return index;
  }

  /**
   * This index with a write applied (patch.ts): the items changed replaced, new ones added, removed
   * ones gone, every prepared sort's order moved for them alone. The same rankings as a build of the
   * data as it is now; the remembered matches start empty.
   */
  patched(patch: Patch, tagNames: ReadonlyMap<number, string>): WordIndex {
    const { data, changed, present } = patchData(this.data, patch, tagNames, (word) => this.dictionary.idOf(word));
    const index = new WordIndex(data, data.words === this.data.words ? this.dictionary : undefined);
    for (const sorted of this.ready.values()) index.movePatched(sorted, changed, present);
    return index;
  }

  /** A sort's order of the patched index from the one before: the unchanged items keep their order, the patched are merged in. */
  private movePatched({ order, sort, seed, hashes }: SortOrder, changed: Uint8Array, present: number[]) {
    let compare = this.comparator(sort, seed, hashes);
    let newHashes: Float64Array | undefined;
    if (sort === 'random') {
      newHashes = new Float64Array(this.size);
      newHashes.set(hashes!);
      for (const p of present) newHashes[p] = randomKey(this.ids[p]!, seed);
      compare = this.comparator(sort, seed, newHashes);
    }
    this.keep(sort, seed, mergeInto(order, changed, Int32Array.from(present).sort(compare), compare), newHashes);
  }

  get size(): number {
    return this.ids.length;
  }

  get wordCount(): number {
    return this.dictionary.words.length;
  }

  /** An item's position in the index, for the filters' `allowed` set; undefined when it is not indexed. */
  positionOf(id: number): number | undefined {
    return this.positions.get(id);
  }

  /**
   * The window of a ranked query, and how many items matched. Every query's matches are remembered
   * in ranked order (unfiltered), so a page is the first allowed items of that list, and the total a
   * count of them: a repeated query costs its page, not a walk over its matches.
   */
  rank({ words, fields, allowed, since, sort, seed, offset, limit }: RankRequest): Ranked {
    if (words.length === 0) return { ids: [], total: 0 };
    const order = this.rankedOrder(words, fields, sort, seed);
    const ids: number[] = [];
    const end = offset + limit;
    // Without a period the total depends only on the list and the filter: counted once, after
    // which a page reads no further than its own end.
    const known = since === undefined ? this.totals.get(order)?.get(allowed ?? order) : undefined;
    let total = 0;
    for (let i = 0; i < order.length; i++) {
      const position = order[i]!;
      if (allowed && allowed[position] !== 1) continue;
      if (since !== undefined && this.dates[position]! < since) continue;
      if (total >= offset && total < end) ids.push(this.ids[position]!);
      total++;
      if (known !== undefined && total >= end) return { ids, total: known };
    }
    if (since === undefined) {
      let byFilter = this.totals.get(order);
      if (!byFilter) {
        byFilter = new WeakMap();
        this.totals.set(order, byFilter);
      }
      byFilter.set(allowed ?? order, total);
    }
    return { ids, total };
  }

  /** Every item matching the query, best first (rules 1 to 4), unfiltered: remembered per query and sort. */
  private rankedOrder(words: string[], fields: number, sort: Sort, seed: string): Int32Array {
    const key = `${sortKeyOf(sort, seed)} ${this.memoKey(words.join(' '), true, fields)}`;
    const known = this.memo.get(key) as Int32Array | undefined;
    if (known) return known;
    const sortOrder = this.sortOrder(sort, seed);
    let order: Int32Array;
    if (words.length === 1) {
      const { positions, codes } = this.wordMatches(words[0]!, true, fields);
      order = rankedOneWord(positions, codes, sortOrder, this.size);
    } else {
      // Keys are relevance × size + place, unique per item: sorted natively, each names its place.
      const found = this.match(words, fields, undefined, undefined, sortOrder.places);
      const keys = found.keys.slice(0, found.count).sort();
      order = new Int32Array(found.count);
      for (let c = 0; c < keys.length; c++) order[c] = sortOrder.order[keys[c]! % this.size]!;
    }
    this.memo.set(key, order);
    return order;
  }

  /** What `mergeWord` reads and writes */
  private get scratch() {
    return { postings: this.postings, lyricsPostings: this.lyricsPostings, best: this.best, touched: this.touched };
  }

  /** A query word's matches, positions and codes (see `mergeWord`): remembered, as Meilisearch keeps prefix postings. */
  private wordMatches(word: string, isLast: boolean, fields: number): { positions: Int32Array; codes: Uint8Array } {
    const key = this.memoKey(word, isLast, fields);
    const known = this.memo.get(key) as { positions: Int32Array; codes: Uint8Array } | undefined;
    if (known) return known;
    const count = mergeWord(this.scratch, this.dictionary.expand(word, isLast), fields);
    const positions = this.touched.slice(0, count);
    const codes = new Uint8Array(count);
    for (let c = 0; c < count; c++) {
      codes[c] = this.best[positions[c]!]!;
      this.best[positions[c]!] = NOT_FOUND;
    }
    const matches = { positions, codes };
    this.memo.set(key, matches);
    return matches;
  }

  private memoKey = (word: string, isLast: boolean, fields: number) => `${fields}${isLast ? '*' : ' '}${word}`;

  /** A sort's order (lists without a text query walk it: lists.ts) */
  sortOrder(sort: Sort, seed: string): SortOrder {
    const known = this.ready.get(sortKeyOf(sort, seed));
    if (known) return known;
    // Not prepared (a caller that did not await `prepare`): the same order, in one go.
    const n = this.size;
    const order = Int32Array.from({ length: n }, (_, position) => position);
    order.sort(this.comparator(sort, seed));
    return this.keep(sort, seed, order);
  }

  /**
   * Computes a sort's order a slice at a time (once per sort; random: per day): by the sort's value
   * (larger first) and then the newest id; for the random sort, by md5(id || seed) then the oldest
   * id, as catalogue/queries.ts orders a random list. Searches await it before ranking.
   */
  prepare(sort: Sort, seed: string): Promise<void> {
    const key = sortKeyOf(sort, seed);
    if (this.ready.has(key)) return Promise.resolve();
    let pending = this.orders.get(key);
    if (!pending) {
      pending = (async () => {
        const n = this.size;
        const positions = Int32Array.from({ length: n }, (_, position) => position);
        const hashes = sort === 'random' ? await this.randomHashes(seed) : undefined;
        return this.keep(sort, seed, await sortSliced(positions, this.comparator(sort, seed, hashes)), hashes);
      })();
      this.orders.set(key, pending);
    }
    return pending.then(() => undefined);
  }

  private comparator(sort: Sort, seed: string, known?: Float64Array): (a: number, b: number) => number {
    const ids = this.ids;
    if (sort === 'random') {
      const hashes = known ?? Float64Array.from(ids, (id) => randomKey(id, seed));
      return (a, b) => hashes[a]! - hashes[b]! || ids[a]! - ids[b]!;
    }
    const values = sort === 'latest' ? this.dates : sort === 'duration' ? this.lengths : this.views;
    return (a, b) => values[b]! - values[a]! || ids[b]! - ids[a]!;
  }

  /** The random sort's md5 keys, computed a slice at a time (100,000 take ~150 ms). */
  private async randomHashes(seed: string): Promise<Float64Array> {
    const ids = this.ids;
    const hashes = new Float64Array(ids.length);
    for (let i = 0; i < ids.length; i++) {
      if (i > 0 && i % 2000 === 0) await nextTurn();
      hashes[i] = randomKey(ids[i]!, seed);
    }
    return hashes;
  }

  /** A sort's order (every item's position but removed ones) and each position's place in it. */
  private keep(sort: Sort, seed: string, order: Int32Array, hashes?: Float64Array): SortOrder {
    const key = sortKeyOf(sort, seed);
    if (sort === 'random') {
      // One day's random order at a time.
      for (const other of [...this.ready.keys()])
        if (other.startsWith('random ') && other !== key) {
          this.ready.delete(other);
          this.orders.delete(other);
        }
    }
    const places = new Int32Array(this.size);
    for (let place = 0; place < order.length; place++) places[order[place]!] = place;
    const sorted = { order, places, sort, seed, hashes };
    this.ready.set(key, sorted);
    return sorted;
  }

  /**
   * The items the common list filters let through, by position, as catalogue/filters.ts's
   * `filterConditions` would answer them (ranking.ts `passingFilters`).
   */
  passing(filter: ListFilter): Uint8Array {
    return passingFilters(this.attributes, this.size, filter);
  }

  /** Ids of every item matching the words (for lists that order themselves, like a user's likes). */
  matchingIds(words: string[], fields: number): number[] {
    const found = this.match(words, fields, undefined, undefined, undefined);
    const ids: number[] = [];
    for (let c = 0; c < found.count; c++) ids.push(this.ids[found.positions[c]!]!);
    return ids;
  }

  /**
   * The items whose first word matches (and that the filters let through), ranked by rules 1 to 3.
   * The arrays answered are this index's scratch space, valid until the next query.
   */
  private match(
    words: string[],
    fields: number,
    allowed: Uint8Array | undefined,
    since: number | undefined,
    places: Int32Array | undefined,
  ): Matches {
    const { best, found } = this;
    const { positions, keys, matched, typos, prefixes, elsewhere } = found;
    if (words.length === 0) return { count: 0, positions, keys };
    const first = this.wordMatches(words[0]!, words.length === 1, fields);
    let count = 0;
    for (let m = 0; m < first.positions.length; m++) {
      const position = first.positions[m]!;
      if (allowed && allowed[position] !== 1) continue;
      if (since !== undefined && this.dates[position]! < since) continue;
      const code = first.codes[m]!;
      positions[count] = position;
      matched[count] = 1;
      typos[count] = code >> 3;
      prefixes[count] = (code >> 2) & 1;
      elsewhere[count++] = (code & 3) === 0 ? 0 : 1;
    }
    for (let w = 1; w < words.length; w++) {
      const later = this.wordMatches(words[w]!, w === words.length - 1, fields);
      for (let m = 0; m < later.positions.length; m++) best[later.positions[m]!] = later.codes[m]!;
      for (let c = 0; c < count; c++) {
        const code = best[positions[c]!]!;
        // `last` strategy: a word counts only while every word before it matched.
        if (code === NOT_FOUND || matched[c] !== w) continue;
        matched[c] = w + 1;
        typos[c]! += code >> 3;
        prefixes[c]! += (code >> 2) & 1;
        elsewhere[c]! += (code & 3) === 0 ? 0 : 1;
      }
      for (let m = 0; m < later.positions.length; m++) best[later.positions[m]!] = NOT_FOUND;
    }
    if (places) {
      // Rules 1 to 3, then the sort's place: one exact number (under 2^20 × 2^27), smaller first.
      const n = words.length;
      const size = this.size;
      for (let c = 0; c < count; c++) {
        const relevance = (((n - matched[c]!) * 32 + typos[c]!) * 16 + prefixes[c]!) * 16 + elsewhere[c]!;
        keys[c] = relevance * size + places[positions[c]!]!;
      }
    }
    return { count, positions, keys };
  }
}
