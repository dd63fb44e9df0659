import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandboxedApp } from '../sandbox/testing';
import { flipKind, flipSteps } from '../song-requests/flip/testing';
import { sampleKind } from '../song-requests/sample/testing';
import { faultSteps } from './testing';

/**
 * Payment faults end to end through each paid kind's routes (flips and samples), the one paid-request
 * path (paid-kind.ts), the payments module and the PayPal stand-in: each ends with the request paid
 * and in the history exactly once (a flip also queued), and PayPal holding one capture of its price,
 * or with nothing recorded and nothing charged.
 */

let now = new Date('2026-03-01T12:00:00Z');
// Every test of both kinds writes from one address: above the per-minute write limit (server/accounts/limits.ts).
// The paid path without the hold (approval has its own tests: song-requests/lifecycle).
const t = await createSandboxedApp({ now: () => now, env: { WRITE_RATE_LIMIT: '100000', SAMPLES_REQUIRE_APPROVAL: 'false' } });
const paypal = t.state.paypal;

const KINDS = [flipKind(t), sampleKind(t)];

beforeEach(() => {
  now = new Date('2026-03-01T12:00:00Z');
});
afterEach(async () => {
  t.state.faults.clear();
  await paypal.webhooks.release();
  paypal.webhooks.clear();
});

