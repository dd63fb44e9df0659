import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { openPostgres } from '../db/client';
import { discordOutbox, songRequests } from '../db/schema';
import { DEMO_ACCOUNTS } from '../demo/accounts';
import { createJobRunner, JobBusyError } from '../jobs/runner';
import { createDiscordClient } from '../providers/discord/client';
import { DEFAULT_RETRY } from '../providers/shared/http';
import { createSandboxedApp } from '../sandbox/testing';
import { testClock } from '../testing/clock';
import { DISCORD_JOB, SEND_POLICY } from './index';
import { backoffMs } from './sender';
import { createNotifications, type NotificationsDeps } from './service';
import type { RequestNotice } from './types';

/**
 * The outbox through Discord's stand-in, over real HTTP: what lands in GET /sandbox/discord/messages,
 * and what the outbox row says. Time is the test clock's; the kick after a commit is heard through
 * the event bus, so a test waits for the row to show the attempt (vi.waitFor), never for time.
 */

const clock = testClock();
const t = await createSandboxedApp({ now: clock.now });
const notifications = t.notifications;
const { webhookId, token } = DEMO_ACCOUNTS.discord;

afterEach(async () => {
  // A kicked run may still be recording itself after its post: the next test starts with the job free.
  await vi.waitFor(async () => expect(await t.jobs.isRunning(DISCORD_JOB)).toBe(false));
  t.state.reset();
  await t.db.delete(discordOutbox);
});

async function buildRequest(overrides: Partial<typeof songRequests.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(songRequests)
    .values({ videoId: 'dQw4w9WgXcQ', title: 'Never Gonna Give You Up', username: 'fan_one', state: 'queued', ...overrides })
    .returning();
  return row!;
}

function noticeOf(request: Awaited<ReturnType<typeof buildRequest>>, overrides: Partial<RequestNotice> = {}): RequestNotice {
  const { id, title, username, videoId } = request;
  return { songRequestId: id, event: 'paid', kind: 'flip', title, username, amount: '20.00', currency: 'USD', videoId, ...overrides };
}

/** As the paid-request lifecycle does: in the transaction that records the payment. */
const enqueue = (notice: RequestNotice) => t.db.transaction((tx) => notifications.enqueueRequestNotice(tx, notice));

const rowsOf = (songRequestId: number) => t.db.select().from(discordOutbox).where(eq(discordOutbox.songRequestId, songRequestId));
async function rowOf(songRequestId: number) {
  const [row] = await rowsOf(songRequestId);
  expect(row).toBeDefined();
  return row!;
}
type Row = Awaited<ReturnType<typeof rowOf>>;

/** Waits until the kick that followed the commit has done what `done` looks for. */
function onceRow(songRequestId: number, done: (row: Row) => boolean) {
  return vi.waitFor(
    async () => {
      const row = await rowOf(songRequestId);
      expect(done(row), JSON.stringify(row)).toBe(true);
      return row;
    },
    { timeout: 5_000, interval: 20 },
  );
}

const posts = () => t.state.discord.messages;
const discordCalls = () => t.state.requests.filter((r) => r.provider === 'discord').length;
const msAfterNow = (date: Date) => date.getTime() - clock.now().getTime();

function recordingLog() {
  const lines: string[] = [];
  const push = (line: string) => void lines.push(line);
  return { lines, log: { info: push, warn: (line: string) => push(`WARN ${line}`), error: (line: string) => push(`ERROR ${line}`) } };
}

/** The outbox service as another caller would build it (another webhook, another instance); its writes kick nothing. */
function serviceWith(overrides: Partial<NotificationsDeps>) {
  return createNotifications({
    db: t.db,
    site: { publicUrl: t.config.publicUrl, siteName: t.config.site.name },
    discord: () => t.providers().discord,
    events: { publish: async () => {} },
    jobs: t.jobs,
    now: clock.now,
    log: recordingLog().log,
    ...overrides,
  });
}

const webhookAt = (id: string, secret: string) =>
  createDiscordClient({
    webhookUrl: `${t.origin}/sandbox/discord/api/webhooks/${id}/${secret}`,
    http: { timeoutMs: 5_000, retry: { ...DEFAULT_RETRY, retries: 0 } },
  });

