import { type Attributes, type IndexData, type IndexedItem, NAME, type Postings, TAG } from './postings';
import { wordsOf } from './text';

/**
 * A write applied to an index's data without rebuilding it (issue 23): the items a write changed
 * are read again and replace theirs, new ones are added at the end, deleted ones leave the postings.
 * What did not change is shared with the index patched (postings of words none of them had or has).
 * Costs a few passes over the postings and the per-item arrays (75-120 ms in memory for 100,000 songs),
 * where a build of 300,000 songs takes seconds.
 */

export interface Patch {
  /** The changed items as they are now (inserted or updated) */
  items: readonly IndexedItem[];
  /** Ids of changed items that are gone */
  removed: readonly number[];
}

export interface Patched {
  data: IndexData;
  /** Per position: 1 when the patch changed or removed the item (its place in every sort moves) */
  changed: Uint8Array;
  /** Positions of the patch's items (present now), to place in every sort */
  present: number[];
}

/** Patches `base` (left as it was); `wordIdOf` finds a word's id in base.words. */
export function patchData(
  base: IndexData,
  { items, removed }: Patch,
  tagNames: ReadonlyMap<number, string>,
  wordIdOf: (word: string) => number | undefined,
): Patched {
  const added = items.filter((item) => !base.positions.has(item.id));
  const gone = removed.filter((id) => base.positions.has(id));
  const positions = added.length > 0 || gone.length > 0 ? new Map(base.positions) : base.positions;
  const oldSize = base.ids.length;
  const n = oldSize + added.length;
  for (const [i, item] of added.entries()) positions.set(item.id, oldSize + i);
  const changed = new Uint8Array(n);
  const present = items.map((item) => positions.get(item.id)!);
  for (const position of present) changed[position] = 1;
  const goneAt = gone.map((id) => base.positions.get(id)!);
  for (const position of goneAt) changed[position] = 1;
  for (const id of gone) positions.delete(id);

  const grow = <T extends Int32Array | Float64Array>(array: T, make: (n: number) => T): T => {
    const out = make(n);
    out.set(array);
    return out;
  };
  const data: IndexData = {
    ids: grow(base.ids, (k) => new Int32Array(k)),
    views: grow(base.views, (k) => new Float64Array(k)),
    dates: grow(base.dates, (k) => new Float64Array(k)),
    lengths: grow(base.lengths, (k) => new Float64Array(k)),
    positions,
    words: base.words,
    postings: base.postings.map((list) => withoutChanged(list, changed)),
    lyricsPostings: base.lyricsPostings.map((list) => (list ? withoutChangedItems(list, changed) : undefined)),
    attributes: patchAttributes(base.attributes, n, items, present, goneAt),
  };
  addWords(data, items, present, tagNames, wordIdOf);
  for (const [i, item] of items.entries()) {
    const p = present[i]!;
    data.ids[p] = item.id;
    data.views[p] = item.views;
    data.dates[p] = item.date;
    data.lengths[p] = item.length;
  }
  return { data, changed, present };
}

/** A word's postings without the changed items: the same object when it had none of them. */
function withoutChanged(list: Postings, changed: Uint8Array): Postings {
  const { items, fields } = list;
  let keep = 0;
  for (let i = 0; i < items.length; i++) if (changed[items[i]!] !== 1) keep++;
  if (keep === items.length) return list;
  const out: Postings = { items: new Int32Array(keep), fields: new Uint8Array(keep) };
  let at = 0;
  for (let i = 0; i < items.length; i++)
    if (changed[items[i]!] !== 1) {
      out.items[at] = items[i]!;
      out.fields[at++] = fields[i]!;
    }
  return out;
}

function withoutChangedItems(items: Int32Array, changed: Uint8Array): Int32Array {
  let keep = 0;
  for (let i = 0; i < items.length; i++) if (changed[items[i]!] !== 1) keep++;
  return keep === items.length ? items : items.filter((position) => changed[position] !== 1);
}

