import { describe, expect, it } from 'vitest';
import { flipQueue, payments, songRequests } from '../db/schema';
import { createSandboxedApp } from '../sandbox/testing';
import { flipSteps } from '../song-requests/flip/testing';
import { webhookForgeries as forgeries } from './testing';

/** Webhooks of payments taken back, against the PayPal stand-in, through flip requests. */

const t = await createSandboxedApp();
const flip = flipSteps(t);
const paypal = t.state.paypal;

const statusOf = async (orderId: string) => (await t.payments.find(orderId))?.status;
/** One address sends the forged burst and then PayPal's own event (as behind a proxy that is not believed). */
const BURST_FROM = '198.51.100.7';
/** Every row a webhook could write: payments, the queue, the history. */
const everything = async () => ({
  payments: await t.db.select().from(payments),
  queue: await t.db.select().from(flipQueue),
  history: await t.db.select().from(songRequests),
});
const verifyCalls = () => t.state.requests.filter((r) => r.path === '/v1/notifications/verify-webhook-signature').length;
/** The site's answer to the last delivery of an event type. */
const answerTo = async (eventType: string) => {
  await paypal.webhooks.idle();
  return paypal.webhooks.deliveries.findLast((d) => d.event.event_type === eventType)?.status;
};

async function paidFlip() {
  const sid = await flip.validate();
  const orderId = await flip.order(sid);
  paypal.approve(orderId, 'paid');
  await paypal.webhooks.idle();
  expect(await statusOf(orderId)).toBe('captured');
  return { sid, orderId };
}

describe('refund webhooks read the capture from PayPal', () => {
  it('a partial refund (PayPal still says PAYMENT.CAPTURE.REFUNDED) keeps the request queued', async () => {
    const { sid, orderId } = await paidFlip();
    paypal.refund(orderId, 'REFUNDED', { currency_code: 'USD', value: '5.00' });
    expect(await answerTo('PAYMENT.CAPTURE.REFUNDED')).toBe(200);
    expect(await statusOf(orderId)).toBe('captured');
    expect((await flip.rowsOf(sid)).queue.map((r) => r.state)).toEqual(['queued']);
  });

  it('a full refund takes the request out of the queue', async () => {
    const { sid, orderId } = await paidFlip();
    paypal.refund(orderId);
    await paypal.webhooks.idle();
    expect(await statusOf(orderId)).toBe('refunded');
    expect((await flip.rowsOf(sid)).queue.map((r) => r.state)).toEqual(['refunded']);
  });

  it('a refund of a capture never settled here is answered without asking PayPal (it names only the capture); reading the order closes the payment, so it is never queued', async () => {
    paypal.webhooks.inject({ fault: 'lose', eventType: 'CHECKOUT.ORDER.APPROVED' });
    paypal.webhooks.inject({ fault: 'lose', eventType: 'PAYMENT.CAPTURE.COMPLETED' });
    const sid = await flip.validate();
    const orderId = await flip.order(sid);
    paypal.approve(orderId, 'paid');
    paypal.capture(orderId);
    await paypal.webhooks.idle();
    const verified = verifyCalls();
    paypal.refund(orderId);
    expect(await answerTo('PAYMENT.CAPTURE.REFUNDED')).toBe(200);
    expect(verifyCalls()).toBe(verified);
    expect(await statusOf(orderId)).toBe('created');
    // The buyer's capture (or the reconciliation: reconcile.test.ts) reads the order and finds the capture refunded.
    const late = await flip.capture(sid, orderId);
    expect([late.statusCode, late.json().message]).toEqual([409, 'This payment was refunded, reversed or denied.']);
    expect(await statusOf(orderId)).toBe('refunded');
    expect((await flip.rowsOf(sid)).queue).toEqual([]);
  });
});

