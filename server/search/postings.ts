import { wordsOf } from './text';

/** Where a word is: in the name, a tag's name, or the lyrics (searched on request). */
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
  /** What the common list filters test, so they are answered in memory (`attributes`) */
  provider?: string;
  source?: string | null;
  unavailable?: boolean;
}

/**
 * Per item position, what the common list filters test: provider and source (as codes into their
 * value lists), unavailable, and the tag ids (item p's are `tagIds[tagStarts[p]..tagStarts[p+1])`).
 */
export interface Attributes {
  providers: string[];
  provider: Uint8Array;
  sources: string[];
  source: Uint16Array;
  unavailable: Uint8Array;
  tagStarts: Int32Array;
  tagIds: Int32Array;
}

/** Postings of one word: item positions (ascending) and, per item, where the word is (NAME | TAG). */
export interface Postings {
  items: Int32Array;
  fields: Uint8Array;
}

/** What an index is made of: per item position its id and sort values; per word id its postings. */
export interface IndexData {
  ids: Int32Array;
  views: Float64Array;
  dates: Float64Array;
  lengths: Float64Array;
  /** Item id → position */
  positions: Map<number, number>;
  words: string[];
  postings: Postings[];
  /** Per word id, the items whose lyrics have it; apart, so searches without lyrics never walk them */
  lyricsPostings: (Int32Array | undefined)[];
  attributes: Attributes;
}

/** Items between two turns of the event loop while building: a build must not hold up other requests. */
const SLICE = 2000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The words of every item's name, tags and lyrics, with where they occur. Folding and splitting
 * 100,000 names and their lyrics takes about half a second, so it runs a slice at a time.
 */
export async function collectPostings(items: readonly IndexedItem[], tagNames: ReadonlyMap<number, string>): Promise<IndexData> {
  const n = items.length;
  const data: IndexData = {
    ids: new Int32Array(n),
    views: new Float64Array(n),
    dates: new Float64Array(n),
    lengths: new Float64Array(n),
    positions: new Map(),
    words: [],
    postings: [],
    lyricsPostings: [],
    attributes: attributesOf(items),
  };
  const wordIds = new Map<string, number>();
  const lists: { items: number[]; fields: number[]; lyrics: number[] }[] = [];
  const tagWords = new Map([...tagNames].map(([id, name]) => [id, wordsOf(name)]));
  const add = (position: number, text: string[] | undefined, field: number) => {
    for (const word of text ?? []) {
      let id = wordIds.get(word);
      if (id === undefined) {
        id = lists.length;
        wordIds.set(word, id);
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
  for (let position = 0; position < n; position++) {
    if (position > 0 && position % SLICE === 0) await nextTurn();
    const item = items[position]!;
    data.ids[position] = item.id;
    data.views[position] = item.views;
    data.dates[position] = item.date;
    data.lengths[position] = item.length;
    data.positions.set(item.id, position);
    add(position, wordsOf(item.name), NAME);
    for (const tagId of item.tagIds) add(position, tagWords.get(tagId), TAG);
    if (item.lyrics) add(position, wordsOf(item.lyrics), LYRICS);
  }
  data.words = [...wordIds.keys()];
  data.postings = lists.map((list) => ({ items: Int32Array.from(list.items), fields: Uint8Array.from(list.fields) }));
  data.lyricsPostings = lists.map((list) => (list.lyrics.length > 0 ? Int32Array.from(list.lyrics) : undefined));
  return data;
}

/** The filters' attributes of every item (see `Attributes`): one pass, a few ms for 100,000 items. */
function attributesOf(items: readonly IndexedItem[]): Attributes {
  const n = items.length;
  const codes = (values: Map<string, number>, value: string) => {
    let code = values.get(value);
    if (code === undefined) {
      code = values.size;
      values.set(value, code);
    }
    return code;
  };
  const providers = new Map<string, number>();
  const sources = new Map<string, number>([['', 0]]);
  const attributes: Attributes = {
    providers: [],
    provider: new Uint8Array(n),
    sources: [],
    source: new Uint16Array(n),
    unavailable: new Uint8Array(n),
    tagStarts: new Int32Array(n + 1),
    tagIds: new Int32Array(items.reduce((sum, item) => sum + item.tagIds.length, 0)),
  };
  let at = 0;
  for (let p = 0; p < n; p++) {
    const item = items[p]!;
    attributes.provider[p] = codes(providers, item.provider ?? '');
    attributes.source[p] = codes(sources, item.source ?? '');
    attributes.unavailable[p] = item.unavailable ? 1 : 0;
    attributes.tagStarts[p] = at;
    for (const tag of item.tagIds) attributes.tagIds[at++] = tag;
  }
  attributes.tagStarts[n] = at;
  attributes.providers = [...providers.keys()];
  attributes.sources = [...sources.keys()];
  return attributes;
}
