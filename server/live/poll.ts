import type { Db } from '../db/client';
import type { JobDefinition } from '../jobs/runner';
import type { TwitchClient } from '../providers/twitch/client';
import { presentLive } from './present';
import { storeLiveStatus } from './queries';

/**
 * The live indicator's background check: asks Twitch whether the channel is live and stores the
 * answer in `live_status`, which is all `/api/live` reads. A failed check leaves the last answer,
 * which the route stops trusting once it is too old.
 */

export const LIVE_JOB = 'live';

/** `stored` runs once the answer is in the table: the app drops its cached /api/live answers then. */
export async function pollLive(db: Db, twitch: TwitchClient, login: string, stored: () => void = () => {}) {
  const stream = await twitch.liveStream(login);
  const check = { live: stream !== null, title: stream?.title ?? null, startedAt: stream?.startedAt ?? null, checkedAt: new Date() };
  await storeLiveStatus(db, check);
  stored();
  return presentLive(check);
}

export function liveJob(options: {
  db: Db;
  twitch: () => TwitchClient | null;
  login: string;
  pollSeconds: number;
  stored?: () => void;
}): JobDefinition {
  return {
    name: LIVE_JOB,
    intervalMs: options.pollSeconds * 1000,
    runAtStart: options.pollSeconds > 0,
    async run() {
      const twitch = options.twitch();
      if (!twitch) return { skipped: 'Twitch is not configured' };
      return pollLive(options.db, twitch, options.login, options.stored);
    },
  };
}

/** A stored answer older than this is not shown as live (the checks have been failing). */
export function liveStaleAfterMs(pollSeconds: number): number {
  return Math.max(5 * 60_000, pollSeconds * 3 * 1000);
}
