import { asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NUL_MESSAGE, SURROGATE_MESSAGE } from '../../../common/fields';
import { OVERLAY_PATHS, samplePlaysSchema } from '../../../common/overlays';
import { QUEUE_PATHS, type Queue } from '../../../common/queue';
import { heldRequestsSchema, requestDecisionSchema } from '../../../common/request-lifecycle';
import { REQUEST_LIFECYCLE_PATHS } from '../../../common/request-states';
import { songRequests, songRequestTransitions } from '../../db/schema';
import { createSandboxedApp } from '../../sandbox/testing';
import { buildAdmin, buildUser } from '../../testing/users';
import { requestPayer } from '../testing';

/**
 * The control room end to end, through the routes, the PayPal stand-in and its webhooks: a paid
 * request of either kind waits (held) while its approval is on, an approval sends it on, a
 * rejection takes it out at once and refunds it in full exactly once, whatever PayPal answers.
 */

let now = new Date('2026-03-01T12:00:00Z');
const t = await createSandboxedApp({
  now: () => now,
  env: {
    WRITE_RATE_LIMIT: '100000',
    FLIPS_REQUIRE_APPROVAL: 'true',
    SAMPLES_REQUIRE_APPROVAL: 'true',
    OVERLAY_KEY: 'lifecycle-overlay-key',
  },
});
const paypal = t.state.paypal;
const admin = await buildAdmin(t.db);
const secondAdmin = await buildAdmin(t.db, { login: 'second_admin' });
const fan = await buildUser(t.db);

afterEach(async () => {
  t.state.faults.clear();
  paypal.pendingRefunds = 0;
  await paypal.webhooks.idle();
});

const paid = requestPayer(t);

const post = (url: string, user = admin, payload?: object) => t.app.inject({ method: 'POST', url, headers: user.headers, payload });
const approve = (id: number, user = admin) => post(REQUEST_LIFECYCLE_PATHS.approve(id), user);
const reject = (id: number, body: object = {}, user = admin) => post(REQUEST_LIFECYCLE_PATHS.reject(id), user, body);
const decision = (res: { json(): unknown }) => requestDecisionSchema.parse(res.json());
const held = async () =>
  heldRequestsSchema.parse((await t.app.inject({ url: REQUEST_LIFECYCLE_PATHS.held, headers: admin.headers })).json());
const queueTitles = async () => ((await t.app.inject({ url: QUEUE_PATHS.queue })).json() as Queue).map((item) => item.requestId);
const playerIds = async () =>
  samplePlaysSchema
    .parse((await t.app.inject({ url: `${OVERLAY_PATHS.samples}?key=lifecycle-overlay-key` })).json())
    .plays.map((play) => play.sampleRequestId);
