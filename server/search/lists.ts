import { LRUCache } from 'lru-cache';
import type { Sort } from '../../common/enums';
import type { Ranked, WordIndex } from './word-index';

/**
 * Lists without a text query (latest, top, ... with the common filters and a period) answered from a
 * search index's sort orders, with no SQL (issue 23: a list page cost 1.6x a search page, most of it
 * the database round trip). Each distinct list (filter set, sort, period) is kept as the positions
 * it shows, in order, so a page is a slice and its total the length. A period's items are a prefix
 * of the latest order (dates descending), so such a list is current while that prefix has the same
 * length: as time moves items out of the period it is made again.
 */

export interface ListRequest {
  /** Items the list's filters let through, by position (the search service's `allowedBy`, one object per filter and index) */
  allowed: Uint8Array;
  /** Only items dated at or after this instant (ms): the period */
  since?: number;
  /** The index's sorts (relevance is most viewed: a list without a text query asks for latest instead) */
  sort: Sort;
  /** The day's seed of the random sort */
  seed: string;
  offset: number;
  limit: number;
}

interface Kept {
  /** Length of the period's prefix of the latest order it was made for (the index's size without a period) */
  prefix: number;
  positions: Int32Array;
}

/**
 * Positions kept per index, over all of its lists: 1,000,000 (4 MB), about ten full lists of
 * 100,000 songs; the least recently used list goes first. An index is replaced at each write, and
 * its lists with it.
 */
const KEPT_POSITIONS = 1_000_000;

const keptLists = new WeakMap<WordIndex, LRUCache<string, Kept>>();
/** A number per filter set object, to key its lists by (sets are made once per filter and index) */
const setNumbers = new WeakMap<Uint8Array, number>();
let nextSetNumber = 0;

function keptOf(index: WordIndex): LRUCache<string, Kept> {
  let kept = keptLists.get(index);
  if (!kept) {
    kept = new LRUCache({ max: 512, maxSize: KEPT_POSITIONS, sizeCalculation: (list) => Math.max(1, list.positions.length) });
    keptLists.set(index, kept);
  }
  return kept;
}

function setNumber(allowed: Uint8Array): number {
  let number = setNumbers.get(allowed);
  if (number === undefined) {
    number = nextSetNumber++;
    setNumbers.set(allowed, number);
  }
  return number;
}

/** The window of a list and its total, from the index alone. The sort's order must be prepared (random: the day's). */
export function listWindow(index: WordIndex, request: ListRequest): Ranked {
  const { allowed, since, sort, seed, offset, limit } = request;
  const prefix = since === undefined ? index.size : periodPrefix(index, since);
  const key = `${setNumber(allowed)} ${sort === 'random' ? `random ${seed}` : sort} ${since === undefined ? 'all' : 'period'}`;
  const kept = keptOf(index);
  let list = kept.get(key);
  if (!list || list.prefix !== prefix) {
    list = { prefix, positions: since === undefined ? filtered(index, allowed, sort, seed) : inPeriod(index, request, prefix) };
    kept.set(key, list);
  }
  const ids: number[] = [];
  const end = Math.min(offset + limit, list.positions.length);
  for (let i = offset; i < end; i++) ids.push(index.ids[list.positions[i]!]!);
  return { ids, total: list.positions.length };
}

/** How many items of the latest order are dated at or after `since` (a binary search: dates descend along it). */
function periodPrefix(index: WordIndex, since: number): number {
  const { order } = index.sortOrder('latest', '');
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (index.dates[order[middle]!]! >= since) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The sort's order, the filters' items only. */
function filtered(index: WordIndex, allowed: Uint8Array, sort: Sort, seed: string): Int32Array {
  const { order } = index.sortOrder(sort, seed);
  const out = new Int32Array(order.length);
  let n = 0;
  for (let i = 0; i < order.length; i++) if (allowed[order[i]!] === 1) out[n++] = order[i]!;
  return out.slice(0, n);
}

/**
 * The filters' items of the period (the first `prefix` of the latest order) in the sort's order: a
 * short period's few items are sorted by their places in it, a long one's picked out of the whole order.
 */
function inPeriod(index: WordIndex, { allowed, since, sort, seed }: ListRequest, prefix: number): Int32Array {
  const latest = index.sortOrder('latest', '').order;
  const chosen = new Int32Array(prefix);
  let n = 0;
  for (let i = 0; i < prefix; i++) if (allowed[latest[i]!] === 1) chosen[n++] = latest[i]!;
  if (sort === 'latest') return chosen.slice(0, n);
  const { order, places } = index.sortOrder(sort, seed);
  if (n * Math.log2(n + 1) > order.length) {
    const out = new Int32Array(n);
    let m = 0;
    for (let i = 0; i < order.length && m < n; i++) {
      const position = order[i]!;
      if (allowed[position] === 1 && index.dates[position]! >= since!) out[m++] = position;
    }
    return out;
  }
  const keys = new Int32Array(n);
  for (let c = 0; c < n; c++) keys[c] = places[chosen[c]!]!;
  keys.sort();
  for (let c = 0; c < n; c++) keys[c] = order[keys[c]!]!;
  return keys;
}