describe('webhook requests are checked before PayPal is asked', () => {
  const send = (body: string, headers: Record<string, string>, from = '127.0.0.1') =>
    // To this server's address, as the stand-in's own deliveries come (its certificates are there).
    t.app.inject({
      method: 'POST',
      url: '/api/payments/paypal/webhook',
      headers: { host: new URL(t.origin).host, ...headers },
      payload: body,
      remoteAddress: from,
    });

  /** A real, signed CHECKOUT.ORDER.APPROVED the site never received. */
  async function lostApproval() {
    paypal.webhooks.inject({ fault: 'lose', eventType: 'CHECKOUT.ORDER.APPROVED' });
    const sid = await flip.validate();
    const orderId = await flip.order(sid);
    paypal.approve(orderId, 'paid');
    const event = paypal.webhooks.lost.findLast((e) => e.event_type === 'CHECKOUT.ORDER.APPROVED')!;
    return { sid, orderId, signed: paypal.webhooks.sign(event, paypal.base) };
  }

  it("refuses another signing algorithm, a certificate off PayPal's hosts and an old transmission without a call to PayPal", async () => {
    const { orderId, signed } = await lostApproval();
    await paypal.webhooks.idle();
    const before = verifyCalls();
    const refusals: Record<string, string>[] = [
      { 'paypal-auth-algo': 'none' },
      { 'paypal-cert-url': 'https://evil.example/v1/notifications/certs/CERT-1' },
      { 'paypal-transmission-time': new Date(Date.now() - 2 * 3600_000).toISOString() },
    ];
    for (const change of refusals) expect((await send(signed.body, { ...signed.headers, ...change })).statusCode).toBe(400);
    expect(verifyCalls()).toBe(before);
    expect(await statusOf(orderId)).toBe('created');
    expect((await send(signed.body, signed.headers)).statusCode).toBe(200);
    expect(await statusOf(orderId)).toBe('captured');
  });

  // 130 verified events take a few seconds, and several times that on a busy machine: a roomy timeout, no bound asserted.
  it("handles PayPal's volume from one address: 130 events in a minute, past the 120 writes the route once shared with likes and edits", {
    timeout: 120_000,
  }, async () => {
    const { orderId, signed } = await lostApproval();
    await paypal.webhooks.idle();
    const verified = verifyCalls();
    const delivered = paypal.webhooks.deliveries.length;
    const answers: number[] = [];
    // As PayPal's retries: the one event signed anew each time, all from PayPal's one address.
    for (let i = 0; i < 130; i++) {
      const again = paypal.webhooks.sign(JSON.parse(signed.body), paypal.base);
      answers.push((await send(again.body, again.headers)).statusCode);
    }
    expect(answers.filter((status) => status !== 200)).toEqual([]);
    // Each one verified with PayPal, as is the PAYMENT.CAPTURE.COMPLETED the first one's capture brought.
    await paypal.webhooks.idle();
    expect(verifyCalls() - verified).toBe(130 + paypal.webhooks.deliveries.length - delivered);
    expect(await statusOf(orderId)).toBe('captured');
  });

  it('a burst of forged events from one address costs no call to PayPal and no write, and the genuine approval behind it is handled', async () => {
    const { sid, orderId, signed } = await lostApproval();
    await paypal.webhooks.idle();
    const burst = forgeries(signed);
    const verified = verifyCalls();
    const before = await everything();
    const answers = new Map<string, Set<string>>();
    for (let i = 0; i < 200; i++) {
      const forged = burst[i % burst.length]!;
      const res = await send(forged.body, forged.headers, BURST_FROM);
      const seen = answers.get(forged.what) ?? new Set<string>();
      seen.add(`${res.statusCode} ${res.statusCode === 200 ? res.json().outcome : res.json().message}`);
      answers.set(forged.what, seen);
    }
    const unverified = '400 The webhook event could not be verified with PayPal.';
    expect(Object.fromEntries([...answers].map(([what, seen]) => [what, [...seen]]))).toEqual({
      'no PayPal headers': [unverified],
      'no signature': [unverified],
      'another algorithm': [unverified],
      "a certificate off PayPal's hosts": [unverified],
      'sent two hours ago': [unverified],
      'not an event': [unverified],
      'a type this site does not act on': ['200 ignored'],
      'an order this site never made': ['200 not our order'],
      'a refund of a capture this site never settled': ['200 not our payment'],
    });
    expect(verifyCalls()).toBe(verified);
    expect(await everything()).toEqual(before);
    // PayPal's own event, from the same address: verified and handled.
    const delivered = paypal.webhooks.deliveries.length;
    const genuine = await send(signed.body, signed.headers, BURST_FROM);
    expect([genuine.statusCode, genuine.json()]).toEqual([200, { event: 'CHECKOUT.ORDER.APPROVED', outcome: 'captured' }]);
    expect((await flip.rowsOf(sid)).queue.map((row) => row.state)).toEqual(['queued']);
    expect(await statusOf(orderId)).toBe('captured');
    await paypal.webhooks.idle();
    // Asked about: the genuine one, and the PAYMENT.CAPTURE.COMPLETED its capture made PayPal send.
    expect(verifyCalls()).toBe(verified + 1 + paypal.webhooks.deliveries.length - delivered);
  });
});
