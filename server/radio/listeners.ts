import { RADIO_STATIONS } from '../../common/constants';
import type { RadioListeners, Station } from '../../common/radio';
import type { Db } from '../db/client';
import type { EventBus } from '../events';
import { createThrottle } from '../realtime/throttle';
import { countListeners, deleteListeners, forgetStaleListeners, type StationListeners, writeListeners } from './queries';

/**
 * How many listen, across instances (GET /api/radio/listeners, and the socket /api/ws/radio/listeners:
 * listener-push.ts). Each instance writes its own socket counts to `radio_listeners` as soon as a
 * socket joins or leaves (`changed`: at most one write per LISTENERS_COALESCE_MS, so a burst of joins
 * costs two writes), checks them every second in case, and writes them at least every HEARTBEAT_MS
 * while it has listeners; a write that changed its counts announces `radio.listeners` in the same
 * transaction, so every instance re-reads the sum and pushes it. A read sums the rows seen within
 * FRESH_SECONDS. An instance that dies (killed, its machine gone) cannot say so, but its rows stop
 * being refreshed and drop out of the sum within FRESH_SECONDS; nothing has to notice its death. A
 * clean stop deletes its rows at once (and announces it). Carrying the counts themselves over the
 * event bus would lose a dead instance's listeners only when someone noticed, and every instance
 * would have to keep everyone's counts: the bus only says "read the sum again".
 */

export const LISTENERS_HEARTBEAT_MS = 10_000;
export const LISTENERS_FRESH_SECONDS = 30;
/** Rows of an instance gone this long are deleted by whoever writes next. */
const FORGET_AFTER_SECONDS = 3_600;
/** A read's sum is served this long: the page polls, and every poll need not sum the table again. */
export const LISTENERS_CACHE_MS = 2_000;
/** At most one write after joins and leaves (and one push of the sum) per instance this often. */
export const LISTENERS_COALESCE_MS = 250;

export interface ListenerCounterOptions {
  db: Db;
  /** Announces a change of this instance's counts (`radio.listeners`) */
  events: Pick<EventBus, 'publish'>;
  /** This instance's id (the event bus's) */
  instance: string;
  /** Sockets of each station on this instance now */
  sizeOf(station: Station): number;
  /** The logged-in users among them, each once (votes to skip count against them, across instances) */
  usersOf?(station: Station): number[];
  log: { error(message: string): void };
  /**
   * The clock of the heartbeat and of the read's cache. Freshness across instances is the database's
   * own now() (radio/queries.ts): one clock for every instance's rows, however their clocks drift.
   */
  now: () => Date;
  checkEveryMs?: number;
  coalesceMs?: number;
}

export type ListenerCounter = ReturnType<typeof createListenerCounter>;

export function createListenerCounter(options: ListenerCounterOptions) {
  const { db, instance, log } = options;
  let written: string | null = null;
  let writtenAt = Number.NEGATIVE_INFINITY;
  let writing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  /** Whether the last write left rows in the table (a stop deletes them and says so) */
  let listed = false;
  /** The last sum and when it was asked for; concurrent reads share one query */
  let cached: { at: number; sums: Promise<RadioListeners> } | null = null;

  const counts = () =>
    Object.fromEntries(
      RADIO_STATIONS.map((station) => [
        station,
        { count: options.sizeOf(station), userIds: [...(options.usersOf?.(station) ?? [])].sort((x, y) => x - y) },
      ]),
    ) as Record<Station, StationListeners>;

  /**
   * Writes this instance's counts if they changed or the heartbeat is due; all zero: no rows at all.
   * A change is announced in the write's transaction, so every instance reads a sum that includes it.
   */
  async function write(force: boolean): Promise<void> {
    const current = counts();
    const key = JSON.stringify(current);
    const silent = Object.values(current).every((listeners) => listeners.count === 0);
    const heartbeatDue = options.now().getTime() - writtenAt >= LISTENERS_HEARTBEAT_MS;
    if (!force && key === written && (silent || !heartbeatDue)) return;
    const announce = key !== written;
    await db.transaction(async (tx) => {
      if (silent) await deleteListeners(tx, instance);
      else await writeListeners(tx, instance, current);
      if (announce) await options.events.publish(tx, 'radio.listeners', {});
    });
    if (!silent) await forgetStaleListeners(db, FORGET_AFTER_SECONDS);
    written = key;
    writtenAt = options.now().getTime();
    listed = !silent;
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

  /** Sums the table now; what reads get for LISTENERS_CACHE_MS (a failed read is not kept). */
  function load(at: number): Promise<RadioListeners> {
    const entry = { at, sums: sum() };
    cached = entry;
    entry.sums.catch(() => {
      if (cached === entry) cached = null;
    });
    return entry.sums;
  }

  /** Joins and leaves: one write now, the rest of a burst in one more write a moment later. */
  const coalesced = createThrottle(() => void flush(false), options.coalesceMs ?? LISTENERS_COALESCE_MS, options.now);

  return {
    /** Starts checking this instance's counts (the app's start, not its build: the CLI builds the app too). */
    start() {
      if (timer) return;
      timer = setInterval(() => void flush(false), options.checkEveryMs ?? 1_000);
      timer.unref();
    },
    /** A socket joined or left on this instance (the gateway): written soon, once started. */
    changed() {
      if (timer) coalesced.request();
    },
    /** Writes this instance's counts now (tests, and before a read that must include them) */
    flush: () => flush(true),
    /** The sums across instances, at most LISTENERS_CACHE_MS old; a failed read is not kept. */
    read(): Promise<RadioListeners> {
      const at = options.now().getTime();
      if (cached && at - cached.at >= 0 && at - cached.at < LISTENERS_CACHE_MS) return cached.sums;
      return load(at);
    },
    /** The sums read now (after a `radio.listeners`), kept for the reads that follow. */
    fresh: (): Promise<RadioListeners> => load(options.now().getTime()),
    /** Some instance's counts changed: the next read sums the table again. */
    forget() {
      cached = null;
    },
    /** Stops counting and takes this instance's listeners out of the sum (announced, so the others push the drop). */
    async stop() {
      clearInterval(timer);
      timer = undefined;
      coalesced.cancel();
      await writing;
      const wasListed = listed;
      written = null;
      listed = false;
      await db
        .transaction(async (tx) => {
          await deleteListeners(tx, instance);
          if (wasListed) await options.events.publish(tx, 'radio.listeners', {});
        })
        .catch((error: Error) => log.error(`radio listener count: ${error.message}`));
    },
  };
}
