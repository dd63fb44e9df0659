import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { payments as paymentsTable } from '../db/schema';
import { createSandboxedApp } from '../sandbox/testing';
import { rejectionOf } from '../testing/errors';
import { PaymentError } from './errors';
import type { Payment } from './types';

let clock = new Date('2026-11-25T12:00:00Z');
const t = await createSandboxedApp({ now: () => clock });
const paypal = t.state.paypal;
const USD20 = { currency_code: 'USD', value: '20.00' };

/** The test's own kind: what a feature's handlers would see, and a way to make one fail. */
const captured: Payment[] = [];
const reversed: Payment[] = [];
let failNextCapture = false;
t.payments.registerKind('test', {
  async onCaptured(tx, payment) {
    // Runs inside settle's transaction: the payment reads as captured here already.
    const [row] = await tx.select({ status: paymentsTable.status }).from(paymentsTable).where(sql`id = ${payment.id}`);
    expect(row?.status).toBe('captured');
    if (failNextCapture) {
      failNextCapture = false;
      throw new Error('the feature could not write its rows');
    }
    captured.push(payment);
  },
  async onReversed(_tx, payment) {
    reversed.push(payment);
  },
});

let refs = 0;
const newOrder = (requestRef = `req-${++refs}`) =>
  t.payments.createOrder({ kind: 'test', requestRef, amount: USD20, description: 'Sample request' });
const capture = (payment: Payment) => t.payments.capture({ kind: 'test', requestRef: payment.requestRef, orderId: payment.orderId });
const settled = () => paypal.webhooks.idle();
const statusOf = async (orderId: string) => (await t.payments.find(orderId))!.status;
const capturesOf = (orderId: string) => captured.filter((p) => p.orderId === orderId).length;

const refusal = (promise: Promise<unknown>) => rejectionOf(promise, PaymentError);

/** Nothing charged twice: PayPal holds at most one capture per order, and the feature saw it once. */
function expectPaidOnce(payment: Payment) {
  const order = paypal.orders.get(payment.orderId);
  expect(order.status).toBe('COMPLETED');
  expect(capturesOf(payment.orderId)).toBe(1);
}

beforeEach(() => {
  clock = new Date('2026-11-25T12:00:00Z');
});

afterEach(async () => {
  await settled();
  t.state.reset();
  captured.length = 0;
  reversed.length = 0;
  failNextCapture = false;
});

