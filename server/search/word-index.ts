import type { Sort } from '../../common/enums';
import { Dictionary } from './dictionary';
import { wordsOf } from './text';
import { randomKey, smallestFirst } from './top';

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

export const NAME = 1;
export const TAG = 2;
export const LYRICS = 4;

export interface IndexedItem {
  id: number;
  name: string;
  tagIds: number[];
  lyrics?: string | null;
  views: number;
  /** What "latest" orders by and periods bound (uploaded, or a playlist's last update), ms */
  date: number;
  /** What "duration" orders by (a playlist's song count) */
  length: number;
}

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

const NOT_FOUND = 255;

/** Postings of one word: item positions (ascending) and, per item, where the word is (NAME | TAG). */
interface Postings {
  items: Int32Array;
  fields: Uint8Array;
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
  private readonly dates: Float64Array;
  private readonly lengths: Float64Array;
  private readonly dictionary: Dictionary;
  /** Per word id: where it is in names and tags, and (apart, so other searches never walk them) in lyrics */
  private readonly postings: Postings[];
  private readonly lyricsPostings: (Int32Array | undefined)[];
  private readonly positions = new Map<number, number>();
  /** Per sort, each item's place in its order (see `ordinals`) */
  private readonly places = new Map<string, Int32Array>();
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

