import { RADIO_STATIONS } from '../../common/constants';
import type { RadioTrack, Station } from '../../common/radio';
import { type CoalescedReader, createCoalescedReader } from '../realtime/reader';
import { restamp } from './present';
import type { DueResult, Playing, RadioService } from './service';

/**
 * One instance's view of the stations. After every `radio.changed` (from any instance), a resync of
 * the bus, or a due-check, it re-reads a station once however many changes arrived meanwhile,
 * sends a new track to this instance's listeners, and (once started) sets a timer for the track's
 * end. When the timer fires it asks the service to advance the station; exactly one instance does
 * (service.advanceIfDue), the others hear the change like everyone else. What it read last is what
 * a joining socket gets (`snapshot`), re-stamped to the moment it joins: no database read per
 * connection, and never a track older than one the feed already sent.
 */

export interface FeedOptions {
  radio: Pick<RadioService, 'playing' | 'advanceIfDue'>;
  now: () => Date;
  log: { error(message: string): void };
  /** Another instance is advancing (or a check failed): look again this soon, in case it died meanwhile */
  retryMs?: number;
  /** A station with nothing to play looks again this often (a sync may bring songs) */
  idleRetryMs?: number;
  /**
   * The longest wait between retries after failures: short, since a station is silent until a retry
   * finds the database back
   */
  maxRetryMs?: number;
}

interface StationFeed {
  timer?: NodeJS.Timeout;
  reader: CoalescedReader;
  /**
   * What the station played at the last read, while the feed keeps up with its changes (started, or
   * with listeners here); null: nothing plays; undefined: unknown, read before answering.
   */
  latest?: Playing | null;
  /** Version of the last track sent to this instance's listeners */
  sent?: number;
}

/** setTimeout takes at most 2^31-1 ms. */
const MAX_DELAY_MS = 2_147_483_647;

export type RadioFeed = ReturnType<typeof createRadioFeed>;

export function createRadioFeed(options: FeedOptions) {
  const { radio, now, log } = options;
  const retryMs = options.retryMs ?? 1_000;
  const idleRetryMs = options.idleRetryMs ?? 30_000;
  const maxRetryMs = options.maxRetryMs ?? 5_000;
  let deliver: (station: Station, track: RadioTrack) => void = () => {};
  let wanted: (station: Station) => boolean = () => false;
  let started = false;
  /** Due-checks and reads under way: a stop waits for them */
  const working = new Set<Promise<unknown>>();

  const feeds = new Map<Station, StationFeed>(
    RADIO_STATIONS.map((station) => {
      const feed: StationFeed = {
        reader: createCoalescedReader({
          read: () => radio.playing(station),
          wanted: () => keepsUp(station),
          deliver: (playing) => apply(station, playing),
          failed: (error, retryInMs) => {
            log.error(`radio ${station}: reading the station failed: ${error.message}`);
            setTimer(station, retryInMs);
          },
          retryMs,
          maxRetryMs,
        }),
      };
      return [station, feed];
    }),
  );

  /** Reads are wanted while started or with listeners here; otherwise changes go unread, so what was read last is forgotten. */
  function keepsUp(station: Station): boolean {
    const keeping = started || wanted(station);
    if (!keeping) feeds.get(station)!.latest = undefined;
    return keeping;
  }

  function busy<T>(work: Promise<T>): Promise<T> {
    working.add(work);
    void work.finally(() => working.delete(work)).catch(() => {});
    return work;
  }

  function setTimer(station: Station, delayMs: number) {
    const feed = feeds.get(station)!;
    clearTimeout(feed.timer);
    feed.timer = undefined;
    if (!started) return;
    feed.timer = setTimeout(() => void due(station), Math.min(Math.max(delayMs, 0), MAX_DELAY_MS));
    feed.timer.unref();
  }

  function apply(station: Station, playing: Playing | null) {
    const feed = feeds.get(station)!;
    feed.latest = playing;
    if (playing && playing.version !== feed.sent) {
      feed.sent = playing.version;
      if (wanted(station)) deliver(station, playing.track);
    }
    setTimer(station, playing ? playing.endsAt.getTime() - now().getTime() : idleRetryMs);
  }

  /** Re-reads the station (coalesced: one more read after a burst), sends and re-arms. */
  const refresh = (station: Station): Promise<void> => busy(feeds.get(station)!.reader.refresh());

  /** The timer's work: the track should be over; one instance moves the station on. */
  async function checkDue(station: Station): Promise<DueResult | 'failed'> {
    let result: DueResult | 'failed';
    try {
      result = await radio.advanceIfDue(station);
    } catch (error) {
      log.error(`radio ${station}: advancing failed: ${(error as Error).message}`);
      result = 'failed';
    }
    if (result === 'failed') setTimer(station, feeds.get(station)!.reader.backoff());
    else if (result === 'busy') setTimer(station, retryMs);
    else await refresh(station);
    return result;
  }
  const due = (station: Station) => busy(checkDue(station));

  return {
    refresh,
    due,
    refreshAll: () => Promise.all(RADIO_STATIONS.map((station) => refresh(station))),
    /** `send` gets every new track of a station while `isWanted` says this instance has listeners there. */
    watch(send: (station: Station, track: RadioTrack) => void, isWanted: (station: Station) => boolean) {
      deliver = send;
      wanted = isWanted;
    },
    /**
     * What a joining socket (or GET /api/radio/current) gets: the track last read, as of now. Only when
     * the feed knows nothing (before its first read, or after it stopped keeping up) is the station
     * read: one read, however many join meanwhile. An instance that does not keep up (not started, no
     * listener here: the CLI's app, a test's) reads it for that one caller.
     */
    async snapshot(station: Station): Promise<RadioTrack | null> {
      const feed = feeds.get(station)!;
      // Only a feed that keeps up reads for everyone joining; one that does not would refresh for nothing.
      if (feed.latest === undefined && keepsUp(station)) await (feed.reader.inFlight() ?? refresh(station));
      const latest = feed.latest === undefined && !keepsUp(station) ? await radio.playing(station) : feed.latest;
      if (latest === undefined) throw new Error(`radio ${station}: the station could not be read`);
      return latest && restamp(latest.track, now());
    },
    /** What the station played at the last read (undefined: not known here now) */
    latest: (station: Station): Playing | null | undefined => feeds.get(station)!.latest,
    /** The catalogue changed: a station with nothing to play may have songs now. */
    async wake() {
      if (!started) return;
      await Promise.all(RADIO_STATIONS.filter((station) => feeds.get(station)!.latest === null).map((station) => due(station)));
    },
    /** Arms the timers, and starts (or moves on) a station whose track ended while nothing ran. */
    async start() {
      started = true;
      await Promise.all(RADIO_STATIONS.map((station) => due(station)));
    },
    /** Disarms the timers and waits for the due-checks and reads under way (before the jobs and the database stop). */
    async stop() {
      started = false;
      for (const feed of feeds.values()) {
        clearTimeout(feed.timer);
        feed.timer = undefined;
      }
      while (working.size > 0) await Promise.allSettled([...working]);
    },
  };
}
