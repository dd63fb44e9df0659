import { describe, expect, it } from 'vitest';
import { createSandboxedApp } from '../sandbox/testing';
import { flipSteps } from '../song-requests/flip/testing';
import { stalePayments } from './queries';
import { APPROVAL_WINDOW_MS, ATTENTION_AFTER_MS } from './reconcile';

/**
 * The reconciliation job against the PayPal stand-in with every webhook lost: abandoned orders
 * are closed, paid ones come first, approved ones unsettled for days are flagged, declined ones
 * are left to the buyer's new approval.
 */

let now = new Date('2026-05-01T12:00:00Z');
const t = await createSandboxedApp({ now: () => now });
const flip = flipSteps(t);
const paypal = t.state.paypal;
paypal.webhooks.inject({ fault: 'lose', times: Number.POSITIVE_INFINITY });

const run = () => t.payments.job().run(new AbortController().signal) as Promise<Record<string, number>>;
const statusOf = async (orderId: string) => (await t.payments.find(orderId))?.status;
const later = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

async function order() {
  const sid = await flip.validate();
  return { sid, orderId: await flip.order(sid) };
}

/** Approved with an eCheck: the capture is PENDING, the payment stays approved. */
async function pendingOrder() {
  const { sid, orderId } = await order();
  paypal.approve(orderId, 'pending');
  expect((await flip.capture(sid, orderId)).statusCode).toBe(409);
  expect(await statusOf(orderId)).toBe('approved');
  return { sid, orderId };
}

describe('payments reconciliation', () => {
  it('closes abandoned orders as expired (PayPal forgot them, or the approval window passed), never as failures', async () => {
    const open = await order();
    const forgotten = await order();
    paypal.orders.expire(forgotten.orderId);
    later(10 * 60_000);
    expect(await run()).toMatchObject({ failed: 0, expired: 1 });
    expect(await statusOf(forgotten.orderId)).toBe('expired');
    expect(await statusOf(open.orderId)).toBe('created');
    later(APPROVAL_WINDOW_MS);
    expect(await run()).toMatchObject({ failed: 0, expired: 1 });
    expect(await statusOf(open.orderId)).toBe('expired');
    // Expired: not asked about again.
    later(10 * 60_000);
    expect(await run()).toMatchObject({ checked: 0 });
  });

  it('asks about approved orders before older abandoned ones', async () => {
    const abandoned = await order();
    later(60_000);
    const paid = await pendingOrder();
    later(10 * 60_000);
    const [first] = await stalePayments(t.db, now, 1);
    expect(first?.orderId).toBe(paid.orderId);
    expect(abandoned.orderId).not.toBe(paid.orderId);
  });

  it('flags an approved order still pending after days as needs_attention instead of dropping it silently', async () => {
    const { orderId } = await pendingOrder();
    later(10 * 60_000);
    await run();
    expect(await statusOf(orderId)).toBe('approved');
    later(ATTENTION_AFTER_MS);
    expect((await run()).needsAttention).toBeGreaterThanOrEqual(1);
    expect(await statusOf(orderId)).toBe('needs_attention');
    // A capture completing later still settles it.
    paypal.complete(orderId);
    expect((await t.payments.settle(orderId)).status).toBe('captured');
  });

  it('does not capture a declined order the buyer approved again: that approval brings its own webhook', async () => {
    const { sid, orderId } = await order();
    paypal.approve(orderId, 'declined');
    expect((await flip.capture(sid, orderId)).statusCode).toBe(422);
    paypal.approve(orderId, 'paid');
    later(10 * 60_000);
    await run();
    expect(paypal.orders.get(orderId).status).toBe('APPROVED');
    expect(await statusOf(orderId)).toBe('declined');
  });

  it('closes as refunded a payment whose capture PayPal refunded before it was ever settled here (its refund webhook names only the capture), and queues nothing', async () => {
    const { sid, orderId } = await order();
    paypal.approve(orderId, 'paid');
    paypal.capture(orderId);
    paypal.refund(orderId);
    expect(await statusOf(orderId)).toBe('created');
    later(10 * 60_000);
    expect(await run()).toMatchObject({ failed: 0, captured: 0 });
    expect(await statusOf(orderId)).toBe('refunded');
    expect((await flip.rowsOf(sid)).queue).toEqual([]);
    // The buyer's late capture call is told the payment was taken back, not that PayPal is still at it.
    const late = await flip.capture(sid, orderId);
    expect([late.statusCode, late.json().message]).toEqual([409, 'This payment was refunded, reversed or denied.']);
  });

  it("the app's PayPal client renews its token by the app's clock", async () => {
    await order();
    const issued = t.state.tokens.issued.paypal;
    later(10 * 3600_000);
    await order();
    expect(t.state.tokens.issued.paypal).toBe(issued + 1);
  });
});