describe.each(KINDS)('$name payment faults', (kind) => {
  const steps = kind.steps;
  const { approvedOrder, expectQueuedOnce, expectNothingQueued } = faultSteps(t, kind);

  it('declined, then paid: one request queued', async () => {
    const { sid, orderId } = await approvedOrder('declined');
    expect((await steps.capture(sid, orderId)).statusCode).toBe(422);
    await expectNothingQueued(sid);
    paypal.approve(orderId, 'paid');
    expect((await steps.capture(sid, orderId)).statusCode).toBe(200);
    await expectQueuedOnce(sid, orderId);
  });

  it('capture 500 (PayPal did nothing), then the retry succeeds', async () => {
    paypal.webhooks.inject({ fault: 'delay', times: Number.POSITIVE_INFINITY });
    const { sid, orderId } = await approvedOrder();
    t.state.faults.inject({ provider: 'paypal', path: '/capture', status: 500, times: 2 });
    const failed = await steps.capture(sid, orderId);
    expect(failed.statusCode).toBe(502);
    await expectNothingQueued(sid);
    const retried = await steps.capture(sid, orderId);
    expect(retried.statusCode, retried.body).toBe(200);
    await expectQueuedOnce(sid, orderId);
  });

  it('capture 500 after PayPal captured (the answer lost), then the retry answers the same capture', async () => {
    paypal.webhooks.inject({ fault: 'delay', times: Number.POSITIVE_INFINITY });
    const { sid, orderId } = await approvedOrder();
    t.state.faults.inject({ provider: 'paypal', path: '/capture', status: 500, after: true, times: 2 });
    expect((await steps.capture(sid, orderId)).statusCode).toBe(502);
    const retried = await steps.capture(sid, orderId);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(steps.parseCaptured(retried.json()).transactionId).toBe(paypal.orders.get(orderId).capture!.id);
    await expectQueuedOnce(sid, orderId);
  });

  it('a duplicate capture (two at once, then one more) answers the same and queues once', async () => {
    const { sid, orderId } = await approvedOrder();
    const answers = await Promise.all([steps.capture(sid, orderId), steps.capture(sid, orderId)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const later = await steps.capture(sid, orderId);
    const bodies = [...answers, later].map((a) => steps.parseCaptured(a.json()));
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    await expectQueuedOnce(sid, orderId);
  });

  it('tab closed after approval: the CHECKOUT.ORDER.APPROVED webhook completes the request', async () => {
    const { sid, orderId } = await approvedOrder();
    await expectQueuedOnce(sid, orderId);
    // The buyer comes back: the capture call answers the same result.
    expect((await steps.capture(sid, orderId)).statusCode).toBe(200);
    await expectQueuedOnce(sid, orderId);
  });

  it('tab closed after approval and every webhook lost: the reconciliation job completes it', async () => {
    paypal.webhooks.inject({ fault: 'lose', times: Number.POSITIVE_INFINITY });
    const { sid, orderId } = await approvedOrder();
    await expectNothingQueued(sid);
    now = new Date(now.getTime() + 10 * 60_000);
    expect(await t.payments.job().run(new AbortController().signal)).toMatchObject({ captured: 1 });
    await expectQueuedOnce(sid, orderId);
  });

  it('replayed webhooks change nothing', async () => {
    const { sid, orderId } = await approvedOrder();
    await paypal.webhooks.idle();
    for (const delivery of [...paypal.webhooks.deliveries]) expect((await paypal.webhooks.replay(delivery.event.id)).status).toBe(200);
    await expectQueuedOnce(sid, orderId);
  });

  it('a forged webhook is refused and queues nothing; the real one then completes the request', async () => {
    paypal.webhooks.inject({ fault: 'lose', times: Number.POSITIVE_INFINITY });
    const { sid, orderId } = await approvedOrder();
    await paypal.webhooks.idle();
    const real = paypal.webhooks.sign(paypal.webhooks.lost.find((e) => e.event_type === 'CHECKOUT.ORDER.APPROVED')!, paypal.base);
    const send = (body: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/paypal/webhook',
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      });
    const forged = JSON.parse(real.body);
    forged.resource.id = orderId;
    forged.summary = 'forged';
    expect((await send(JSON.stringify(forged), real.headers)).statusCode).toBe(400);
    expect((await send(real.body, { ...real.headers, 'paypal-transmission-sig': 'bm90IHRoZSBzaWduYXR1cmU=' })).statusCode).toBe(400);
    await expectNothingQueued(sid);
    expect(paypal.orders.get(orderId).status).toBe('APPROVED');
    expect((await send(real.body, real.headers)).statusCode).toBe(200);
    await expectQueuedOnce(sid, orderId);
  });
});

describe('flip payments: refunds', () => {
  const flip = flipSteps(t);
  const { approvedOrder, expectQueuedOnce } = faultSteps(t, KINDS[0]!);

  it('a refunded request cannot be paid again through create (409), and a second payment that gets through is queued again', async () => {
    const { sid, orderId } = await approvedOrder();
    await expectQueuedOnce(sid, orderId);
    paypal.refund(orderId);
    await paypal.webhooks.idle();
    expect((await flip.rowsOf(sid)).history.map((r) => r.state)).toEqual(['refunded']);
    const again = await flip.create(sid);
    expect(again.statusCode, again.body).toBe(409);
    // The net under create: a second order for the same request (made behind the route's back).
    const { request } = await flip.rowsOf(sid);
    const second = await t.payments.createOrder({
      kind: 'flip',
      requestRef: String(request.id),
      amount: { currency_code: 'USD', value: '20.00' },
      description: 'second',
    });
    expect(second.orderId).not.toBe(orderId);
    paypal.approve(second.orderId, 'paid');
    await paypal.webhooks.idle();
    expect((await t.payments.find(second.orderId))?.status).toBe('captured');
    await expectQueuedOnce(sid, second.orderId);
  });
});

describe.each(KINDS)('$name payments: PayPal refusals are definite answers, not a 502 promising completion', (kind) => {
  const steps = kind.steps;
  const { approvedOrder, expectQueuedOnce, expectNothingQueued } = faultSteps(t, kind);

  for (const [funding, issue] of [
    ['refused', 'TRANSACTION_REFUSED'],
    ['action', 'PAYER_ACTION_REQUIRED'],
  ] as const) {
    it(`${issue} is a 422 the buyer can retry, and nothing is queued`, async () => {
      paypal.webhooks.inject({ fault: 'delay', times: Number.POSITIVE_INFINITY });
      const { sid, orderId } = await approvedOrder(funding);
      const res = await steps.capture(sid, orderId);
      expect(res.statusCode, res.body).toBe(422);
      await expectNothingQueued(sid);
      paypal.approve(orderId, 'paid');
      expect((await steps.capture(sid, orderId)).statusCode).toBe(200);
      await expectQueuedOnce(sid, orderId);
    });
  }

  it('an order PayPal no longer knows (expired) is a 410 saying nothing was charged, and the request can be paid anew', async () => {
    const sid = await kind.steps.validate();
    const orderId = await steps.order(sid);
    paypal.orders.expire(orderId);
    const res = await steps.capture(sid, orderId);
    expect(res.statusCode, res.body).toBe(410);
    expect(res.json().message).toContain('nothing was charged');
    expect((await t.payments.find(orderId))?.status).toBe('expired');
    const fresh = await steps.order(sid);
    expect(fresh).not.toBe(orderId);
  });
});
