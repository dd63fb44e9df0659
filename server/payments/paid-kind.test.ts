import { afterEach, describe, expect, it } from 'vitest';
import { errorSchema } from '../../common/api';
import { createSandboxedApp } from '../sandbox/testing';
import { flipKind } from '../song-requests/flip/testing';
import { sampleKind } from '../song-requests/sample/testing';
import { buildAdmin } from '../testing/users';

/**
 * The create and capture routes of every paid kind (POST /api/requests/flip/... and
 * /api/requests/recording/..., spec 7), which share one path (paid-kind.ts): the same checks,
 * statuses and messages, each kind with its own texts and price.
 */

let now = new Date('2026-03-01T12:00:00Z');
// The paid path without the hold (approval has its own tests: song-requests/lifecycle).
const t = await createSandboxedApp({ now: () => now, env: { SAMPLES_REQUIRE_APPROVAL: 'false' } });
const admin = await buildAdmin(t.db);
const paypal = t.state.paypal;

afterEach(async () => {
  await paypal.webhooks.idle();
  t.state.faults.clear();
});

const message = (res: { json(): unknown }) => errorSchema.parse(res.json()).message;

describe.each([flipKind(t), sampleKind(t)])('$name: create and capture', (kind) => {
  const { steps } = kind;
  const toggle = () => steps.post(kind.toggle.path, {}, admin.headers);

  it("makes one PayPal order of the request's price, the same one when asked again", async () => {
    const sid = await steps.validate();
    const first = await steps.create(sid);
    expect(first.statusCode, first.body).toBe(200);
    const { id } = first.json();
    expect(paypal.orders.get(id).amount).toEqual(kind.price);
    expect((await steps.create(sid)).json()).toEqual({ id });
  });

  it('makes the order for the price stored with the request (the one onCaptured checks), not a second constant', async () => {
    const sid = await steps.validate();
    await kind.setPrice(sid, 2500);
    const orderId = await steps.order(sid);
    expect(paypal.orders.get(orderId).amount).toEqual({ currency_code: 'USD', value: '25.00' });
    paypal.approve(orderId, 'paid');
    await paypal.webhooks.idle();
    expect((await t.payments.find(orderId))?.status).toBe('captured');
    const rows = await kind.rowsOf(sid);
    expect([rows.history.map((r) => r.state), rows.queued]).toEqual([['queued'], 1]);
  });

  it('refuses an unknown sid, an expired request, and any request while the kind is disabled', async () => {
    const unknown = await steps.create('no-such-sid');
    expect(unknown.statusCode).toBe(404);
    expect(message(unknown)).toBe(kind.messages.unknown);

    const sid = await steps.validate();
    const validatedAt = now;
    now = new Date(validatedAt.getTime() + 60 * 60 * 1000);
    try {
      const expired = await steps.create(sid);
      expect(expired.statusCode).toBe(410);
      expect(message(expired)).toBe(kind.messages.expired);
    } finally {
      now = validatedAt;
    }

    expect((await toggle()).json()).toEqual({ enabled: false });
    try {
      const disabled = await steps.create(sid);
      expect(disabled.statusCode).toBe(409);
      expect(message(disabled)).toBe(kind.toggle.disabledMessage);
    } finally {
      expect((await toggle()).json()).toEqual({ enabled: true });
    }
  });

  it("refuses another request's order, and an order the buyer has not approved; nothing is queued", async () => {
    // Only the buyer's capture calls here: the approval webhook would capture their order meanwhile.
    paypal.webhooks.inject({ fault: 'delay', times: Number.POSITIVE_INFINITY });
    try {
      const mine = await steps.validate();
      const theirs = await steps.validate();
      const theirOrder = await steps.order(theirs);
      paypal.approve(theirOrder, 'paid');
      const wrong = await steps.capture(mine, theirOrder);
      expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
      expect(wrong.statusCode).toBeLessThan(500);
      expect(paypal.orders.get(theirOrder).capture).toBeNull();

      const myOrder = await steps.order(mine);
      const unapproved = await steps.capture(mine, myOrder);
      expect(unapproved.statusCode).toBeGreaterThanOrEqual(400);
      expect(unapproved.statusCode).toBeLessThan(500);
      expect(message(unapproved)).not.toBe('');
      const rows = await kind.rowsOf(mine);
      expect([rows.history.length, rows.queued]).toEqual([0, 0]);

      const unknown = await steps.capture('no-such-sid', myOrder);
      expect(unknown.statusCode).toBe(404);
    } finally {
      await paypal.webhooks.release();
      paypal.webhooks.clear();
    }
  });

  it('answers 422 for a declined card, and the buyer can pay again', async () => {
    // The buyer's own capture, not the approval webhook's (whose decline races it), meets the card.
    paypal.webhooks.inject({ fault: 'delay', times: Number.POSITIVE_INFINITY });
    const sid = await steps.validate();
    const orderId = await steps.order(sid);
    paypal.approve(orderId, 'declined');
    const declined = await steps.capture(sid, orderId);
    expect(declined.statusCode, declined.body).toBe(422);
    expect(message(declined)).toMatch(/declined/i);
    expect((await kind.rowsOf(sid)).queued).toBe(0);

    paypal.approve(orderId, 'paid');
    const paid = await steps.capture(sid, orderId);
    expect(paid.statusCode, paid.body).toBe(200);
    await paypal.webhooks.release();
    await paypal.webhooks.idle();
    paypal.webhooks.clear();
    const rows = await kind.rowsOf(sid);
    expect([rows.history.length, rows.queued]).toEqual([1, 1]);
  });

  it('completes an order approved before the kind was disabled, as the webhook and the job would (never told no but charged)', async () => {
    paypal.webhooks.inject({ fault: 'delay', times: Number.POSITIVE_INFINITY });
    const sid = await steps.validate();
    const orderId = await steps.order(sid);
    paypal.approve(orderId, 'paid');
    expect((await toggle()).json()).toEqual({ enabled: false });
    try {
      const res = await steps.capture(sid, orderId);
      expect(res.statusCode, res.body).toBe(200);
      const rows = await kind.rowsOf(sid);
      expect([rows.history.map((r) => r.state), rows.queued]).toEqual([['queued'], 1]);
    } finally {
      expect((await toggle()).json()).toEqual({ enabled: true });
      await paypal.webhooks.release();
      paypal.webhooks.clear();
    }
  });
});
