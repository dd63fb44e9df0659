import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../common/api';
import { flipRequests } from '../../db/schema';
import { createSandboxedApp } from '../../sandbox/testing';
import { buildAdmin } from '../../testing/users';
import { flipSteps } from './testing';

let now = new Date('2026-03-01T12:00:00Z');
const t = await createSandboxedApp({ now: () => now });
const admin = await buildAdmin(t.db);
const flip = flipSteps(t);
const paypal = t.state.paypal;

afterEach(async () => {
  await paypal.webhooks.idle();
  t.state.faults.clear();
});

const message = (res: { json(): unknown }) => errorSchema.parse(res.json()).message;

describe('POST /api/requests/flip/create', () => {
  it('makes one PayPal order of $20.00 USD for the request, the same one when asked again', async () => {
    const sid = await flip.validate();
    const first = await flip.create(sid);
    expect(first.statusCode, first.body).toBe(200);
    const { id } = first.json();
    expect(paypal.orders.get(id).amount).toEqual({ currency_code: 'USD', value: '20.00' });
    expect((await flip.create(sid)).json()).toEqual({ id });
  });

  it('makes the order for the price stored with the request (the one onCaptured checks), not a second constant', async () => {
    const sid = await flip.validate();
    await t.db.update(flipRequests).set({ amountCents: 2500 }).where(eq(flipRequests.sid, sid));
    const orderId = await flip.order(sid);
    expect(paypal.orders.get(orderId).amount).toEqual({ currency_code: 'USD', value: '25.00' });
    paypal.approve(orderId, 'paid');
    await paypal.webhooks.idle();
    expect((await t.payments.find(orderId))?.status).toBe('captured');
    expect((await flip.rowsOf(sid)).queue.map((r) => r.state)).toEqual(['queued']);
  });

  it('refuses an unknown sid, an expired request, and any request while flips are disabled', async () => {
    const unknown = await flip.create('no-such-sid');
    expect(unknown.statusCode).toBe(404);
    expect(message(unknown)).toBe('Unknown flip request: verify the video again');

    const sid = await flip.validate();
    const validatedAt = now;
    now = new Date(validatedAt.getTime() + 60 * 60 * 1000);
    try {
      const expired = await flip.create(sid);
      expect(expired.statusCode).toBe(410);
      expect(message(expired)).toBe('This flip request has expired: verify the video again');
    } finally {
      now = validatedAt;
    }

    await flip.post('/api/requests/flip/enabled', {}, admin.headers);
    try {
      const disabled = await flip.create(sid);
      expect(disabled.statusCode).toBe(409);
      expect(message(disabled)).toBe('Flip requests are not currently enabled. Check back again during the next livestream!');
    } finally {
      await flip.post('/api/requests/flip/enabled', {}, admin.headers);
    }
  });
});

