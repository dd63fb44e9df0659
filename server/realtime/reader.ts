/**
 * The re-read behind a socket feed (the queue's, each radio station's): a change announced on the
 * bus means "read again", and a burst of them must cost as few reads as possible. While a read
 * runs, further refreshes only mark it stale and one more read follows; each read goes to
 * `deliver`. Nothing is read while `wanted` says nobody needs it. A failed read reports the wait
 * before trying again: doubled after each failure in a row (the database may be away), capped, and
 * back to the first after a success. The caller decides what retrying means (read again, or a
 * station's due-check), so the wait is its to arm.
 */

export interface CoalescedReaderOptions<T> {
  read(): Promise<T>;
  /** Checked before each read: false, and nothing is read */
  wanted(): boolean;
  deliver(value: T): void;
  /** A read failed; `retryInMs` is the backoff's next wait */
  failed(error: Error, retryInMs: number): void;
  /** The first wait after a failure */
  retryMs: number;
  /** The longest wait */
  maxRetryMs: number;
}

export type CoalescedReader = ReturnType<typeof createCoalescedReader>;

export function createCoalescedReader<T>(options: CoalescedReaderOptions<T>) {
  /** Whether a read runs: cleared in the same turn as the last check of `stale`, never a microtask later */
  let busy = false;
  let running: Promise<void> | null = null;
  let stale = false;
  let failures = 0;

  /** The next wait after a failure (each call counts one more failure in a row). */
  const backoff = () => Math.min(options.retryMs * 2 ** failures++, options.maxRetryMs);

  async function readUntilFresh(): Promise<void> {
    try {
      do {
        stale = false;
        if (!options.wanted()) break;
        const value = await options.read();
        failures = 0;
        options.deliver(value);
      } while (stale);
    } catch (error) {
      options.failed(error as Error, backoff());
    } finally {
      // Synchronously after the last look at `stale`: a refresh that comes after it (PGlite hands a
      // notification over in a microtask, which may run before a `.finally` callback would) finds
      // the reader idle and reads itself, instead of marking stale a read that already ended.
      busy = false;
    }
  }

  return {
    /** Reads now, or once more after the read under way; resolves at once in the latter case. */
    refresh(): Promise<void> {
      if (busy) {
        stale = true;
        return Promise.resolve();
      }
      busy = true;
      const read = readUntilFresh();
      // A read that found nobody listening ended already; only one that runs is in flight.
      running = busy ? read : null;
      return read;
    },
    /** The read under way (with the re-reads it owes), or null when none runs */
    inFlight: (): Promise<void> | null => (busy ? running : null),
    backoff,
  };
}

export interface RetryingReaderOptions<T> extends Omit<CoalescedReaderOptions<T>, 'failed' | 'retryMs' | 'maxRetryMs'> {
  /** Names the feed in the log line of a failed read ("queue", "request features") */
  what: string;
  log: { error(message: string): void };
  retryMs?: number;
  maxRetryMs?: number;
}

/**
 * A coalesced reader that reads again by itself after a failed read, with the doubling backoff:
 * for the feeds whose only retry is reading again (the queue's, the request switches'), so no
 * socket keeps a state that changed while the database was away. The radio arms its own retries.
 */
export function createRetryingReader<T>(options: RetryingReaderOptions<T>) {
  let retry: NodeJS.Timeout | undefined;
  const reader = createCoalescedReader<T>({
    ...options,
    retryMs: options.retryMs ?? 1_000,
    maxRetryMs: options.maxRetryMs ?? 30_000,
    failed: (error, retryInMs) => {
      options.log.error(`${options.what} read for the sockets failed: ${error.message}`);
      retry = setTimeout(() => void refresh(), retryInMs);
      retry.unref();
    },
  });

  function refresh(): Promise<void> {
    clearTimeout(retry);
    retry = undefined;
    return reader.refresh();
  }

  return { refresh, inFlight: reader.inFlight, stop: () => clearTimeout(retry) };
}
