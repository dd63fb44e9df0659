import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../demo/accounts';
import { createSandboxedApp } from '../../sandbox/testing';
import { rejectionOf } from '../../testing/errors';
import { captureOf, createPayPalClient, PayPalError } from './client';

const t = await createSandboxedApp();
const logged: string[] = [];
const client = () => t.clients({ log: { warn: (m) => logged.push(m) } }).paypal!;
const usd20 = { currency_code: 'USD', value: '20.00' };

afterEach(async () => {
  await t.state.paypal.webhooks.idle();
  t.state.reset();
  logged.length = 0;
});

const newOrder = (paypal = client(), requestId = `create-${Math.random()}`) =>
  paypal.createOrder({ requestId, amount: usd20, customId: 'flip:test', description: 'Flip request' });

const rejection = (promise: Promise<unknown>) => rejectionOf(promise, PayPalError);

describe('PayPal client against the stand-in', () => {
  it('asks for a token once, keeps it, and gets a new one when PayPal refuses it', async () => {
    const paypal = client();
    const order = await newOrder(paypal);
    await paypal.getOrder(order.id);
    expect(t.state.tokens.issued.paypal).toBe(1);
    t.state.tokens.expireAll('paypal');
    expect((await paypal.getOrder(order.id)).id).toBe(order.id);
    expect(t.state.tokens.issued.paypal).toBe(2);
  });

  it('creates one order per PayPal-Request-Id, with the amount and its approve link', async () => {
    const paypal = client();
    const order = await newOrder(paypal, 'flip-abc-0');
    expect(order).toMatchObject({ status: 'CREATED', purchase_units: [{ amount: usd20, custom_id: 'flip:test' }] });
    expect(order.links.find((l) => l.rel === 'approve')?.href).toBe(`${t.origin}/sandbox/paypal/checkoutnow?token=${order.id}`);
    expect((await newOrder(paypal, 'flip-abc-0')).id).toBe(order.id);
    expect(t.state.requests.filter((r) => r.provider === 'paypal' && r.path === '/v2/checkout/orders')).toHaveLength(2);
  });

  it("turns PayPal's errors into PayPalError with name, issue and debug_id, and logs the debug_id", async () => {
    const paypal = client();
    const order = await newOrder(paypal);
    const early = await rejection(paypal.captureOrder(order.id, 'cap-0'));
    expect(early).toMatchObject({ status: 422, name: 'UNPROCESSABLE_ENTITY', issue: 'ORDER_NOT_APPROVED' });
    expect(early.debugId).toMatch(/^[0-9a-f]+$/);
    expect(logged.at(-1)).toContain(`debug_id=${early.debugId}`);
    const missing = await rejection(paypal.getOrder('UNKNOWN0000000000'));
    expect(missing).toMatchObject({ status: 404, name: 'RESOURCE_NOT_FOUND', issue: 'INVALID_RESOURCE_ID' });
    const http = { ...t.clients().http, baseUrl: `${t.origin}/sandbox/paypal` };
    const refused = await rejection(createPayPalClient({ clientId: 'demo', clientSecret: 'wrong', http }).getOrder(order.id));
    expect(refused).toMatchObject({ status: 401, name: 'invalid_client' });
  });

  it('captures an approved order once; a retry with the same PayPal-Request-Id answers the same capture', async () => {
    const paypal = client();
    const order = await newOrder(paypal);
    t.state.paypal.approve(order.id, 'paid');
    const captured = await paypal.captureOrder(order.id, 'cap-0');
    const capture = captureOf(captured)!;
    expect(capture).toMatchObject({ status: 'COMPLETED', amount: usd20 });
    expect(captureOf(await paypal.captureOrder(order.id, 'cap-0'))!.id).toBe(capture.id);
    const again = await rejection(paypal.captureOrder(order.id, 'cap-1'));
    expect(again.issue).toBe('ORDER_ALREADY_CAPTURED');
    expect(captureOf(await paypal.getOrder(order.id))!.id).toBe(capture.id);
  });

  it('retries a capture whose answer was lost (500 or too late) without capturing twice', async () => {
    const paypal = t.clients({ timeoutMs: 250 }).paypal!;
    for (const fault of [{ status: 500 }, { delayMs: 600 }]) {
      const order = await newOrder(paypal);
      t.state.paypal.approve(order.id, 'paid');
      t.state.faults.inject({ provider: 'paypal', path: '/capture', after: true, ...fault });
      const captured = await paypal.captureOrder(order.id, `cap-${order.id}`);
      expect(captureOf(captured)!.status).toBe('COMPLETED');
      expect(t.state.requests.filter((r) => r.path === `/v2/checkout/orders/${order.id}/capture`)).toHaveLength(2);
    }
  });

  it('reports a declined card as INSTRUMENT_DECLINED', async () => {
    const paypal = client();
    const order = await newOrder(paypal);
    t.state.paypal.approve(order.id, 'declined');
    expect((await rejection(paypal.captureOrder(order.id, 'cap-0'))).issue).toBe('INSTRUMENT_DECLINED');
  });

  it("verifies webhooks with PayPal's verify-webhook-signature", async () => {
    const paypal = client();
    const order = await newOrder(paypal);
    t.state.paypal.approve(order.id, 'paid');
    await t.state.paypal.webhooks.idle();
    const delivery = t.state.paypal.webhooks.deliveries[0]!;
    const webhookId = DEMO_ACCOUNTS.paypal.webhookId;
    const event = JSON.parse(delivery.body);
    expect(await paypal.verifyWebhookSignature({ headers: delivery.headers, event, webhookId })).toBe(true);
    const forged = { ...event, event_type: 'PAYMENT.CAPTURE.COMPLETED' };
    expect(await paypal.verifyWebhookSignature({ headers: delivery.headers, event: forged, webhookId })).toBe(false);
    expect(await paypal.verifyWebhookSignature({ headers: delivery.headers, event, webhookId: 'OTHERWEBHOOK' })).toBe(false);
    const before = t.state.requests.length;
    expect(await paypal.verifyWebhookSignature({ headers: {}, event, webhookId })).toBe(false);
    expect(t.state.requests.length).toBe(before);
  });

  it('a capture (a buyer waiting) retries once at most and does not wait out a long Retry-After', async () => {
    const order = await newOrder();
    t.state.paypal.approve(order.id, 'paid');
    const slept: number[] = [];
    const patient = t.clients({
      retry: { retries: 3, backoffMs: 1, maxBackoffMs: 5, maxRetryAfterMs: 120_000 },
      sleep: async (ms) => {
        slept.push(ms);
      },
    }).paypal!;
    t.state.faults.inject({ provider: 'paypal', path: '/capture', status: 503, retryAfter: 60, times: 10 });
    const attempts = () => t.state.requests.filter((r) => r.path.endsWith(`/${order.id}/capture`)).length;
    expect((await rejection(patient.captureOrder(order.id, 'capture-wait'))).status).toBe(503);
    expect(slept.every((ms) => ms <= 5_000)).toBe(true);
    expect(attempts()).toBeLessThanOrEqual(2);
    t.state.faults.clear();
  });

  describe('refunds (Payments v2)', () => {
    async function paidCapture(paypal = client()) {
      const order = await newOrder(paypal);
      t.state.paypal.approve(order.id, 'paid');
      return captureOf(await paypal.captureOrder(order.id, `cap-${order.id}`))!;
    }
    const refundEvents = () => t.state.paypal.webhooks.deliveries.filter((d) => d.event.event_type === 'PAYMENT.CAPTURE.REFUNDED');

    it('refunds a capture in full once per PayPal-Request-Id, and PayPal sends PAYMENT.CAPTURE.REFUNDED', async () => {
      const paypal = client();
      const capture = await paidCapture(paypal);
      const refund = await paypal.refundCapture(capture.id, { requestId: 'refund-1' });
      expect(refund).toMatchObject({ status: 'COMPLETED', amount: usd20 });
      expect(refund.links.find((l) => l.rel === 'up')?.href).toBe(`${t.origin}/sandbox/paypal/v2/payments/captures/${capture.id}`);
      // The same request id (a retry after a lost answer) answers the same refund.
      expect((await paypal.refundCapture(capture.id, { requestId: 'refund-1' })).id).toBe(refund.id);
      expect((await paypal.getCapture(capture.id)).status).toBe('REFUNDED');
      expect((await paypal.getRefund(refund.id)).status).toBe('COMPLETED');
      await t.state.paypal.webhooks.idle();
      expect(refundEvents().map((d) => (d.event.resource as { id: string }).id)).toEqual([refund.id]);
      // Another request id is a new refund, which PayPal refuses: nothing is left to give back.
      expect((await rejection(paypal.refundCapture(capture.id, { requestId: 'refund-2' }))).issue).toBe('CAPTURE_FULLY_REFUNDED');
    });

    it('refunds part of a capture, and refuses more than is left', async () => {
      const paypal = client();
      const capture = await paidCapture(paypal);
      const part = await paypal.refundCapture(capture.id, { requestId: 'part-1', amount: { currency_code: 'USD', value: '5.00' } });
      expect(part.amount).toEqual({ currency_code: 'USD', value: '5.00' });
      expect((await paypal.getCapture(capture.id)).status).toBe('PARTIALLY_REFUNDED');
      const tooMuch = await rejection(paypal.refundCapture(capture.id, { requestId: 'part-2', amount: usd20 }));
      expect(tooMuch).toMatchObject({ status: 422, issue: 'REFUND_AMOUNT_EXCEEDED' });
      expect((await paypal.refundCapture(capture.id, { requestId: 'part-3' })).amount).toEqual({ currency_code: 'USD', value: '15.00' });
      expect((await paypal.getCapture(capture.id)).status).toBe('REFUNDED');
    });

    it('answers PENDING for a refund PayPal has not completed, and sends the webhook when it does', async () => {
      const paypal = client();
      const capture = await paidCapture(paypal);
      t.state.paypal.pendingRefunds = 1;
      const refund = await paypal.refundCapture(capture.id, { requestId: 'pending-1' });
      expect(refund).toMatchObject({ status: 'PENDING', status_details: { reason: 'ECHECK' } });
      await t.state.paypal.webhooks.idle();
      expect(refundEvents()).toHaveLength(0);
      expect((await paypal.getCapture(capture.id)).status).toBe('COMPLETED');
      t.state.paypal.completeRefund(refund.id);
      await t.state.paypal.webhooks.idle();
      expect(refundEvents()).toHaveLength(1);
      expect((await paypal.getRefund(refund.id)).status).toBe('COMPLETED');
      expect((await paypal.getCapture(capture.id)).status).toBe('REFUNDED');
    });

    it('refuses a refund of a pending capture, and one of an unknown capture', async () => {
      const paypal = client();
      const order = await newOrder(paypal);
      t.state.paypal.approve(order.id, 'pending');
      const pending = captureOf(await paypal.captureOrder(order.id, 'cap-pending'))!;
      expect((await rejection(paypal.refundCapture(pending.id, { requestId: 'r-pending' }))).issue).toBe('PENDING_CAPTURE');
      expect(await rejection(paypal.refundCapture('UNKNOWN0000000000', { requestId: 'r-unknown' }))).toMatchObject({
        status: 404,
        issue: 'INVALID_RESOURCE_ID',
      });
    });

    it('a refund whose answer was lost (500 after the work) is retried with its request id and refunds once', async () => {
      const paypal = client();
      const capture = await paidCapture(paypal);
      t.state.faults.inject({ provider: 'paypal', path: '/refund', after: true, status: 500 });
      const refund = await paypal.refundCapture(capture.id, { requestId: 'lost-1' });
      expect(refund.status).toBe('COMPLETED');
      expect(t.state.requests.filter((r) => r.path === `/v2/payments/captures/${capture.id}/refund`)).toHaveLength(2);
      await t.state.paypal.webhooks.idle();
      expect(refundEvents()).toHaveLength(1);
    });
  });
});
