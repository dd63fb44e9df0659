import { LRUCache } from 'lru-cache';

/** How long a computed statistic is served before it is computed again. */
export const STATS_TTL_MS = 60_000;

export interface ComputedCache<Q, V> {
  get(query: Q): Promise<V>;
  clear(): void;
}

/**
 * Statistics are aggregates over whole tables (100,000 songs on the bench: a scan each), so each
 * answer is computed at most once a minute per query, by one computation for everyone asking at that
 * moment (lru-cache's fetch), whatever the read cache's TTL. A failed computation is not kept: the
 * next request tries again. `keyOf` names the answer (a normalised query), so the few answers a
 * route can give share one slot each.
 */
export function createComputedCache<Q, V extends object>(options: {
  compute: (query: Q) => Promise<V>;
  keyOf: (query: Q) => string;
  now: () => Date;
  /** Bound on the answers kept: the routes' answers are a small fixed set */
  max?: number;
}): ComputedCache<Q, V> {
  // The query rides along as the fetch's context: the key only names it.
  const cache = new LRUCache<string, V, { query: Q }>({
    max: options.max ?? 100,
    ttl: STATS_TTL_MS,
    // Every expiry check asks the clock (a test clock moves between two calls, not with real time).
    ttlResolution: 0,
    perf: { now: () => options.now().getTime() },
    fetchMethod: (_key, _stale, { context }) => options.compute(context.query),
    // A clear during a computation: its callers still get the answer, the next request computes again.
    ignoreFetchAbort: true,
  });
  return {
    async get(query) {
      return (await cache.fetch(options.keyOf(query), { context: { query } }))!;
    },
    clear: () => cache.clear(),
  };
}