describe('orders', () => {
  it('makes one order per request: asked again, or twice at once, it is the same open order', async () => {
    const [a, b] = await Promise.all([newOrder('same'), newOrder('same')]);
    expect(a!.orderId).toBe(b!.orderId);
    expect((await newOrder('same')).orderId).toBe(a!.orderId);
    expect(paypal.orders.get(a!.orderId).amount).toEqual(USD20);
    const rows = await t.db.select().from(paymentsTable).where(sql`request_ref = 'same'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'test', amountCents: 2000, currency: 'USD', status: 'created' });
  });

  it("refuses to capture another request's order, and an order nobody approved, writing nothing", async () => {
    const mine = await newOrder();
    const other = await newOrder();
    expect((await refusal(t.payments.capture({ kind: 'test', requestRef: other.requestRef, orderId: mine.orderId }))).code).toBe(
      'unknown_order',
    );
    const early = await refusal(capture(mine));
    expect(early).toMatchObject({ code: 'not_approved', statusCode: 422 });
    expect(await statusOf(mine.orderId)).toBe('created');
    expect(captured).toHaveLength(0);
  });
});

describe('the buyer captures', () => {
  beforeEach(() => paypal.webhooks.inject({ fault: 'delay', times: Number.POSITIVE_INFINITY }));

  it('captures once: a second capture, even at the same time, answers the same order and adds nothing', async () => {
    const payment = await newOrder();
    paypal.approve(payment.orderId, 'paid');
    const [first, second] = await Promise.all([capture(payment), capture(payment)]);
    expect(first.purchase_units[0]!.payments.captures[0]).toMatchObject({ status: 'COMPLETED', amount: USD20 });
    expect(second).toEqual(first);
    expect(await capture(payment)).toEqual(first);
    expectPaidOnce(payment);
    expect(captured[0]!.captureId).toBe(first.purchase_units[0]!.payments.captures[0]!.id);
    // The webhooks PayPal sent meanwhile change nothing.
    await paypal.webhooks.release();
    expectPaidOnce(payment);
  });

  it('settles once when the capture, the webhooks and the job all settle the same order at once', async () => {
    const payment = await newOrder();
    paypal.approve(payment.orderId, 'paid');
    await capture(payment);
    const order = await t.clients().paypal!.getOrder(payment.orderId);
    // As if the row were still open: every settler gets past the first check and races for the row lock.
    await t.db.update(paymentsTable).set({ status: 'approved', captureId: null }).where(sql`id = ${payment.id}`);
    captured.length = 0;
    await Promise.all(Array.from({ length: 8 }, () => t.payments.settle(payment.orderId, order)));
    expectPaidOnce(payment);
  });

  it('declined, then paid: the decline is a 422 the buyer can retry after a new approval', async () => {
    const payment = await newOrder();
    paypal.approve(payment.orderId, 'declined');
    const declined = await refusal(capture(payment));
    expect(declined).toMatchObject({ code: 'declined', statusCode: 422 });
    expect(await statusOf(payment.orderId)).toBe('declined');
    expect(captured).toHaveLength(0);
    // The buyer pays again: the same open order.
    expect((await newOrder(payment.requestRef)).orderId).toBe(payment.orderId);
    paypal.approve(payment.orderId, 'paid');
    await capture(payment);
    expectPaidOnce(payment);
    await paypal.webhooks.release();
    expectPaidOnce(payment);
  });

  it('capture 500, then retry: nothing is written by the failure, the retry pays once', async () => {
    const payment = await newOrder();
    paypal.approve(payment.orderId, 'paid');
    t.state.faults.inject({ provider: 'paypal', path: '/capture', status: 500, times: Number.POSITIVE_INFINITY });
    expect((await refusal(capture(payment))).code).toBe('provider');
    expect(await statusOf(payment.orderId)).toBe('created');
    t.state.faults.clear();
    await capture(payment);
    expectPaidOnce(payment);
  });

  it('a capture PayPal made but whose answers were all lost: the retry gets the same capture, not a second one', async () => {
    const payment = await newOrder();
    paypal.approve(payment.orderId, 'paid');
    t.state.faults.inject({ provider: 'paypal', path: '/capture', status: 500, after: true, times: 3 });
    expect((await refusal(capture(payment))).code).toBe('provider');
    const captureId = paypal.orders.get(payment.orderId).capture!.id;
    const order = await capture(payment);
    expect(order.purchase_units[0]!.payments.captures[0]!.id).toBe(captureId);
    expectPaidOnce(payment);
  });

  it('a pending capture is not a paid request; PAYMENT.CAPTURE.COMPLETED later completes it', async () => {
    const payment = await newOrder();
    paypal.approve(payment.orderId, 'pending');
    expect((await refusal(capture(payment))).code).toBe('pending');
    expect(await statusOf(payment.orderId)).toBe('approved');
    expect(captured).toHaveLength(0);
    t.state.faults.clear();
    await paypal.webhooks.release();
    paypal.webhooks.clear();
    paypal.complete(payment.orderId);
    await paypal.webhooks.release();
    expect(await statusOf(payment.orderId)).toBe('captured');
    expect(capturesOf(payment.orderId)).toBe(1);
  });

  it('settles nothing when the capture is not of the stored amount', async () => {
    const payment = await newOrder();
    const order = {
      id: payment.orderId,
      status: 'COMPLETED',
      links: [],
      purchase_units: [
        { payments: { captures: [{ id: 'CAPTURE0000000001', status: 'COMPLETED', amount: { currency_code: 'USD', value: '0.01' } }] } },
      ],
    };
    expect((await refusal(t.payments.settle(payment.orderId, order))).code).toBe('amount_mismatch');
    expect(await statusOf(payment.orderId)).toBe('created');
    expect(captured).toHaveLength(0);
  });

  it('settles in one transaction: when the feature fails to write its rows the payment stays open, and the next settle completes it', async () => {
    const payment = await newOrder();
    paypal.approve(payment.orderId, 'paid');
    failNextCapture = true;
    await expect(capture(payment)).rejects.toThrow('the feature could not write its rows');
    expect(await statusOf(payment.orderId)).toBe('created');
    expect((await t.payments.settle(payment.orderId)).status).toBe('captured');
    expectPaidOnce(payment);
  });
});

describe('the buyer closes the tab after approving', () => {
  it('the CHECKOUT.ORDER.APPROVED webhook captures the order', async () => {
    const payment = await newOrder();
    paypal.approve(payment.orderId, 'paid');
    await settled();
    expect(await statusOf(payment.orderId)).toBe('captured');
    expectPaidOnce(payment);
    expect(paypal.webhooks.deliveries.map((d) => [d.event.event_type, d.status])).toEqual([
      ['CHECKOUT.ORDER.APPROVED', 200],
      ['PAYMENT.CAPTURE.COMPLETED', 200],
    ]);
    // The tab comes back later: the same result.
    expect((await capture(payment)).id).toBe(payment.orderId);
    expectPaidOnce(payment);
  });

  it('with every webhook lost, the reconciliation job completes it once the order is a few minutes old', async () => {
    paypal.webhooks.inject({ fault: 'lose', times: Number.POSITIVE_INFINITY });
    const payment = await newOrder();
    paypal.approve(payment.orderId, 'paid');
    const job = t.payments.job();
    expect(await job.run(new AbortController().signal)).toMatchObject({ captured: 0 });
    expect(await statusOf(payment.orderId)).toBe('created');
    clock = new Date(clock.getTime() + 6 * 60_000);
    // (Orders of earlier tests are asked about too; the stand-in has forgotten them.)
    expect(await job.run(new AbortController().signal)).toMatchObject({ captured: 1 });
    expectPaidOnce(payment);
    // Asked about a moment ago: not again before a few minutes have passed.
    expect(await job.run(new AbortController().signal)).toMatchObject({ checked: 0, captured: 0, failed: 0 });
  });

  it('the buyer captured but the answer was lost and the approval webhook too: PAYMENT.CAPTURE.COMPLETED settles it', async () => {
    paypal.webhooks.inject({ fault: 'lose', eventType: 'CHECKOUT.ORDER.APPROVED' });
    const payment = await newOrder();
    paypal.approve(payment.orderId, 'paid');
    t.state.faults.inject({ provider: 'paypal', path: '/capture', status: 500, after: true, times: 3 });
    await refusal(capture(payment));
    await settled();
    expect(await statusOf(payment.orderId)).toBe('captured');
    expectPaidOnce(payment);
  });

  it('declined with the webhooks on: the approval webhook meets the decline first, the buyer still hears "declined"', async () => {
    const payment = await newOrder();
    paypal.approve(payment.orderId, 'declined');
    await settled();
    expect(await statusOf(payment.orderId)).toBe('declined');
    expect((await refusal(capture(payment))).code).toBe('declined');
    paypal.approve(payment.orderId, 'paid');
    await settled();
    expect(await statusOf(payment.orderId)).toBe('captured');
    expect((await capture(payment)).id).toBe(payment.orderId);
    expectPaidOnce(payment);
  });

  it('a delayed approval webhook arriving after the reconciliation changes nothing', async () => {
    paypal.webhooks.inject({ fault: 'delay', times: Number.POSITIVE_INFINITY });
    const payment = await newOrder();
    paypal.approve(payment.orderId, 'paid');
    clock = new Date(clock.getTime() + 6 * 60_000);
    await t.payments.job().run(new AbortController().signal);
    expect(await paypal.webhooks.release()).toBe(2);
    expectPaidOnce(payment);
  });
});

describe('webhooks', () => {
  async function post(body: string, headers: Record<string, string>) {
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/paypal/webhook',
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });
  }

  it('replayed and duplicated events are harmless', async () => {
    paypal.webhooks.inject({ fault: 'duplicate', times: Number.POSITIVE_INFINITY });
    const payment = await newOrder();
    paypal.approve(payment.orderId, 'paid');
    await settled();
    for (const delivery of [...paypal.webhooks.deliveries]) expect((await paypal.webhooks.replay(delivery.event.id)).status).toBe(200);
    expect(paypal.webhooks.deliveries.every((d) => d.status === 200)).toBe(true);
    expectPaidOnce(payment);
  });

  it('refuses forged events (changed body, made-up or missing signature) and does nothing', async () => {
    paypal.webhooks.inject({ fault: 'lose', times: Number.POSITIVE_INFINITY });
    const payment = await newOrder();
    paypal.approve(payment.orderId, 'paid');
    await settled();
    const real = paypal.webhooks.sign(paypal.webhooks.lost[0]!, paypal.base);
    const forged = JSON.parse(real.body);
    forged.resource.status = 'COMPLETED';
    const changed = await post(JSON.stringify(forged), real.headers);
    expect(changed.statusCode).toBe(400);
    expect(changed.json().message).toMatch(/could not be verified/);
    expect((await post(real.body, { ...real.headers, 'paypal-transmission-sig': 'bm90IHRoZSBzaWduYXR1cmU=' })).statusCode).toBe(400);
    expect((await post(real.body, {})).statusCode).toBe(400);
    expect(await statusOf(payment.orderId)).toBe('created');
    expect(paypal.orders.get(payment.orderId).status).toBe('APPROVED');
    // The real one, as PayPal sent it, is accepted.
    expect((await post(real.body, real.headers)).json()).toEqual({ event: 'CHECKOUT.ORDER.APPROVED', outcome: 'captured' });
    expectPaidOnce(payment);
  });

  it('refunds, reversals and denials take a paid request back once', async () => {
    for (const change of ['refund', 'reverse'] as const) {
      const payment = await newOrder();
      paypal.approve(payment.orderId, 'paid');
      await settled();
      paypal.webhooks.inject({ fault: 'duplicate' });
      paypal.refund(payment.orderId, change === 'refund' ? 'REFUNDED' : 'REVERSED');
      await settled();
      expect(await statusOf(payment.orderId)).toBe(change === 'refund' ? 'refunded' : 'reversed');
      expect(reversed.filter((p) => p.orderId === payment.orderId)).toHaveLength(1);
    }
    // A refunded request may be paid again with a new order.
    const again = await newOrder(reversed[0]!.requestRef);
    expect(again.orderId).not.toBe(reversed[0]!.orderId);
  });

  it('a capture denied after it was pending closes the payment without touching the queue', async () => {
    const payment = await newOrder();
    paypal.approve(payment.orderId, 'pending');
    await settled();
    expect(await statusOf(payment.orderId)).toBe('approved');
    paypal.deny(payment.orderId);
    await settled();
    expect(await statusOf(payment.orderId)).toBe('denied');
    expect(captured).toHaveLength(0);
    expect(reversed).toHaveLength(0);
  });
});
