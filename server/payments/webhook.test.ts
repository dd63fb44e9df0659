import { describe, expect, it } from 'vitest';
import { createSandboxedApp } from '../sandbox/testing';
import { flipSteps } from '../song-requests/flip/testing';

/** Webhooks of payments taken back, against the PayPal stand-in, through flip requests. */

const t = await createSandboxedApp();
const flip = flipSteps(t);
const paypal = t.state.paypal;

const statusOf = async (orderId: string) => (await t.payments.find(orderId))?.status;
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

  it("a refund of a capture never settled here closes its payment (found by the capture's order), so it is never queued", async () => {
    paypal.webhooks.inject({ fault: 'lose', eventType: 'CHECKOUT.ORDER.APPROVED' });
    paypal.webhooks.inject({ fault: 'lose', eventType: 'PAYMENT.CAPTURE.COMPLETED' });
    const sid = await flip.validate();
    const orderId = await flip.order(sid);
    paypal.approve(orderId, 'paid');
    paypal.capture(orderId);
    paypal.refund(orderId);
    expect(await answerTo('PAYMENT.CAPTURE.REFUNDED')).toBe(200);
    expect(await statusOf(orderId)).toBe('refunded');
    expect((await flip.capture(sid, orderId)).statusCode).not.toBe(200);
    expect((await flip.rowsOf(sid)).queue).toEqual([]);
  });
});

describe('webhook requests are checked before PayPal is asked', () => {
  const verifyCalls = () => t.state.requests.filter((r) => r.path === '/v1/notifications/verify-webhook-signature').length;
  const send = (body: string, headers: Record<string, string>) =>
    // To this server's address, as the stand-in's own deliveries come (its certificates are there).
    t.app.inject({
      method: 'POST',
      url: '/api/payments/paypal/webhook',
      headers: { host: new URL(t.origin).host, ...headers },
      payload: body,
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

  it('limits how many webhook POSTs one address makes (the write budget)', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 130; i++) answers.push((await send('{}', { 'content-type': 'application/json' })).statusCode);
    expect(answers).toContain(429);
  });
});
