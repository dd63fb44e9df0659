import { RADIO_STATIONS } from '../../common/constants';
import { RADIO_HISTORY_SIZE, type RadioPlayed, type RadioTrack, type Station } from '../../common/radio';
import type { CatalogueService } from '../catalogue/service';
import type { Db } from '../db/client';
import { DomainError } from '../errors/domain';
import type { EventBus } from '../events';
import { JobBusyError, type JobRunner } from '../jobs/runner';
import type { Tx } from '../payments';
import { presentPlayed, presentTrack } from './present';
import {
  lockStation,
  type PlayingRow,
  type Pool,
  pickUnplayed,
  playableSong,
  readHistory,
  readPlaying,
  type StationState,
  startPlay,
  stationState,
  stopPlaying,
} from './queries';

/**
 * The radio's stations (spec 2 "Radio", design "Real time and jobs"). A station's state is in the
 * database (what plays, since when, until when, what it played), so every instance and every
 * restart agree on it. Every move goes through `advance`: the station's row lock, a check that the
 * move is still wanted (the version the caller saw, the track really over), the next song, a new
 * version announced as `radio.changed` in the same transaction.
 */

export interface RadioDeps {
  db: Db;
  events: Pick<EventBus, 'publish'>;
  now: () => Date;
  catalogue: Pick<CatalogueService, 'tags'>;
  jobs: Pick<JobRunner, 'runExclusive'>;
  /** Size of the `top` station's pool (RADIO_TOP_SIZE) */
  topSize: number;
}

/** What a due-check did: moved the station on, found its track still playing, found another instance at it, or had nothing to play. */
export type DueResult = 'advanced' | 'not-due' | 'busy' | 'idle';

/** What plays on a station, as its timers need it. */
export interface Playing {
  track: RadioTrack;
  version: number;
  /** The play's row: reactions are counted on it */
  playId: number;
  endsAt: Date;
}

export type RadioService = ReturnType<typeof createRadioService>;

/** The job runner's lock name of a station's advance: one instance at a time moves it. */
export const advanceJob = (station: Station) => `radio ${station}`;

const isDue = (state: StationState, now: Date) => state.playId === null || (state.endsAt !== null && state.endsAt <= now);

export function createRadioService(deps: RadioDeps) {
  const { db, events, now } = deps;
  const poolOf = (station: Station): Pool => ({ station, topSize: deps.topSize });

  /**
   * The next song: one the cycle has not played yet; when the cycle used the pool up, a new cycle
   * (never the song that just played, so no song plays twice in a row across cycles either); a
   * pool of a single playable song plays it again rather than fall silent.
   */
  async function pickNext(tx: Tx, pool: Pool, state: StationState) {
    const unplayed = await pickUnplayed(tx, pool, state.cycle, state.mediaId);
    if (unplayed) return { song: unplayed, cycle: state.cycle };
    const fresh = await pickUnplayed(tx, pool, state.cycle + 1, state.mediaId);
    if (fresh) return { song: fresh, cycle: state.cycle + 1 };
    const again = state.mediaId === null ? null : await playableSong(tx, pool, state.mediaId);
    return again ? { song: again, cycle: state.cycle + 1 } : null;
  }

  /** Presents what plays (tags are resolved outside any transaction: they read through `db`). */
  async function present(station: Station, row: PlayingRow | null): Promise<Playing | null> {
    if (!row) return null;
    const tagsOf = await deps.catalogue.tags.resolver([row.song.tagIds]);
    return { track: presentTrack(station, row, tagsOf, now()), version: row.version, playId: row.playId, endsAt: row.endsAt };
  }

  /**
   * Moves the station to its next track if `wanted` still says so under the station's lock. With
   * `answer`, also reads what the station plays once done, still under the lock: the track this
   * move started (or, when not wanted, the one that stays), never one a later move started.
   */
  async function advance(
    station: Station,
    wanted: (state: StationState) => boolean,
    answer = false,
  ): Promise<{ result: DueResult; playing: PlayingRow | null }> {
    return db.transaction(async (tx) => {
      const state = await lockStation(tx, station);
      const result = await moveOn(tx, station, state, wanted);
      return { result, playing: answer ? await readPlaying(tx, station) : null };
    });
  }

  async function moveOn(tx: Tx, station: Station, state: StationState, wanted: (state: StationState) => boolean): Promise<DueResult> {
    if (!wanted(state)) return 'not-due';
    // A play starts at least 1 ms after the one before, so its startedAt names it (a skip's startedAt).
    const at = new Date(Math.max(now().getTime(), (state.startedAt?.getTime() ?? 0) + 1));
    const next = await pickNext(tx, poolOf(station), state);
    if (!next && state.playId === null) return 'idle';
    const version = next ? await startPlay(tx, station, next.song, next.cycle, at) : await stopPlaying(tx, station, at);
    await events.publish(tx, 'radio.changed', { station, version });
    return next ? 'advanced' : 'idle';
  }

  const playing = async (station: Station) => present(station, await readPlaying(db, station));

  return {
    playing,

    /** The track a joining listener gets: startAtSecs as of now. Null while the station plays nothing. */
    async current(station: Station): Promise<RadioTrack | null> {
      return (await playing(station))?.track ?? null;
    },

    /** The last RADIO_HISTORY_SIZE tracks before the current one, newest first. */
    async history(station: Station): Promise<RadioPlayed[]> {
      const rows = await readHistory(db, station, RADIO_HISTORY_SIZE);
      const tagsOf = await deps.catalogue.tags.resolver(rows.map((row) => row.song.tagIds));
      return rows.map((row) => presentPlayed(row, tagsOf));
    },

    /**
     * What every instance's timer runs when the current track should be over (or the station plays
     * nothing): one instance at a time (the job runner's lock), and only if the station is still at
     * the version this instance saw and its track really ended, so an instance that comes late finds
     * the work done and does nothing.
     */
    async advanceIfDue(station: Station): Promise<DueResult> {
      const seen = await stationState(db, station);
      if (seen && !isDue(seen, now())) return 'not-due';
      const version = seen?.version ?? 0;
      try {
        const moved = await deps.jobs.runExclusive(advanceJob(station), () =>
          advance(station, (state) => state.version === version && isDue(state, now())),
        );
        return moved?.result ?? 'not-due';
      } catch (error) {
        if (error instanceof JobBusyError) return 'busy';
        throw error;
      }
    },

    /**
     * SKIP TRACK (admins): the next track starts now; answers it. With `startedAt` (the `startedAt`
     * of the track the admin sees, unique per play), only that play is skipped: when it is no longer
     * current (the timer moved on first, a double click, a second admin), nothing moves and the
     * answer is the track that plays. 409 when the station has nothing to play.
     */
    async skip(station: Station, startedAt?: Date): Promise<RadioTrack> {
      const meant = (state: StationState) => startedAt === undefined || state.startedAt?.getTime() === startedAt.getTime();
      const now = await present(station, (await advance(station, meant, true)).playing);
      if (!now) throw new DomainError('conflict', 'There is nothing to play on this station yet');
      return now.track;
    },

    stations: RADIO_STATIONS,
  };
}
