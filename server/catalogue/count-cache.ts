/**
 * Totals of list queries, kept for a few seconds. Counting a large filtered table on every page
 * request would dominate list latency; a total that lags a few seconds behind is harmless because
 * `last` is decided from the page itself, never from the total.
 */
export class CountCache {
  private entries = new Map<string, { value: number; expires: number }>();

  constructor(
    private ttlMs = 15_000,
    private maxEntries = 2_000,
  ) {}

  async get(key: string, compute: () => Promise<number>): Promise<number> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = await compute();
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, expires: now + this.ttlMs });
    return value;
  }

  /** Called after any catalogue write in this process. */
  clear() {
    this.entries.clear();
  }
}
