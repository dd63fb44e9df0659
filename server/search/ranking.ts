import type { Expansion } from './dictionary';
import { type Attributes, LYRICS, NAME, type Postings } from './postings';
import type { SortOrder } from './word-index';

/** The loops of ranking one word and of the list filters, apart from the index that holds their data (word-index.ts). */

/** `best[item]` of an item the word being merged has not matched */
export const NOT_FOUND = 255;

/** One-word match sets larger than this are ranked by walking the sort's order, not by sorting them. */
const WALK_ABOVE = 4096;

/** Rules 2 and 3 of one word's code (see `mergeWord`): typos, then prefix, then found outside the name. */
const codeRelevance = (code: number) => ((code >> 3) * 16 + ((code >> 2) & 1)) * 16 + ((code & 3) === 0 ? 0 : 1);

/**
 * One word's matches in ranked order (rules 2-3, then the sort), without a comparator: a large
 * set (a one-letter prefix matches most items) walks the sort's whole order once into a bucket per
 * relevance; a small one sorts packed numbers (relevance × size + place) natively.
 */
export function rankedOneWord(positions: Int32Array, codes: Uint8Array, { order, places }: SortOrder, size: number): Int32Array {
  const out = new Int32Array(positions.length);
  if (positions.length <= WALK_ABOVE) {
    const keys = new Float64Array(positions.length);
    for (let c = 0; c < positions.length; c++) keys[c] = codeRelevance(codes[c]!) * size + places[positions[c]!]!;
    keys.sort();
    for (let c = 0; c < keys.length; c++) out[c] = order[keys[c]! % size]!;
    return out;
  }
  const relevance = new Int32Array(size).fill(-1);
  const counts: number[] = [];
  for (let c = 0; c < positions.length; c++) {
    const r = codeRelevance(codes[c]!);
    relevance[positions[c]!] = r;
    counts[r] = (counts[r] ?? 0) + 1;
  }
  const starts: number[] = [];
  let at = 0;
  for (let r = 0; r < counts.length; r++) {
    starts[r] = at;
    at += counts[r] ?? 0;
  }
  for (let place = 0; place < order.length; place++) {
    const position = order[place]!;
    const r = relevance[position]!;
    if (r >= 0) out[starts[r]!++] = position;
  }
  return out;
}

/** The common list filters (see `passingFilters`) */
export interface ListFilter {
  providers: readonly string[];
  sources: readonly string[];
  tags: readonly number[];
}

/**
 * The items the common list filters let through, by position, as catalogue/filters.ts's
 * `filterConditions` would answer them: available, of one of the providers and sources (none
 * listed: any), carrying one of the tags (none listed: any). The caller drops unknown values first.
 */
export function passingFilters(a: Attributes, size: number, { providers, sources, tags }: ListFilter): Uint8Array {
  const providerOk = providers.length === 0 ? undefined : Uint8Array.from(a.providers, (p) => (providers.includes(p) ? 1 : 0));
  const sourceOk = sources.length === 0 ? undefined : Uint8Array.from(a.sources, (v) => (sources.includes(v) ? 1 : 0));
  const wanted = new Set(tags);
  const out = new Uint8Array(size);
  for (let p = 0; p < out.length; p++) {
    if (a.unavailable[p] === 1) continue;
    if (providerOk && providerOk[a.provider[p]!] !== 1) continue;
    if (sourceOk && sourceOk[a.source[p]!] !== 1) continue;
    if (wanted.size > 0) {
      let tagged = false;
      for (let i = a.tagStarts[p]!; i < a.tagStarts[p + 1]! && !tagged; i++) tagged = wanted.has(a.tagIds[i]!);
      if (!tagged) continue;
    }
    out[p] = 1;
  }
  return out;
}

/** An index's postings and its scratch space of one word's merge */
interface MergeSpace {
  postings: readonly Postings[];
  lyricsPostings: readonly (Int32Array | undefined)[];
  /** Per item, the best code of the word being merged; NOT_FOUND between uses */
  best: Uint8Array;
  /** Items `best` was set for */
  touched: Int32Array;
}

/**
 * Sets `best[item]` for each item the query word (its `expansion`) matches: the match cost (text.ts:
 * typos × 2 + prefix) × 4 plus where it was found (0 name, 1 tag only, 2 lyrics only), lower being
 * better; the items set are `touched[0..n)`, n returned. The caller resets them to NOT_FOUND.
 */
export function mergeWord({ postings, lyricsPostings, best, touched }: MergeSpace, { wordIds, costs }: Expansion, fields: number): number {
  let count = 0;
  for (let e = 0; e < wordIds.length; e++) {
    const cost = costs[e]! * 4;
    const { items, fields: where } = postings[wordIds[e]!]!;
    for (let p = 0; p < items.length; p++) {
      const field = where[p]! & fields;
      if (field === 0) continue;
      const code = cost + ((field & NAME) !== 0 ? 0 : 1);
      const position = items[p]!;
      const previous = best[position]!;
      if (previous === NOT_FOUND) touched[count++] = position;
      if (code < previous) best[position] = code;
    }
    const lyrics = (fields & LYRICS) !== 0 ? lyricsPostings[wordIds[e]!] : undefined;
    if (!lyrics) continue;
    const code = cost + 2;
    for (let p = 0; p < lyrics.length; p++) {
      const position = lyrics[p]!;
      const previous = best[position]!;
      if (previous === NOT_FOUND) touched[count++] = position;
      if (code < previous) best[position] = code;
    }
  }
  return count;
}
