import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxedApp } from '../../sandbox/testing';
import { flipSteps } from './testing';

const now = new Date('2026-03-01T12:00:00Z');
const t = await createSandboxedApp({ now: () => now });
const flip = flipSteps(t);
const paypal = t.state.paypal;

afterEach(async () => {
  await paypal.webhooks.idle();
  t.state.faults.clear();
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
      requestId: rows.history[0]!.id,
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
});
