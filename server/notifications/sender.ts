import type { Db } from '../db/client';
import type { Logger } from '../jobs/runner';
import type { DiscordClient, DiscordPost } from '../providers/discord/client';
import { ProviderError } from '../providers/shared/http';
import { redactWebhook } from './present';
import { duePosts, markFailed, markRetry, markSent, type OutboxRow } from './queries';

/**
 * One pass of the sender: every due post, oldest first, once. A post that fails waits by the clock
 * (doubling from a first wait, or as long as a 429's `retry_after` asks), so no pass ever sleeps;
 * it is given up after a bounded number of attempts, or at once when Discord refuses it for good
 * (unknown webhook, bad token, a body it will never take). Discord has no idempotency key: a post
 * whose answer was lost (a timeout after Discord stored it) is posted again, so delivery is at
 * least once, and exactly once whenever Discord answers.
 */

export const SEND_POLICY = {
  /** Attempts of one post before it is given up (about an hour and a half of waits) */
  maxAttempts: 10,
  firstBackoffMs: 15_000,
  maxBackoffMs: 30 * 60_000,
} as const;

const BATCH = 20;

export interface SendReport {
  sent: number;
  retrying: number;
  failed: number;
  /** Discord answered 429 and asked to wait this long: the pass stopped there */
  rateLimitedForMs: number | null;
}

export const emptyReport = (): SendReport => ({ sent: 0, retrying: 0, failed: 0, rateLimitedForMs: null });

export interface SenderDeps {
  db: Db;
  now: () => Date;
  log: Logger;
}

type Outcome =
  | { kind: 'sent' }
  | { kind: 'retry'; waitMs: number; error: string; rateLimited: boolean }
  | { kind: 'failed'; error: string };

/** The wait before the attempt after `attempts` failed ones: 15 s, 30 s, 1 min … at most 30 min. */
export function backoffMs(attempts: number): number {
  return Math.min(SEND_POLICY.maxBackoffMs, SEND_POLICY.firstBackoffMs * 2 ** Math.max(0, attempts - 1));
}

/** Discord's 429 body says how long to wait, in seconds (a fraction is common): `{retry_after, global}`. */
function retryAfterMs(error: ProviderError): number | null {
  const seconds = (error.details.body as { retry_after?: unknown } | undefined)?.retry_after;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : null;
}

/** What an error means for the post, after `attempts` attempts including this one. */
export function outcomeOf(error: unknown, attempts: number): Outcome {
  const message = redactWebhook(error instanceof Error ? error.message : String(error));
  const status = error instanceof ProviderError ? error.status : null;
  // Discord answered 2xx in a shape we did not expect: the post is there, and posting again would repeat it.
  if (status !== null && status < 300) return { kind: 'sent' };
  // Any other refusal (unknown webhook, bad token, a body Discord will never take) is final; a 429 or 408 is not.
  if (status !== null && status >= 400 && status < 500 && status !== 429 && status !== 408) return { kind: 'failed', error: message };
  if (attempts >= SEND_POLICY.maxAttempts) return { kind: 'failed', error: `gave up after ${attempts} attempts: ${message}` };
  const rateLimited = status === 429;
  const asked = rateLimited ? retryAfterMs(error as ProviderError) : null;
  return { kind: 'retry', waitMs: asked ?? backoffMs(attempts), error: message, rateLimited };
}

async function attempt(discord: DiscordClient, row: OutboxRow): Promise<Outcome> {
  try {
    await discord.post(row.body as DiscordPost);
    return { kind: 'sent' };
  } catch (error) {
    return outcomeOf(error, row.attempts + 1);
  }
}

async function record(deps: SenderDeps, row: OutboxRow, outcome: Outcome, report: SendReport): Promise<void> {
  const at = deps.now();
  const what = `Discord post ${row.id} (request ${row.songRequestId}, ${row.event})`;
  if (outcome.kind === 'sent') {
    await markSent(deps.db, row.id, at);
    report.sent++;
  } else if (outcome.kind === 'retry') {
    await markRetry(deps.db, row.id, { nextAttemptAt: new Date(at.getTime() + outcome.waitMs), error: outcome.error, at });
    report.retrying++;
    deps.log.info(`${what} will be tried again in ${Math.ceil(outcome.waitMs / 1000)} s: ${outcome.error}`);
  } else {
    await markFailed(deps.db, row.id, { error: outcome.error, at });
    report.failed++;
    deps.log.warn(`${what} was given up: ${outcome.error}`);
  }
}

/** Sends what is due; `signal` stops it between posts when the job's lock was lost. */
export async function sendDue(deps: SenderDeps, discord: DiscordClient, signal?: AbortSignal): Promise<SendReport> {
  const report = emptyReport();
  let afterId = 0;
  for (;;) {
    const rows = await duePosts(deps.db, deps.now(), afterId, BATCH);
    if (rows.length === 0) return report;
    for (const row of rows) {
      signal?.throwIfAborted();
      afterId = row.id;
      const outcome = await attempt(discord, row);
      await record(deps, row, outcome, report);
      // The webhook is rate limited: every later post would be refused too until it has waited.
      if (outcome.kind === 'retry' && outcome.rateLimited) return { ...report, rateLimitedForMs: outcome.waitMs };
    }
  }
}
