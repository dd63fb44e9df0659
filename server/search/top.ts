import { createHash } from 'node:crypto';

/**
 * Indexes of the k smallest of `keys[0..count)`, smallest first. A bounded heap keeps the k best
 * seen so far, so ranking 10,000 matches for a 21-item page is one pass of comparisons that mostly
 * fail at the first one.
 */
export function smallestFirst(keys: Float64Array, count: number, k: number): number[] {
  const size = Math.min(k, count);
  if (size <= 0) return [];
  // A max-heap of indexes: heap[0] is the largest key kept.
  const heap = new Int32Array(size);
  let length = 0;
  for (let c = 0; c < count; c++) {
    const key = keys[c]!;
    if (length < size) {
      let i = length++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (keys[heap[parent]!]! >= key) break;
        heap[i] = heap[parent]!;
        i = parent;
      }
      heap[i] = c;
    } else if (key < keys[heap[0]!]!) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= size) break;
        const right = left + 1;
        const larger = right < size && keys[heap[right]!]! > keys[heap[left]!]! ? right : left;
        if (keys[heap[larger]!]! <= key) break;
        heap[i] = heap[larger]!;
        i = larger;
      }
      heap[i] = c;
    }
  }
  return Array.from(heap).sort((a, b) => keys[a]! - keys[b]!);
}

/**
 * The random sort's key of an item for a day: the first 48 bits of md5(id || seed), the order
 * catalogue/queries.ts gives a random list (`md5(id::text || seed)`), so paging is stable all day.
 */
export function randomKey(id: number, seed: string): number {
  return Number.parseInt(createHash('md5').update(`${id}${seed}`).digest('hex').slice(0, 12), 16);
}

/** Comparisons between two turns of the event loop in `sortSliced`: about a millisecond of work. */
const SORT_SLICE = 20_000;
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Sorts `items` by `compare` (stable, bottom-up merge sort) a slice at a time, yielding to the event
 * loop between slices: sorting 100,000 positions with a comparator holds it 30-80 ms in one go.
 */
export async function sortSliced(items: Int32Array, compare: (a: number, b: number) => number): Promise<Int32Array> {
  const n = items.length;
  let from: Int32Array = items;
  let to: Int32Array = new Int32Array(n);
  let work = 0;
  for (let width = 1; width < n; width *= 2) {
    for (let left = 0; left < n; left += 2 * width) {
      const middle = Math.min(left + width, n);
      const right = Math.min(left + 2 * width, n);
      let i = left;
      let j = middle;
      let k = left;
      while (i < middle && j < right) to[k++] = compare(from[j]!, from[i]!) < 0 ? from[j++]! : from[i++]!;
      while (i < middle) to[k++] = from[i++]!;
      while (j < right) to[k++] = from[j++]!;
      work += right - left;
      if (work >= SORT_SLICE) {
        work = 0;
        await nextTurn();
      }
    }
    [from, to] = [to, from];
  }
  return from;
}