describe('Discord posts of paid requests', () => {
  it('posts a paid flip once, right after the payment commits, to the demo’s stand-in', async () => {
    const request = await buildRequest();
    expect(await enqueue(noticeOf(request))).toBe(true);
    const row = await onceRow(request.id, (r) => r.sentAt !== null);
    expect(row).toMatchObject({ attempts: 1, failedAt: null, lastError: null });
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.webhookId).toBe(webhookId);
    expect(posts()[0]!.body).toMatchObject({
      content: 'New flip request: paid and queued',
      allowed_mentions: { parse: [] },
      embeds: [
        {
          title: 'Never Gonna Give You Up',
          url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          fields: [
            { name: 'Requested by', value: 'fan\\_one' },
            { name: 'Paid', value: '$20.00' },
            { name: 'Video', value: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
          ],
        },
      ],
    });
    // Reported again (a second settle) or run again: nothing more is written or posted.
    expect(await enqueue(noticeOf(request))).toBe(false);
    await notifications.kick();
    expect(await rowsOf(request.id)).toHaveLength(1);
    expect(posts()).toHaveLength(1);
  });

  it('posts a held sample with the link to the approvals tab', async () => {
    const request = await buildRequest({ videoId: 'sample', title: 'Voice sample (4.2 s)', state: 'held' });
    await enqueue(noticeOf(request, { event: 'held', kind: 'sample', amount: '5.00', videoId: null }));
    await onceRow(request.id, (r) => r.sentAt !== null);
    const approvals = `${t.config.publicUrl}/admin/approvals`;
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.body).toMatchObject({
      content: 'A paid voice sample is waiting for approval',
      embeds: [
        {
          url: approvals,
          fields: [
            { name: 'Requested by', value: 'fan\\_one' },
            { name: 'Paid', value: '$5.00' },
            { name: 'Waiting for approval', value: `[Approve or reject it in Request Approvals](${approvals})` },
          ],
        },
      ],
    });
  });

  it('writes nothing when the payment’s transaction rolls back', async () => {
    const request = await buildRequest();
    const rolledBack = t.db.transaction(async (tx) => {
      await notifications.enqueueRequestNotice(tx, noticeOf(request));
      throw new Error('the payment failed after the post was written');
    });
    await expect(rolledBack).rejects.toThrow('the payment failed');
    expect(await rowsOf(request.id)).toEqual([]);
    await notifications.kick();
    expect(posts()).toEqual([]);
  });

  it('escapes what the fan typed: no ping, no formatting', async () => {
    const username = '@everyone **FREE** ||nitro|| [click](https://evil.example) <@123>';
    const request = await buildRequest({ username, title: '# Big title\n> @here `now`' });
    await enqueue(noticeOf(request));
    await onceRow(request.id, (r) => r.sentAt !== null);
    const body = posts()[0]!.body;
    expect(body.allowed_mentions).toEqual({ parse: [] });
    const embed = body.embeds![0]!;
    expect(embed.title).toBe('\\# Big title \\> @\u200bhere \\`now\\`');
    expect(embed.fields![0]!.value).toBe(
      '@\u200beveryone \\*\\*FREE\\*\\* \\|\\|nitro\\|\\| \\[click\\]\\(https://evil.example\\) \\<@\u200b123\\>',
    );
    expect(JSON.stringify(body)).not.toMatch(/@everyone|@here|<@1/);
  });
});

describe('when Discord fails', () => {
  it('tries again after a 500, by the clock, and posts once', async () => {
    t.state.faults.inject({ provider: 'discord', status: 500 });
    const request = await buildRequest();
    await enqueue(noticeOf(request));
    const failed = await onceRow(request.id, (r) => r.attempts === 1);
    expect(failed).toMatchObject({ sentAt: null, failedAt: null });
    expect(failed.lastError).toContain('500');
    expect(msAfterNow(failed.nextAttemptAt)).toBe(SEND_POLICY.firstBackoffMs);
    // Not due yet: a kick does not call Discord.
    await notifications.kick();
    expect(discordCalls()).toBe(1);
    clock.advance(SEND_POLICY.firstBackoffMs);
    await notifications.kick();
    expect(await rowOf(request.id)).toMatchObject({ attempts: 2, lastError: null, sentAt: clock.now() });
    expect(posts()).toHaveLength(1);
  });

  it('waits out a 429 as long as its retry_after says, sending nothing meanwhile, then sends in order', async () => {
    t.state.faults.inject({ provider: 'discord', status: 429, retryAfter: 1 });
    const first = await buildRequest({ title: 'First' });
    const second = await buildRequest({ title: 'Second' });
    await t.db.transaction(async (tx) => {
      await notifications.enqueueRequestNotice(tx, noticeOf(first));
      await notifications.enqueueRequestNotice(tx, noticeOf(second));
    });
    const limited = await onceRow(first.id, (r) => r.attempts === 1);
    // The stand-in's 429 body says retry_after: 1 (seconds), shorter than the first backoff.
    expect(msAfterNow(limited.nextAttemptAt)).toBe(1_000);
    expect(limited.lastError).toContain('429');
    // The webhook is rate limited: the pass stopped before the second post, which waits too.
    expect(await rowOf(second.id)).toMatchObject({ attempts: 0, sentAt: null });
    clock.advance(999);
    await notifications.kick();
    expect(discordCalls()).toBe(1);
    clock.advance(1);
    await notifications.kick();
    expect(await rowOf(first.id)).toMatchObject({ attempts: 2, lastError: null, sentAt: clock.now() });
    expect(await rowOf(second.id)).toMatchObject({ attempts: 1, sentAt: clock.now() });
    expect(posts().map((p) => p.body.embeds![0]!.title)).toEqual(['First', 'Second']);
    expect(discordCalls()).toBe(3);
  });

  it('gives up after a bounded number of attempts, with waits doubling', async () => {
    t.state.faults.inject({ provider: 'discord', status: 503, times: Number.POSITIVE_INFINITY });
    const request = await buildRequest();
    await enqueue(noticeOf(request));
    let row = await onceRow(request.id, (r) => r.attempts === 1);
    const waits: number[] = [];
    while (row.failedAt === null) {
      waits.push(msAfterNow(row.nextAttemptAt));
      clock.set(row.nextAttemptAt);
      await notifications.kick();
      row = await rowOf(request.id);
    }
    expect(row.attempts).toBe(SEND_POLICY.maxAttempts);
    expect(waits).toEqual(Array.from({ length: SEND_POLICY.maxAttempts - 1 }, (_, i) => backoffMs(i + 1)));
    expect(waits.slice(0, 4)).toEqual([15_000, 30_000, 60_000, 120_000]);
    expect(row.lastError).toMatch(/^gave up after 10 attempts: .*503/);
    expect(discordCalls()).toBe(SEND_POLICY.maxAttempts);
    clock.advance(24 * 3600_000);
    await notifications.kick();
    expect(discordCalls()).toBe(SEND_POLICY.maxAttempts);
    expect(posts()).toEqual([]);
  });

  it.each([
    ['an unknown webhook (404, 10015)', '1300000000000000999', token, /404 \(10015\).*Unknown Webhook/],
    ['a wrong token (401, 50027)', webhookId, 'not-the-token-at-all', /401 \(50027\).*Invalid Webhook Token/],
  ])('gives up at once on %s, logging a warning without the token', async (_name, id, secret, expected) => {
    const { lines, log } = recordingLog();
    const refused = serviceWith({ discord: () => webhookAt(id, secret), log });
    const request = await buildRequest();
    await t.db.transaction((tx) => refused.enqueueRequestNotice(tx, noticeOf(request)));
    await refused.kick();
    const row = await rowOf(request.id);
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: clock.now() });
    expect(row.lastError).toMatch(expected);
    expect(lines.filter((line) => line.startsWith('WARN'))).toEqual([
      expect.stringMatching(/^WARN Discord post \d+ \(request \d+, paid\) was given up: /),
    ]);
    for (const text of [row.lastError!, ...lines]) expect(text).not.toContain(secret);
    expect(row.lastError).toContain(`/webhooks/${id}/***`);
    clock.advance(24 * 3600_000);
    await refused.kick();
    expect(discordCalls()).toBe(1);
    expect(posts()).toEqual([]);
  });
});

