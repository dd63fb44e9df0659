import { RADIO_STATIONS } from '../../common/constants';
import type { RadioClientMessage, RadioCrowd, RadioSocketQuery, Reaction, Station } from '../../common/radio';
import { REACTION_EVERY_MS } from '../../common/reactions';
import type { Db } from '../db/client';
import type { EventBus } from '../events';
import type { Channel, Member } from '../realtime/gateway';
import { createRetryingReader } from '../realtime/reader';
import { createThrottle, type Throttle } from '../realtime/throttle';
import { LISTENERS_COALESCE_MS, LISTENERS_FRESH_SECONDS } from './listeners';
import { presentCrowd } from './present';
import { addReactions, type CrowdRow, castVote, readCrowd } from './queries';
import type { Playing } from './service';

/**
 * The crowd of each station's current track (issue 25): listeners' reactions and logged-in
 * listeners' votes to skip, sent on the radio socket (common/radio.ts radioClientMessageSchema).
 *
 * - A reaction counts at most once per REACTION_EVERY_MS per socket (the rest are dropped; the
 *   gateway's flood rule still closes a socket that sends too much). This instance adds what it
 *   received to the play's row in one update per FLUSH_MS, and announces `radio.crowd` in that
 *   transaction: a burst of a thousand taps costs one write, not a thousand.
 * - A vote is a row per user and play (one per track; a vote for a track no longer playing counts
 *   for nothing), announced the same way.
 * - After any `radio.crowd`, `radio.listeners` (who is logged in here changed) or `radio.changed`,
 *   each instance with listeners of the station reads its crowd again (at most once per
 *   LISTENERS_COALESCE_MS, one read at a time) and sends it to its `crowd=1` sockets: the reactions,
 *   the votes of the logged-in users listening now (on any instance: radio_listeners.user_ids) and how
 *   many votes skip the track. When a read finds enough votes, the instance skips the track through
 *   the admins' SKIP TRACK (`radio.skip` naming the play), so however many instances find it at
 *   once, the station moves once.
 */

/** Reactions received here are written together this often. */
export const REACTIONS_FLUSH_MS = 250;

export interface CrowdOptions {
  db: Db;
  events: Pick<EventBus, 'publish'>;
  now: () => Date;
  log: { error(message: string): void };
  /** The station's sockets on this instance (the radio socket's channel, made after this) */
  channel: () => Pick<Channel<RadioSocketQuery>, 'broadcast' | 'size'> | undefined;
  /** What the station plays, as the feed read it last (undefined: unknown here now) */
  playing(station: Station): Playing | null | undefined;
  /** SKIP TRACK for the play that started at `startedAt` (nothing moves when it already ended) */
  skip(station: Station, startedAt: Date): Promise<unknown>;
  flushMs?: number;
  coalesceMs?: number;
}

export type Crowd = ReturnType<typeof createCrowd>;

type Pending = Map<number, { station: Station; counts: Partial<Record<Reaction, number>> }>;

