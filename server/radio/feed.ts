import { RADIO_STATIONS } from '../../common/constants';
import type { RadioTrack, Station } from '../../common/radio';
import type { DueResult, Playing, RadioService } from './service';

/**
 * One instance's view of the stations. After every `radio.changed` (from any instance), a resync of
 * the bus, or a due-check, it re-reads a station once however many changes arrived meanwhile,
 * sends a new track to this instance's listeners, and (once started) sets a timer for the track's
 * end. When the timer fires it asks the service to advance the station; exactly one instance does
 * (service.advanceIfDue), the others hear the change like everyone else.
 */

export interface FeedOptions {
  radio: Pick<RadioService, 'playing' | 'advanceIfDue'>;
  now: () => Date;
  log: { error(message: string): void };
  /** Another instance is advancing (or a check failed): look again this soon, in case it died meanwhile */
  retryMs?: number;
  /** A station with nothing to play looks again this often (a sync may bring songs) */
  idleRetryMs?: number;
  /** The longest wait between retries after failures */
  maxRetryMs?: number;
}

interface StationFeed {
  timer?: NodeJS.Timeout;
  reading: boolean;
  stale: boolean;
  /** Version of the last track sent to this instance's listeners */
  sent?: number;
  /** The station played nothing at the last read */
  idle: boolean;
  /** Failed reads or advances in a row: the retry waits twice as long after each (the database may be away) */
  failures: number;
}

/** setTimeout takes at most 2^31-1 ms. */
const MAX_DELAY_MS = 2_147_483_647;

export type RadioFeed = ReturnType<typeof createRadioFeed>;

export function createRadioFeed(options: FeedOptions) {
  const { radio, now, log } = options;
  const retryMs = options.retryMs ?? 1_000;
  const idleRetryMs = options.idleRetryMs ?? 30_000;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const feeds = new Map<Station, StationFeed>(
    RADIO_STATIONS.map((station) => [station, { reading: false, stale: false, idle: false, failures: 0 }]),
  );
  let deliver: (station: Station, track: RadioTrack) => void = () => {};
  let wanted: (station: Station) => boolean = () => false;
  let started = false;

  function setTimer(station: Station, delayMs: number) {
    const feed = feeds.get(station)!;
    clearTimeout(feed.timer);
    feed.timer = undefined;
    if (!started) return;
    feed.timer = setTimeout(() => void due(station), Math.min(Math.max(delayMs, 0), MAX_DELAY_MS));
    feed.timer.unref();
  }

  /** After a failure: again soon, then less and less often while it keeps failing. */
  function retryAfterFailure(station: Station) {
    const feed = feeds.get(station)!;
    setTimer(station, Math.min(retryMs * 2 ** feed.failures, maxRetryMs));
    feed.failures++;
  }

  function apply(station: Station, playing: Playing | null) {
    const feed = feeds.get(station)!;
    feed.failures = 0;
    feed.idle = playing === null;
    if (playing && playing.version !== feed.sent) {
      feed.sent = playing.version;
      if (wanted(station)) deliver(station, playing.track);
    }
    setTimer(station, playing ? playing.endsAt.getTime() - now().getTime() : idleRetryMs);
  }

  /** Re-reads the station (coalesced: one more read after a burst), sends and re-arms. */
  async function refresh(station: Station): Promise<void> {
    const feed = feeds.get(station)!;
    if (feed.reading) {
      feed.stale = true;
      return;
    }
    feed.reading = true;
    try {
      do {
        feed.stale = false;
        if (!started && !wanted(station)) break;
        apply(station, await radio.playing(station));
      } while (feed.stale);
    } catch (error) {
      log.error(`radio ${station}: reading the station failed: ${(error as Error).message}`);
      retryAfterFailure(station);
    } finally {
      feed.reading = false;
    }
  }

  /** The timer's work: the track should be over; one instance moves the station on. */
  async function due(station: Station): Promise<DueResult | 'failed'> {
    let result: DueResult | 'failed';
    try {
      result = await radio.advanceIfDue(station);
    } catch (error) {
      log.error(`radio ${station}: advancing failed: ${(error as Error).message}`);
      result = 'failed';
    }
    if (result === 'failed') retryAfterFailure(station);
    else if (result === 'busy') setTimer(station, retryMs);
    else await refresh(station);
    return result;
  }

  return {
    refresh,
    due,
    refreshAll: () => Promise.all(RADIO_STATIONS.map((station) => refresh(station))),
    /** `send` gets every new track of a station while `isWanted` says this instance has listeners there. */
    watch(send: (station: Station, track: RadioTrack) => void, isWanted: (station: Station) => boolean) {
      deliver = send;
      wanted = isWanted;
    },
    /** The catalogue changed: a station with nothing to play may have songs now. */
    async wake() {
      if (!started) return;
      await Promise.all(RADIO_STATIONS.filter((station) => feeds.get(station)!.idle).map((station) => due(station)));
    },
    /** Arms the timers, and starts (or moves on) a station whose track ended while nothing ran. */
    async start() {
      started = true;
      await Promise.all(RADIO_STATIONS.map((station) => due(station)));
    },
    stop() {
      started = false;
      for (const feed of feeds.values()) {
        clearTimeout(feed.timer);
        feed.timer = undefined;
      }
    },
  };
}