/** A second instance on the same database: on PostgreSQL its own connections (so the advisory lock decides), on PGlite this process. */
async function anotherInstance(): Promise<{ database: Database; close(): Promise<void> }> {
  if (t.database.kind !== 'postgres') return { database: t.database, close: async () => {} };
  const url = (t.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
  const database = await openPostgres(url, 2);
  return { database, close: () => database.close() };
}

describe('several senders', () => {
  it('posts once when two instances run the job at once', async () => {
    const other = await anotherInstance();
    try {
      const runner = createJobRunner({ database: other.database, log: recordingLog().log, now: clock.now });
      const elsewhere = serviceWith({ db: other.database.db, jobs: runner });
      let open!: () => void;
      const gate = t.state.faults.inject({ provider: 'discord', hold: new Promise<void>((resolve) => (open = resolve)) });
      const request = await buildRequest();
      // Written without a kick, so the two runs below are the only senders.
      await t.db.transaction((tx) => elsewhere.enqueueRequestNotice(tx, noticeOf(request)));
      const here = t.jobs.runExclusive(DISCORD_JOB, notifications.job().run);
      await gate.reached;
      // The first run is posting: the other instance's run does not start, nor does a second one here.
      await expect(runner.runExclusive(DISCORD_JOB, elsewhere.job().run)).rejects.toBeInstanceOf(JobBusyError);
      await expect(t.jobs.runExclusive(DISCORD_JOB, notifications.job().run)).rejects.toBeInstanceOf(JobBusyError);
      open();
      expect(await here).toMatchObject({ sent: 1, retrying: 0, failed: 0 });
      // Once it is done, the other instance's run finds nothing left to send.
      expect(await runner.runExclusive(DISCORD_JOB, elsewhere.job().run)).toMatchObject({ sent: 0 });
      expect(posts()).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('sends posts written during a run in that run, and kicks at once share one pass', async () => {
    let open!: () => void;
    const gate = t.state.faults.inject({ provider: 'discord', hold: new Promise<void>((resolve) => (open = resolve)) });
    const first = await buildRequest({ title: 'First' });
    await enqueue(noticeOf(first));
    await gate.reached;
    const second = await buildRequest({ title: 'Second' });
    await enqueue(noticeOf(second));
    const kicks = [notifications.kick(), notifications.kick()];
    open();
    await Promise.all(kicks);
    await onceRow(second.id, (r) => r.sentAt !== null);
    expect(posts().map((p) => p.body.embeds![0]!.title)).toEqual(['First', 'Second']);
    expect(discordCalls()).toBe(2);
  });
});
