import { RADIO_STATIONS } from '../../common/constants';
import type { RadioListeners, Station } from '../../common/radio';
import type { Db } from '../db/client';
import { countListeners, deleteListeners, forgetStaleListeners, writeListeners } from './queries';

/**
 * How many listen, across instances (GET /api/radio/listeners). Each instance writes its own socket
 * counts to `radio_listeners` when they change (checked every second) and at least every
 * HEARTBEAT_MS while it has listeners; a read sums the rows seen within FRESH_SECONDS. An instance
 * that dies (killed, its machine gone) cannot say so, but its rows stop being refreshed and drop out
 * of the sum within FRESH_SECONDS; nothing has to notice its death. A clean stop deletes its rows at
 * once. Counting through the event bus instead would lose a dead instance's listeners only when
 * someone noticed, and every instance would have to keep everyone's counts.
 */

export const LISTENERS_HEARTBEAT_MS = 10_000;
export const LISTENERS_FRESH_SECONDS = 30;
/** Rows of an instance gone this long are deleted by whoever writes next. */
const FORGET_AFTER_SECONDS = 3_600;
/** A read's sum is served this long: the page polls, and every poll need not sum the table again. */
export const LISTENERS_CACHE_MS = 2_000;

export interface ListenerCounterOptions {
  db: Db;
  /** This instance's id (the event bus's) */
  instance: string;
  /** Sockets of each station on this instance now */
  sizeOf(station: Station): number;
  log: { error(message: string): void };
  /**
   * The clock of the heartbeat and of the read's cache. Freshness across instances is the database's
   * own now() (radio/queries.ts): one clock for every instance's rows, however their clocks drift.
   */
  now: () => Date;
  checkEveryMs?: number;
}

export type ListenerCounter = ReturnType<typeof createListenerCounter>;

export function createListenerCounter(options: ListenerCounterOptions) {
  const { db, instance, log } = options;
  let written: string | null = null;
  let writtenAt = Number.NEGATIVE_INFINITY;
  let writing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  /** The last sum and when it was asked for; concurrent reads share one query */
  let cached: { at: number; sums: Promise<RadioListeners> } | null = null;

  const counts = () => Object.fromEntries(RADIO_STATIONS.map((station) => [station, options.sizeOf(station)])) as Record<Station, number>;

  /** Writes this instance's counts if they changed or the heartbeat is due; all zero: no rows at all. */
  async function write(force: boolean): Promise<void> {
    const current = counts();
    const key = JSON.stringify(current);
    const silent = Object.values(current).every((n) => n === 0);
    const heartbeatDue = options.now().getTime() - writtenAt >= LISTENERS_HEARTBEAT_MS;
    if (!force && key === written && (silent || !heartbeatDue)) return;
    if (silent) await deleteListeners(db, instance);
    else {
      await writeListeners(db, instance, current);
      await forgetStaleListeners(db, FORGET_AFTER_SECONDS);
    }
    written = key;
    writtenAt = options.now().getTime();
  }

  /** One write at a time; a failure is logged and retried at the next check. */
  const flush = (force = true): Promise<void> => {
    cached = null;
    writing = writing.then(() =>
      write(force).catch((error: Error) => {
        written = null;
        log.error(`radio listener count: ${error.message}`);
      }),
    );
    return writing;
  };

  async function sum(): Promise<RadioListeners> {
    const sums = await countListeners(db, LISTENERS_FRESH_SECONDS);
    return { top: sums.get('top') ?? 0, everything: sums.get('everything') ?? 0 };
  }

  return {
    /** Starts checking this instance's counts (the app's start, not its build: the CLI builds the app too). */
    start() {
      if (timer) return;
      timer = setInterval(() => void flush(false), options.checkEveryMs ?? 1_000);
      timer.unref();
    },
    /** Writes this instance's counts now (tests, and before a read that must include them) */
    flush: () => flush(true),
    /** The sums across instances, at most LISTENERS_CACHE_MS old; a failed read is not kept. */
    read(): Promise<RadioListeners> {
      const at = options.now().getTime();
      if (cached && at - cached.at >= 0 && at - cached.at < LISTENERS_CACHE_MS) return cached.sums;
      const entry = { at, sums: sum() };
      cached = entry;
      entry.sums.catch(() => {
        if (cached === entry) cached = null;
      });
      return entry.sums;
    },
    /** Stops counting and takes this instance's listeners out of the sum. */
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await writing;
      await deleteListeners(db, instance).catch((error: Error) => log.error(`radio listener count: ${error.message}`));
    },
  };
}
