/**
 * Totals of list queries, kept for a few seconds. Counting a large filtered table on every page
 * request would dominate list latency; a total that lags a few seconds behind is harmless because
 * `last` is decided from the page itself, never from the total.
 *
 * Concurrent requests for a total that is missing or expired share one count: under load a popular
 * list's entry expires while dozens of its requests are in flight, and each running its own count
 * (a scan of the filtered table) would stall them all at once.
 */
export class CountCache {
  private entries = new Map<string, { value: number; expires: number }>();
  private pending = new Map<string, Promise<number>>();
  /** Bumped by clear(), so a count started before a write is not stored after it. */
  private generation = 0;

  constructor(
    private ttlMs = 15_000,
    private maxEntries = 2_000,
  ) {}

  async get(key: string, compute: () => Promise<number>): Promise<number> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    const running = this.pending.get(key);
    if (running) return running;
    const generation = this.generation;
    const counting = compute().then(
      (value) => {
        if (this.pending.get(key) === counting) this.pending.delete(key);
        if (generation === this.generation) {
          if (this.entries.size >= this.maxEntries) this.entries.clear();
          this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
        }
        return value;
      },
      (error: unknown) => {
        if (this.pending.get(key) === counting) this.pending.delete(key);
        throw error;
      },
    );
    this.pending.set(key, counting);
    return counting;
  }

  /** Called after any catalogue write in this process. */
  clear() {
    this.entries.clear();
    this.pending.clear();
    this.generation++;
  }
}
