import { LRUCache } from 'lru-cache';

/**
 * Totals of list queries, kept for a few seconds. Counting a large filtered table on every page
 * request would dominate list latency; a total that lags a few seconds behind is harmless because
 * `last` is decided from the page itself, never from the total.
 *
 * Concurrent requests for a total that is missing or expired share one count (lru-cache's fetch):
 * under load a popular list's entry expires while dozens of its requests are in flight, and each
 * running its own count (a scan of the filtered table) would stall them all at once.
 */
export class CountCache {
  private cache: LRUCache<string, number, () => Promise<number>>;

  constructor(now: () => Date, ttlMs = 15_000, maxEntries = 2_000) {
    this.cache = new LRUCache({
      max: maxEntries,
      ttl: ttlMs,
      // Every expiry check asks the clock (a test clock moves between two calls, not with real time).
      ttlResolution: 0,
      perf: { now: () => now().getTime() },
      fetchMethod: (_key, _stale, { context }) => context(),
      // clear() during a count: its callers still get the total, but it is not stored (a write came after it).
      ignoreFetchAbort: true,
    });
  }

  async get(key: string, compute: () => Promise<number>): Promise<number> {
    return (await this.cache.fetch(key, { context: compute }))!;
  }

  /** Called after any catalogue write in this process. */
  clear() {
    this.cache.clear();
  }
}
