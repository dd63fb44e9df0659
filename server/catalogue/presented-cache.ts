import { LRUCache } from 'lru-cache';
import type { Kinds } from '../db/kinds';

/** Presented items held at most (a song is ~1 kB presented: ~20 MB at the bound). */
export const PRESENTED_CACHE_MAX = 20_000;

/**
 * Items as every anonymous viewer sees them, by kind and id: a search page or a suggestion whose
 * items are all here costs no database round trip, a list page (latest, top, filters) only the query
 * of its ids. Liked flags are per viewer and applied on top
 * (catalogue/service.ts). `clear` runs on every catalogue change (this instance's or, through the
 * bus, another's); a read that started before a clear is not stored, so no item older than a write
 * is served after it.
 */
export class PresentedCache<T extends { id: number }> {
  private items: LRUCache<string, T>;
  private generation = 0;

  constructor(max = PRESENTED_CACHE_MAX) {
    this.items = new LRUCache({ max });
  }

  /** Taken before reading the misses; `store` drops items read across a clear. */
  snapshot(): number {
    return this.generation;
  }

  /** The cached items of these ids (a Map by id) and the ids that are not cached, in order. */
  lookup(kind: keyof Kinds, ids: readonly number[]): { found: Map<number, T>; missing: number[] } {
    const found = new Map<number, T>();
    const missing: number[] = [];
    for (const id of ids) {
      const item = this.items.get(`${kind} ${id}`);
      if (item) found.set(id, item);
      else missing.push(id);
    }
    return { found, missing };
  }

  store(kind: keyof Kinds, items: readonly T[], generation: number): void {
    if (generation !== this.generation) return;
    for (const item of items) this.items.set(`${kind} ${item.id}`, item);
  }

  clear(): void {
    this.generation++;
    this.items.clear();
  }

  get size(): number {
    return this.items.size;
  }
}