const stateOf = async (id: number) => (await t.db.select().from(songRequests).where(eq(songRequests.id, id)))[0]!;
const trail = async (id: number) =>
  (
    await t.db
      .select()
      .from(songRequestTransitions)
      .where(eq(songRequestTransitions.songRequestId, id))
      .orderBy(asc(songRequestTransitions.id))
  ).map((row) => `${row.fromState ?? '-'}>${row.toState} by ${row.actor}${row.actorUserId ? `#${row.actorUserId}` : ''}`);
/** How much PayPal gave back of an order's capture, in cents, and how many REFUNDED webhooks it sent for it. */
const refundedOf = (orderId: string) => {
  const capture = paypal.orders.get(orderId).capture!;
  const events = paypal.webhooks.deliveries.filter(
    (d) => d.event.event_type === 'PAYMENT.CAPTURE.REFUNDED' && JSON.stringify(d.event.resource).includes(capture.id),
  );
  return { cents: capture.refundedCents, events: new Set(events.map((d) => d.event.id)).size };
};
const sampleIdOf = async (id: number) => (await stateOf(id)).sampleRequestId!;

describe('held requests', () => {
  it('holds a paid flip out of the queue, lists it for admins oldest first, and an approval queues it once', async () => {
    const first = await paid('flip');
    now = new Date(now.getTime() + 60_000);
    const second = await paid('sample');
    const list = await held();
    const ids = list.map((item) => item.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(list.find((item) => item.id === first.id)).toMatchObject({
      kind: 'flip',
      amount: '20.00',
      currency: 'USD',
      username: 'Night-Owl',
    });
    expect(list.find((item) => item.id === second.id)).toMatchObject({ kind: 'sample', amount: '10.00', videoId: null });
    expect(await queueTitles()).not.toContain(first.id);

    expect(decision(await approve(first.id))).toEqual({ id: first.id, state: 'queued', changed: true, refundError: null });
    expect(await queueTitles()).toContain(first.id);
    // A second approval answers the state and changes nothing.
    expect(decision(await approve(first.id))).toMatchObject({ state: 'queued', changed: false });
    expect(await trail(first.id)).toEqual(['->held by buyer', `held>queued by admin#${admin.id}`]);
    expect((await held()).map((item) => item.id)).not.toContain(first.id);
  });

  it('keeps a held sample from the sample player until it is approved', async () => {
    const request = await paid('sample');
    const sampleId = await sampleIdOf(request.id);
    expect(await playerIds()).not.toContain(sampleId);
    // The audio is there for the admin to listen to before deciding.
    expect((await t.app.inject({ url: `/api/requests/recording/${sampleId}/audio`, headers: admin.headers })).statusCode).toBe(200);
    expect(decision(await approve(request.id))).toMatchObject({ state: 'queued', changed: true });
    expect(await playerIds()).toContain(sampleId);
    // The player says when it played it (every open player may: once is recorded).
    const played = (key: string) => t.app.inject({ method: 'POST', url: `${OVERLAY_PATHS.samplePlayed(sampleId)}?key=${key}` });
    expect((await played('not-the-overlay-key-at-all')).statusCode).toBe(403);
    expect((await played('lifecycle-overlay-key')).statusCode).toBe(204);
    expect((await played('lifecycle-overlay-key')).statusCode).toBe(204);
    expect(await trail(request.id)).toEqual(['->held by buyer', `held>queued by admin#${admin.id}`, 'queued>played by system']);
  });

  it("tells the streamer's Discord of a held request, with a link to the approvals tab", async () => {
    t.state.discord.reset();
    await paid('sample');
    await vi.waitFor(() => {
      const posted = t.state.discord.messages.map((m) => JSON.stringify(m.body));
      expect(posted.some((body) => body.includes('Voice sample') && body.includes('/admin/approvals'))).toBe(true);
    });
  });

  it('lets only admins see, approve and reject; an unknown id is a 404', async () => {
    const request = await paid('flip');
    expect((await t.app.inject({ url: REQUEST_LIFECYCLE_PATHS.held })).statusCode).toBe(401);
    expect((await t.app.inject({ url: REQUEST_LIFECYCLE_PATHS.held, headers: fan.headers })).statusCode).toBe(403);
    expect((await approve(request.id, fan)).statusCode).toBe(403);
    expect((await reject(request.id, {}, fan)).statusCode).toBe(403);
    expect((await approve(999_999)).statusCode).toBe(404);
    expect((await stateOf(request.id)).state).toBe('held');
  });
});

describe('rejecting refunds', () => {
  it('refunds a rejected held sample in full once; it never reaches the player, and a second reject changes nothing', async () => {
    const request = await paid('sample');
    const res = decision(await reject(request.id, { reason: 'Not for this stream', showReason: true }));
    expect(res).toMatchObject({ state: 'refunded', changed: true });
    await paypal.webhooks.idle();
    expect(decision(await reject(request.id))).toMatchObject({ state: 'refunded', changed: false });
    expect(refundedOf(request.orderId)).toEqual({ cents: 1000, events: 1 });
    expect(await playerIds()).not.toContain(await sampleIdOf(request.id));
    expect(await stateOf(request.id)).toMatchObject({ rejectReason: 'Not for this stream', rejectReasonPublic: true });
    expect(await trail(request.id)).toEqual(['->held by buyer', `held>rejected by admin#${admin.id}`, 'rejected>refunded by paypal']);
  });

  it('refuses a reason the database cannot hold (NUL, a lone surrogate) with a 400 naming it; the request stays held, unrefunded', async () => {
    const request = await paid('sample');
    for (const [reason, message] of [
      ['no\u0000', `reason ${NUL_MESSAGE}`],
      ['no\ud800', `reason ${SURROGATE_MESSAGE}`],
    ]) {
      const res = await reject(request.id, { reason, showReason: true });
      expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message, requestId: expect.any(String) });
    }
    expect(await stateOf(request.id)).toMatchObject({ state: 'held', rejectReason: null });
    expect(refundedOf(request.orderId)).toEqual({ cents: 0, events: 0 });
  });

  it('takes a rejected queued flip out of the queue at once; the history keeps it, refunded', async () => {
    const request = await paid('flip');
    await approve(request.id);
    expect(await queueTitles()).toContain(request.id);
    expect(decision(await reject(request.id))).toMatchObject({ state: 'refunded' });
    expect(await queueTitles()).not.toContain(request.id);
    const history = await t.app.inject({ url: `/api/requests/history/${request.id}` });
    expect(history.statusCode).toBe(200);
    expect(refundedOf(request.orderId).cents).toBe(2000);
  });

  it('a refund PayPal fails is refund_failed with its message, shown to admins, and the retry refunds once', async () => {
    const request = await paid('flip');
    t.state.faults.inject({ provider: 'paypal', path: '/refund', status: 500, times: 10 });
    const res = decision(await reject(request.id));
    expect(res.state).toBe('refund_failed');
    expect(res.refundError).toMatch(/PayPal 500/);
    const attention = (await t.app.inject({ url: REQUEST_LIFECYCLE_PATHS.attention, headers: admin.headers })).json() as { id: number }[];
    expect(attention.map((a) => a.id)).toContain(request.id);
    expect(refundedOf(request.orderId).cents).toBe(0);

    t.state.faults.clear();
    // Not due yet: the retry waits for the reconciliation's period after the last try.
    expect((await t.lifecycle.retryRefunds(new Date(now.getTime() - 60_000))).tried).toBe(0);
    now = new Date(now.getTime() + 10 * 60_000);
    await t.lifecycle.retryRefunds(new Date(now.getTime() - 5 * 60_000));
    await paypal.webhooks.idle();
    expect((await stateOf(request.id)).state).toBe('refunded');
    expect(refundedOf(request.orderId)).toEqual({ cents: 2000, events: 1 });
  });

  it('a refund whose answer was lost (500 after PayPal refunded) is refunded once by the retry', async () => {
    const request = await paid('sample');
    t.state.faults.inject({ provider: 'paypal', path: '/refund', after: true, status: 500, times: 10 });
    // The client's own retries all lose their answers: the request is refund_failed, but PayPal refunded it once.
    const first = decision(await reject(request.id));
    await paypal.webhooks.idle();
    // PayPal's REFUNDED webhook may already have told the site; either way the money went back once.
    expect(['refund_failed', 'refunded']).toContain((await stateOf(request.id)).state);
    expect(['refund_failed', 'refunded']).toContain(first.state);
    t.state.faults.clear();
    now = new Date(now.getTime() + 10 * 60_000);
    await t.lifecycle.retryRefunds(new Date(now.getTime() - 5 * 60_000));
    await paypal.webhooks.idle();
    expect((await stateOf(request.id)).state).toBe('refunded');
    expect(refundedOf(request.orderId)).toEqual({ cents: 1000, events: 1 });
  });

  it('a pending refund leaves the request rejected until PayPal completes it', async () => {
    const request = await paid('flip');
    paypal.pendingRefunds = 1;
    expect(decision(await reject(request.id))).toMatchObject({ state: 'rejected', changed: true });
    const capture = paypal.orders.get(request.orderId).capture!;
    paypal.completeRefund(capture.refundId!);
    await paypal.webhooks.idle();
    expect((await stateOf(request.id)).state).toBe('refunded');
    expect(refundedOf(request.orderId)).toEqual({ cents: 2000, events: 1 });
  });

  it("a refund made in PayPal's dashboard (the webhook only) refunds a queued request", async () => {
    const request = await paid('flip');
    await approve(request.id);
    paypal.refund(request.orderId);
    await paypal.webhooks.idle();
    expect((await stateOf(request.id)).state).toBe('refunded');
    expect(await queueTitles()).not.toContain(request.id);
    expect((await trail(request.id)).at(-1)).toBe('queued>refunded by paypal');
    // Nothing is left to reject: no second refund.
    expect(decision(await reject(request.id))).toMatchObject({ state: 'refunded', changed: false });
    expect(refundedOf(request.orderId).cents).toBe(2000);
  });
});

describe('two admins at once', () => {
  it('two rejections at once refund once; the other is answered the state', async () => {
    const request = await paid('sample');
    const answers = (await Promise.all([reject(request.id), reject(request.id, {}, secondAdmin)])).map(decision);
    expect(answers.filter((a) => a.changed)).toHaveLength(1);
    await paypal.webhooks.idle();
    expect(refundedOf(request.orderId)).toEqual({ cents: 1000, events: 1 });
  });

  it('an approval and a rejection at once: both answered, never an error, and the money matches the outcome', async () => {
    const request = await paid('flip');
    const answers = await Promise.all([approve(request.id), reject(request.id, {}, secondAdmin)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    await paypal.webhooks.idle();
    // In either order one of them decides first; a rejection after the approval still rejects (a queued request may be).
    const final = (await stateOf(request.id)).state;
    expect(['queued', 'refunded']).toContain(final);
    expect(refundedOf(request.orderId).cents).toBe(final === 'refunded' ? 2000 : 0);
    expect((await queueTitles()).includes(request.id)).toBe(final === 'queued');
  });
});
