import { createHash } from 'node:crypto';

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