describe('POST /api/requests/flip/capture', () => {
  it('captures an approved order: the request is queued and in the history once, and a second capture adds nothing', async () => {
    const sid = await flip.validate('Capture-Fan');
    const orderId = await flip.order(sid);
    paypal.approve(orderId, 'paid');
    const res = await flip.capture(sid, orderId);
    expect(res.statusCode, res.body).toBe(200);
    const captured = flip.parseCaptured(res.json());
    const captureId = captured.purchase_units[0]!.payments.captures[0]!.id;
    expect(captured.purchase_units[0]!.payments.captures[0]).toMatchObject({
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '20.00' },
    });
    const rows = await flip.rowsOf(sid);
    expect(rows.history).toHaveLength(1);
    expect(rows.history[0]).toMatchObject({ username: 'Capture-Fan', videoId: 'aB3-_xYz901', state: 'queued', title: rows.request.title });
    expect(rows.queue).toHaveLength(1);
    expect(rows.queue[0]).toMatchObject({ state: 'queued', songRequestId: rows.history[0]!.id });
    expect(captured).toMatchObject({
      id: orderId,
      status: 'COMPLETED',
      orderId,
      transactionId: captureId,
      sampleId: String(rows.history[0]!.id),
    });

    const again = await flip.capture(sid, orderId);
    expect(again.statusCode, again.body).toBe(200);
    expect(flip.parseCaptured(again.json())).toEqual(captured);
    await paypal.webhooks.idle();
    const after = await flip.rowsOf(sid);
    expect([after.history.length, after.queue.length]).toEqual([1, 1]);

    // The history lists it, newest first.
    const history = await t.app.inject({ url: '/api/requests/history?username=Capture-Fan' });
    expect(history.json().content.map((r: { id: number }) => r.id)).toEqual([rows.history[0]!.id]);
  });

  it("refuses another request's order, and an order the buyer has not approved; nothing is queued", async () => {
    const mine = await flip.validate();
    const theirs = await flip.validate();
    const theirOrder = await flip.order(theirs);
    paypal.approve(theirOrder, 'paid');
    const wrong = await flip.capture(mine, theirOrder);
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrong.statusCode).toBeLessThan(500);
    expect(paypal.orders.get(theirOrder).capture).toBeNull();

    const myOrder = await flip.order(mine);
    const unapproved = await flip.capture(mine, myOrder);
    expect(unapproved.statusCode).toBeGreaterThanOrEqual(400);
    expect(unapproved.statusCode).toBeLessThan(500);
    expect(message(unapproved)).not.toBe('');
    const rows = await flip.rowsOf(mine);
    expect([rows.history.length, rows.queue.length]).toEqual([0, 0]);

    const unknown = await flip.capture('no-such-sid', myOrder);
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 422 for a declined card, and the buyer can pay again', async () => {
    // The buyer's own capture, not the approval webhook's (whose decline races it), meets the card.
    paypal.webhooks.inject({ fault: 'delay', times: Number.POSITIVE_INFINITY });
    const sid = await flip.validate();
    const orderId = await flip.order(sid);
    paypal.approve(orderId, 'declined');
    const declined = await flip.capture(sid, orderId);
    expect(declined.statusCode, declined.body).toBe(422);
    expect(message(declined)).toMatch(/declined/i);
    expect((await flip.rowsOf(sid)).queue).toHaveLength(0);

    paypal.approve(orderId, 'paid');
    const paid = await flip.capture(sid, orderId);
    expect(paid.statusCode, paid.body).toBe(200);
    await paypal.webhooks.release();
    await paypal.webhooks.idle();
    paypal.webhooks.clear();
    const rows = await flip.rowsOf(sid);
    expect([rows.history.length, rows.queue.length]).toEqual([1, 1]);
  });

  it('takes a refunded payment out of the queue; the history keeps it, marked refunded', async () => {
    const sid = await flip.validate();
    const orderId = await flip.order(sid);
    paypal.approve(orderId, 'paid');
    expect((await flip.capture(sid, orderId)).statusCode).toBe(200);
    await paypal.webhooks.idle();
    paypal.refund(orderId, 'REFUNDED');
    await paypal.webhooks.idle();
    const rows = await flip.rowsOf(sid);
    expect(rows.queue.map((r) => r.state)).toEqual(['refunded']);
    expect(rows.history.map((r) => r.state)).toEqual(['refunded']);
  });

  it('completes an order approved before flips were disabled, as the webhook and the job would (never told no but charged)', async () => {
    paypal.webhooks.inject({ fault: 'delay', times: Number.POSITIVE_INFINITY });
    const sid = await flip.validate();
    const orderId = await flip.order(sid);
    paypal.approve(orderId, 'paid');
    await flip.post('/api/requests/flip/enabled', {}, admin.headers);
    try {
      const res = await flip.capture(sid, orderId);
      expect(res.statusCode, res.body).toBe(200);
      expect((await flip.rowsOf(sid)).queue.map((r) => r.state)).toEqual(['queued']);
    } finally {
      await flip.post('/api/requests/flip/enabled', {}, admin.headers);
      await paypal.webhooks.release();
    }
  });
});
