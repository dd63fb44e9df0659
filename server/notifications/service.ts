import { setTimeout as delay } from 'node:timers/promises';
import type { Db } from '../db/client';
import type { EventBus } from '../events';
import { JobBusyError, type JobDefinition, type JobRunner, type Logger } from '../jobs/runner';
import type { DiscordClient } from '../providers/discord/client';
import { type PostSite, presentRequestNotice, redactWebhook } from './present';
import { type Executor, insertNotice } from './queries';
import { emptyReport, type SendReport, sendDue } from './sender';
import type { RequestNotice } from './types';

/**
 * The streamer's Discord notifications, as an outbox: the paid-request lifecycle writes a post in
 * its own transaction (nothing for a rollback, nothing lost in a crash, no wait for Discord in a
 * payment), and a job sends it. The job runs on the job runner's advisory lock, so one instance at
 * a time posts; it runs periodically as a safety net, and is kicked on the instance that wrote a
 * post as soon as its transaction commits (the bus's `notifications.queued`), so a post arrives
 * within a second, not at the next period.
 */

export const DISCORD_JOB = 'discord notifications';
/** The safety net's period: a post a kick missed (a crash, another instance's run) goes within it */
export const DISCORD_JOB_INTERVAL_MS = 15_000;
/** A kick that finds the job running elsewhere looks again this often, this many times */
const BUSY_WAIT_MS = 250;
const BUSY_TRIES = 8;

export interface NotificationsDeps {
  db: Db;
  /** What posts link to; null: no webhook is configured, and nothing is written */
  site: PostSite | null;
  discord: () => DiscordClient | null;
  events: Pick<EventBus, 'publish'>;
  jobs: Pick<JobRunner, 'runExclusive'>;
  now: () => Date;
  log: Logger;
}

export type Notifications = ReturnType<typeof createNotifications>;

const add = (total: SendReport, report: SendReport) => {
  total.sent += report.sent;
  total.retrying += report.retrying;
  total.failed += report.failed;
  total.rateLimitedForMs = report.rateLimitedForMs ?? total.rateLimitedForMs;
};

export function createNotifications(deps: NotificationsDeps) {
  const { site } = deps;
  /** A kick came in: the run under way here looks once more before it ends */
  let again = false;
  let pass: Promise<void> | null = null;
  let stopped = false;
  /**
   * Until when (the clock's ms) Discord's last 429 asked this instance to wait: nothing is posted
   * before, so the posts keep their order and spend no attempts on refusals known in advance.
   */
  let pausedUntil = 0;

  /** The job's work: passes over the due posts while kicks keep coming. */
  async function sendAll(signal: AbortSignal): Promise<SendReport> {
    const total = emptyReport();
    do {
      again = false;
      if (deps.now().getTime() < pausedUntil) break;
      const discord = deps.discord();
      if (!discord) break;
      const report = await sendDue(deps, discord, signal);
      add(total, report);
      if (report.rateLimitedForMs !== null) pausedUntil = deps.now().getTime() + report.rateLimitedForMs;
    } while (again && !stopped);
    return total;
  }

  async function runKicked(): Promise<void> {
    for (let busy = 0; again && !stopped; ) {
      try {
        await deps.jobs.runExclusive(DISCORD_JOB, sendAll);
      } catch (error) {
        if (!(error instanceof JobBusyError)) {
          deps.log.warn(`Discord posts were not sent now (the job tries again): ${redactWebhook((error as Error).message)}`);
          return;
        }
        // A run holds the lock. Here, it sees `again` and looks once more; in another instance it may
        // have looked before our post committed, so look again shortly, then leave it to the job.
        if (++busy >= BUSY_TRIES) return;
        await delay(BUSY_WAIT_MS);
      }
    }
  }

  return {
    /** Whether a webhook is configured (DISCORD_WEBHOOK_URL, or the stand-in in demo mode) */
    enabled: site !== null,

    /**
     * Writes the post of a paid request in the caller's transaction: once per request and event
     * (a second call writes nothing), and only when a webhook is configured. Answers whether it
     * wrote one. Never calls Discord: sending is the job's, kicked when the transaction commits.
     */
    async enqueueRequestNotice(tx: Executor, notice: RequestNotice): Promise<boolean> {
      if (!site) return false;
      const at = deps.now();
      const body = presentRequestNotice(notice, site, at);
      const written = await insertNotice(tx, { songRequestId: notice.songRequestId, event: notice.event, body, at });
      // Delivered only when the transaction commits, so a rolled-back payment kicks nothing.
      if (written) await deps.events.publish(tx, 'notifications.queued', {});
      return written;
    },

    /**
     * Sends what is due now, on this instance, unless a run under way here takes it; resolves when
     * done and never rejects (a failure is logged, and the job tries again). Called on
     * `notifications.queued`; callers need not call it.
     */
    kick(): Promise<void> {
      if (!site || stopped) return Promise.resolve();
      again = true;
      pass ??= runKicked().finally(() => {
        pass = null;
      });
      return pass;
    },

    /** The sender job, which plugin.ts defines on the job runner */
    job: (): JobDefinition => ({ name: DISCORD_JOB, intervalMs: DISCORD_JOB_INTERVAL_MS, runAtStart: true, run: sendAll }),

    /** No more kicks; waits for the one under way (the app is closing) */
    async stop(): Promise<void> {
      stopped = true;
      await pass;
    },
  };
}
