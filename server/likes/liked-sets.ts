import { LRUCache } from 'lru-cache';
import type { EntityKind } from '../../common/enums';

/**
 * Every logged-in read carries the viewer's `liked` flags. Rather than a query per answer, each
 * viewer's liked ids (all kinds, one query) are kept in memory for a while, so the read cache's public
 * answer can be served with their flags written in (http/read-cache.ts).
 *
 * - Loaded once per user and `ttlMs`; concurrent loads of one user share one query.
 * - `forget(userId)` after every like or unlike: on the instance that wrote it at once, on the others
 *   when the bus delivers `likes.changed` (likes/plugin.ts); `clear()` after the bus reconnects, since
 *   notifications sent meanwhile are lost. A load that was running when its user was forgotten is
 *   answered to its own request but not kept, so no set older than a like outlives it.
 * - Bounded by users (`max`, least recently read out first) and by the ids they hold.
 */

export type LikedByKind = ReadonlyMap<EntityKind, ReadonlySet<number>>;

export interface LikedSetsOptions {
  /** Every like of a user, as (kind, item id) */
  load: (userId: number) => Promise<{ kind: string; itemId: number }[]>;
  now: () => Date;
  ttlMs: number;
  /** Users kept at most */
  max?: number;
}

const NONE: ReadonlySet<number> = new Set();

export type LikedSets = ReturnType<typeof createLikedSets>;

export function createLikedSets({ load, now, ttlMs, max = 10_000 }: LikedSetsOptions) {
  const sets = new LRUCache<number, LikedByKind>({
    max,
    // A liked id costs a set slot (~40 bytes): 2,000,000 ids is ~80 MB at most.
    maxSize: 2_000_000,
    sizeCalculation: (byKind) => 1 + [...byKind.values()].reduce((n, ids) => n + ids.size, 0),
    ttl: ttlMs,
    ttlResolution: 0,
    perf: { now: () => now().getTime() },
  });
  /** Loads running, by user; `stale` once the user was forgotten meanwhile. */
  const loading = new Map<number, { promise: Promise<LikedByKind>; stale: boolean }>();

  function startLoad(userId: number) {
    const entry = { stale: false, promise: Promise.resolve(new Map() as LikedByKind) };
    entry.promise = load(userId)
      .then((rows) => {
        const byKind = new Map<EntityKind, Set<number>>();
        for (const { kind, itemId } of rows) {
          const ids = byKind.get(kind as EntityKind) ?? new Set<number>();
          ids.add(itemId);
          byKind.set(kind as EntityKind, ids);
        }
        if (!entry.stale) sets.set(userId, byKind);
        return byKind;
      })
      .finally(() => {
        if (loading.get(userId) === entry) loading.delete(userId);
      });
    loading.set(userId, entry);
    return entry.promise;
  }

  return {
    /** The ids of `kind` the user liked. */
    async of(userId: number, kind: EntityKind): Promise<ReadonlySet<number>> {
      const byKind = sets.get(userId) ?? (await (loading.get(userId)?.promise ?? startLoad(userId)));
      return byKind.get(kind) ?? NONE;
    },

    /** The user liked or unliked something: their next read loads their likes again. */
    forget(userId: number) {
      sets.delete(userId);
      const running = loading.get(userId);
      if (running) {
        running.stale = true;
        loading.delete(userId);
      }
    },

    /** Every user's likes are read again (the bus was away: changes may have gone unheard). */
    clear() {
      sets.clear();
      for (const running of loading.values()) running.stale = true;
      loading.clear();
    },

    get size() {
      return sets.size;
    },
  };
}