/** The patch's items' words into `data`'s postings (appended: a patched list is not in position order). */
function addWords(
  data: IndexData,
  items: readonly IndexedItem[],
  present: number[],
  tagNames: ReadonlyMap<number, string>,
  wordIdOf: (word: string) => number | undefined,
) {
  const newIds = new Map<string, number>();
  const idOf = (word: string) => {
    let id = wordIdOf(word) ?? newIds.get(word);
    if (id === undefined) {
      id = data.postings.length;
      newIds.set(word, id);
      data.postings.push({ items: new Int32Array(0), fields: new Uint8Array(0) });
      data.lyricsPostings.push(undefined);
    }
    return id;
  };
  const more = new Map<number, { items: number[]; fields: number[]; lyrics: number[] }>();
  const extra = (id: number) => {
    let lists = more.get(id);
    if (!lists) {
      lists = { items: [], fields: [], lyrics: [] };
      more.set(id, lists);
    }
    return lists;
  };
  for (const [i, item] of items.entries()) {
    const position = present[i]!;
    const where = new Map<number, number>();
    const mark = (words: string[], field: number) => {
      for (const word of words) {
        const id = idOf(word);
        where.set(id, (where.get(id) ?? 0) | field);
      }
    };
    mark(wordsOf(item.name), NAME);
    for (const tagId of item.tagIds) mark(wordsOf(tagNames.get(tagId) ?? ''), TAG);
    for (const [id, fields] of where) {
      extra(id).items.push(position);
      extra(id).fields.push(fields);
    }
    const lyrics = new Set(item.lyrics ? wordsOf(item.lyrics) : []);
    for (const word of lyrics) extra(idOf(word)).lyrics.push(position);
  }
  for (const [id, lists] of more) {
    const old = data.postings[id]!;
    if (lists.items.length > 0) {
      const items = new Int32Array(old.items.length + lists.items.length);
      items.set(old.items);
      items.set(lists.items, old.items.length);
      const fields = new Uint8Array(items.length);
      fields.set(old.fields);
      fields.set(lists.fields, old.fields.length);
      data.postings[id] = { items, fields };
    }
    if (lists.lyrics.length > 0) {
      const before = data.lyricsPostings[id] ?? new Int32Array(0);
      const lyrics = new Int32Array(before.length + lists.lyrics.length);
      lyrics.set(before);
      lyrics.set(lists.lyrics, before.length);
      data.lyricsPostings[id] = lyrics;
    }
  }
  if (newIds.size > 0) data.words = [...data.words, ...newIds.keys()];
}

/** The filters' attributes with the patch's items set (and removed ones unavailable). */
function patchAttributes(base: Attributes, n: number, items: readonly IndexedItem[], present: number[], goneAt: number[]): Attributes {
  const codeOf = (values: string[], value: string) => {
    const code = values.indexOf(value);
    if (code >= 0) return code;
    values.push(value);
    return values.length - 1;
  };
  const providers = [...base.providers];
  const sources = [...base.sources];
  const provider = new Uint8Array(n);
  provider.set(base.provider);
  const source = new Uint16Array(n);
  source.set(base.source);
  const unavailable = new Uint8Array(n);
  unavailable.set(base.unavailable);
  const tagsOf: (number[] | undefined)[] = [];
  for (const [i, item] of items.entries()) {
    const p = present[i]!;
    provider[p] = codeOf(providers, item.provider ?? '');
    source[p] = codeOf(sources, item.source ?? '');
    unavailable[p] = item.unavailable ? 1 : 0;
    tagsOf[p] = item.tagIds;
  }
  for (const p of goneAt) {
    unavailable[p] = 1;
    tagsOf[p] = [];
  }
  // Tag lists rebuilt in one pass: the patched items' own, every other item's as they were.
  const oldSize = base.tagStarts.length - 1;
  const tagStarts = new Int32Array(n + 1);
  const ids: number[] = [];
  for (let p = 0; p < n; p++) {
    tagStarts[p] = ids.length;
    const own = tagsOf[p];
    if (own) ids.push(...own);
    else if (p < oldSize) for (let i = base.tagStarts[p]!; i < base.tagStarts[p + 1]!; i++) ids.push(base.tagIds[i]!);
  }
  tagStarts[n] = ids.length;
  return { providers, provider, sources, source, unavailable, tagStarts, tagIds: Int32Array.from(ids) };
}

/**
 * A sort's order after a patch: the unchanged items keep their order (their values did not move),
 * the patched ones (`inserted`, sorted by `compare`) are merged in, the removed ones are left out.
 */
export function mergeInto(
  order: Int32Array,
  changed: Uint8Array,
  inserted: Int32Array,
  compare: (a: number, b: number) => number,
): Int32Array {
  const out = new Int32Array(changed.length);
  let at = 0;
  let next = 0;
  for (let place = 0; place < order.length; place++) {
    const position = order[place]!;
    if (changed[position] === 1) continue;
    while (next < inserted.length && compare(inserted[next]!, position) < 0) out[at++] = inserted[next++]!;
    out[at++] = position;
  }
  while (next < inserted.length) out[at++] = inserted[next++]!;
  return out.subarray(0, at);
}