export function createCrowd(options: CrowdOptions) {
  const { db, events, now, log } = options;
  /** When each socket's last counted reaction came */
  const lastReaction = new WeakMap<Member, number>();
  /** Reactions received here, not written yet, by play */
  let pending: Pending = new Map();
  let writing: Promise<void> = Promise.resolve();
  /** The crowd message each station's sockets got last */
  const latest = new Map<Station, RadioCrowd | null>();
  /** The play each station's skip was last asked for here: one skip per play and instance */
  const skipped = new Map<Station, string>();
  let stopped = false;
  /** Reactions taken and dropped (within a listener's second) since start; votes done (counted or not) */
  const reactions = { counted: 0, dropped: 0 };
  let votes = 0;

  const flusher = createThrottle(() => void flush(), options.flushMs ?? REACTIONS_FLUSH_MS, now);

  /** Writes the reactions received so far, one transaction, one announcement per play; one write at a time. */
  function flush(): Promise<void> {
    writing = writing.then(async () => {
      const batch = pending;
      pending = new Map();
      if (batch.size === 0) return;
      await db
        .transaction(async (tx) => {
          for (const [playId, { station, counts }] of batch) {
            await addReactions(tx, playId, counts);
            await events.publish(tx, 'radio.crowd', { station, playId });
          }
        })
        // Reactions are a moment's feeling: a failed write is logged, not retried.
        .catch((error: Error) => log.error(`radio reactions: ${error.message}`));
    });
    return writing;
  }

  function react(member: Member<RadioSocketQuery>, reaction: Reaction) {
    const station = member.query.station;
    const at = now().getTime();
    const last = lastReaction.get(member);
    // Within the second: dropped. A clock that moved back does not hold a listener up.
    const playing = options.playing(station);
    if ((last !== undefined && at - last >= 0 && at - last < REACTION_EVERY_MS) || !playing || stopped) {
      reactions.dropped++;
      return;
    }
    reactions.counted++;
    lastReaction.set(member, at);
    const entry = pending.get(playing.playId) ?? { station, counts: {} };
    entry.counts[reaction] = (entry.counts[reaction] ?? 0) + 1;
    pending.set(playing.playId, entry);
    flusher.request();
  }

  async function vote(member: Member<RadioSocketQuery>, startedAt: string) {
    const station = member.query.station;
    const userId = member.userId;
    if (userId !== null && !stopped) {
      await db
        .transaction(async (tx) => {
          const playId = await castVote(tx, station, new Date(startedAt), userId);
          if (playId !== null) await events.publish(tx, 'radio.crowd', { station, playId });
        })
        .catch((error: Error) => log.error(`radio vote: ${error.message}`));
    }
    votes++;
  }

  /** A read's crowd goes to the `crowd=1` sockets; enough votes skip the track. */
  function deliver(station: Station, row: CrowdRow | null) {
    const message = row && presentCrowd(station, row);
    latest.set(station, message);
    if (!message) return;
    options.channel()?.broadcast(station, message, (member) => member.query.crowd === '1');
    if (message.votes >= message.needed && skipped.get(station) !== message.startedAt && !stopped) {
      skipped.set(station, message.startedAt);
      options.skip(station, row!.startedAt).catch((error: Error) => log.error(`radio ${station}: skip by votes failed: ${error.message}`));
    }
  }

  const readers = new Map<Station, Throttle & { stop(): void }>(
    RADIO_STATIONS.map((station) => {
      const reader = createRetryingReader<CrowdRow | null>({
        what: `radio ${station} crowd`,
        log,
        read: () => readCrowd(db, station, LISTENERS_FRESH_SECONDS),
        wanted: () => (options.channel()?.size(station) ?? 0) > 0,
        deliver: (row) => deliver(station, row),
      });
      const throttle = createThrottle(() => void reader.refresh(), options.coalesceMs ?? LISTENERS_COALESCE_MS, now);
      return [station, { ...throttle, stop: reader.stop }];
    }),
  );

  return {
    /** A message a radio socket sent (the gateway checked its shape) */
    receive(message: RadioClientMessage, member: Member<RadioSocketQuery>) {
      if (message.type === 'react') react(member, message.reaction);
      else void vote(member, message.startedAt);
    },
    /** The station's crowd may have changed (on any instance): read it again soon and send it. */
    changed(station?: Station) {
      if (stopped) return;
      for (const one of station ? [station] : RADIO_STATIONS) readers.get(one)!.request();
    },
    /**
     * What a joining `crowd=1` socket gets after the track: the crowd last sent here, if it is that
     * track's; otherwise nothing yet, and a read whose answer it gets within moments.
     */
    snapshot(station: Station, startedAt: string | undefined): RadioCrowd | null {
      const known = latest.get(station);
      if (known && known.startedAt === startedAt) return known;
      readers.get(station)!.request();
      return null;
    },
    /** Reactions counted and dropped here since start, and votes taken (counted or not) */
    stats: () => ({ ...reactions, votes }),
    /** Writes what was received now (tests; the stop) */
    flush,
    async stop() {
      stopped = true;
      flusher.cancel();
      for (const reader of readers.values()) {
        reader.cancel();
        reader.stop();
      }
      await flush();
    },
  };
}
