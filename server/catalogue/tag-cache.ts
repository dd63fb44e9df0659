import { LRUCache } from 'lru-cache';
import type { Tag } from '../../common/api';
import type { Db } from '../db/client';
import { readTags } from './queries';

type TagsById = Map<number, Tag>;
const ALL = 'all';

/**
 * Tag names by id. The tag table is tiny and read on every list, so it is held in memory; an id
 * it does not know (a tag added by another instance) triggers a reload rather than a wrong answer,
 * and the whole table is reloaded after `ttlMs` so tags added or renamed elsewhere show up in the
 * tag list and on items without a restart. Concurrent reloads are one (lru-cache's fetch).
 */
export class TagCache {
  private cache: LRUCache<typeof ALL, TagsById>;

  constructor(db: Db, now: () => Date, ttlMs = 60_000) {
    this.cache = new LRUCache({
      max: 1,
      ttl: ttlMs,
      ttlResolution: 0,
      perf: { now: () => now().getTime() },
      fetchMethod: async () => new Map((await readTags(db)).map((t) => [t.id, t] as const)),
      // invalidate() during a load: its callers still get the rows, but a load begun before a write is not kept as fresh.
      ignoreFetchAbort: true,
    });
  }

  private async load(forceRefresh = false): Promise<TagsById> {
    return (await this.cache.fetch(ALL, { forceRefresh }))!;
  }

  async all(): Promise<Tag[]> {
    return [...(await this.load()).values()];
  }

  /** Resolves every id of every item in one pass; unknown ids after a reload are dropped. */
  async resolver(idLists: number[][]): Promise<(ids: number[]) => Tag[]> {
    const held = this.cache.get(ALL);
    const knowsAll = held !== undefined && idLists.every((ids) => ids.every((id) => held.has(id)));
    const byId = knowsAll ? held : await this.load(held !== undefined);
    return (ids) =>
      ids
        .map((id) => byId.get(id))
        .filter((t): t is Tag => t !== undefined)
        .sort((a, b) => a.name.localeCompare(b.name));
  }

  invalidate() {
    this.cache.clear();
  }
}
