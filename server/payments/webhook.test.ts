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