  /** Items must come in a stable order (by id); `tagNames` names every tag id they carry. */
  constructor(items: readonly IndexedItem[], tagNames: ReadonlyMap<number, string>) {
    const n = items.length;
    this.ids = new Int32Array(n);
    this.views = new Float64Array(n);
    this.dates = new Float64Array(n);
    this.lengths = new Float64Array(n);
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
    const words = new Map<string, number>();
    const lists: { items: number[]; fields: number[]; lyrics: number[] }[] = [];
    const tagWords = new Map([...tagNames].map(([id, name]) => [id, wordsOf(name)]));
    const add = (position: number, text: string[] | undefined, field: number) => {
      for (const word of text ?? []) {
        let id = words.get(word);
        if (id === undefined) {
          id = lists.length;
          words.set(word, id);
          lists.push({ items: [], fields: [], lyrics: [] });
        }
        const list = lists[id]!;
        if (field === LYRICS) {
          if (list.lyrics[list.lyrics.length - 1] !== position) list.lyrics.push(position);
          continue;
        }
        const last = list.items.length - 1;
        if (list.items[last] === position) list.fields[last]! |= field;
        else {
          list.items.push(position);
          list.fields.push(field);
        }
      }
    };
    items.forEach((item, position) => {
      this.ids[position] = item.id;
      this.views[position] = item.views;
      this.dates[position] = item.date;
      this.lengths[position] = item.length;
      this.positions.set(item.id, position);
      add(position, wordsOf(item.name), NAME);
      for (const tagId of item.tagIds) add(position, tagWords.get(tagId), TAG);
      if (item.lyrics) add(position, wordsOf(item.lyrics), LYRICS);
    });
    this.dictionary = new Dictionary([...words.keys()]);
    this.postings = lists.map((list) => ({ items: Int32Array.from(list.items), fields: Uint8Array.from(list.fields) }));
    this.lyricsPostings = lists.map((list) => (list.lyrics.length > 0 ? Int32Array.from(list.lyrics) : undefined));
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

  /** The window of a ranked query, and how many items matched. */
  rank(request: RankRequest): Ranked {
    const found = this.match(request.words, request.fields, request.allowed, request.since, this.ordinals(request.sort, request.seed));
    const window = smallestFirst(found.keys, found.count, request.offset + request.limit);
    const ids: number[] = [];
    for (let i = request.offset; i < window.length; i++) ids.push(this.ids[found.positions[window[i]!]!]!);
    return { ids, total: found.count };
  }

  /**
   * Rule 4 as one number per item: its place (0 first) in the order of a sort, by the sort's value
   * (larger first) and then the newest id; for the random sort, by md5(id || seed) then the oldest
   * id, as catalogue/queries.ts orders a random list. Computed once per sort (random: per day).
   */
  private ordinals(sort: Sort, seed: string): Int32Array {
    const key = sort === 'random' ? `random ${seed}` : sort === 'latest' ? 'latest' : sort === 'duration' ? 'duration' : 'views';
    let places = this.places.get(key);
    if (places) return places;
    const n = this.size;
    const order = Array.from({ length: n }, (_, position) => position);
    const ids = this.ids;
    if (sort === 'random') {
      for (const other of this.places.keys()) if (other.startsWith('random ')) this.places.delete(other);
      const hashes = Float64Array.from(ids, (id) => randomKey(id, seed));
      order.sort((a, b) => hashes[a]! - hashes[b]! || ids[a]! - ids[b]!);
    } else {
      const values = sort === 'latest' ? this.dates : sort === 'duration' ? this.lengths : this.views;
      order.sort((a, b) => values[b]! - values[a]! || ids[b]! - ids[a]!);
    }
    places = new Int32Array(n);
    for (let place = 0; place < n; place++) places[order[place]!] = place;
    this.places.set(key, places);
    return places;
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
    const { best, touched, found } = this;
    const { positions, keys, matched, typos, prefixes, elsewhere } = found;
    if (words.length === 0) return { count: 0, positions, keys };
    let touchedCount = this.mergeWord(words[0]!, words.length === 1, fields);
    let count = 0;
    for (let t = 0; t < touchedCount; t++) {
      const position = touched[t]!;
      const code = best[position]!;
      best[position] = NOT_FOUND;
      if (allowed && allowed[position] !== 1) continue;
      if (since !== undefined && this.dates[position]! < since) continue;
      positions[count] = position;
      matched[count] = 1;
      typos[count] = code >> 3;
      prefixes[count] = (code >> 2) & 1;
      elsewhere[count++] = (code & 3) === 0 ? 0 : 1;
    }
    for (let w = 1; w < words.length; w++) {
      touchedCount = this.mergeWord(words[w]!, w === words.length - 1, fields);
      for (let c = 0; c < count; c++) {
        const code = best[positions[c]!]!;
        // `last` strategy: a word counts only while every word before it matched.
        if (code === NOT_FOUND || matched[c] !== w) continue;
        matched[c] = w + 1;
        typos[c]! += code >> 3;
        prefixes[c]! += (code >> 2) & 1;
        elsewhere[c]! += (code & 3) === 0 ? 0 : 1;
      }
      for (let t = 0; t < touchedCount; t++) best[touched[t]!] = NOT_FOUND;
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

  /**
   * Sets `best[item]` for each item the query word matches: the match cost (text.ts: typos × 2 +
   * prefix) × 4 plus where it was found (0 name, 1 tag only, 2 lyrics only), lower being better; the items set are `touched[0..n)`,
   * n returned. The caller resets them to NOT_FOUND.
   */
  private mergeWord(word: string, isLast: boolean, fields: number): number {
    const { wordIds, costs } = this.dictionary.expand(word, isLast);
    const best = this.best;
    const touched = this.touched;
    let count = 0;
    for (let e = 0; e < wordIds.length; e++) {
      const cost = costs[e]! * 4;
      const { items, fields: where } = this.postings[wordIds[e]!]!;
      for (let p = 0; p < items.length; p++) {
        const field = where[p]! & fields;
        if (field === 0) continue;
        const code = cost + ((field & NAME) !== 0 ? 0 : 1);
        const position = items[p]!;
        const previous = best[position]!;
        if (previous === NOT_FOUND) touched[count++] = position;
        if (code < previous) best[position] = code;
      }
      const lyrics = (fields & LYRICS) !== 0 ? this.lyricsPostings[wordIds[e]!] : undefined;
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
}
