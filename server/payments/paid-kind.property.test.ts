import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Money, type PaymentKind, toCents } from '../../common/payments';
import { payments } from '../db/schema';
import { createSandboxedApp } from '../sandbox/testing';
import { flipKind } from '../song-requests/flip/testing';
import { sampleKind } from '../song-requests/sample/testing';
import { buildAdmin } from '../testing/users';
import type { PaidKindAdapter } from './testing';

/**
 * The paid-request flow of each paid kind (flips, samples) under random faults (fast-check, on one
 * app and one database): how the buyer approves, whether PayPal fails the capture, how often the browser captures, what
 * happens to the webhooks, whether the reconciliation job runs in the middle. After each run the
 * periodic reconciliation has run once more, as it always does eventually. Then:
 *  - every order approved with a good card ends in the queue (a flip's queue, a sample's paid
 *    state) and the history exactly once;
 *  - nothing is queued without PayPal holding a COMPLETED capture of the request's price for it;
 *  - PayPal never captured an order twice;
 *  - a paid request an admin rejects (once, twice at once, while PayPal fails the refund before or
 *    after its work, or holds it pending) ends refunded in full exactly once, out of the queue.
 */

/**
 * Runs per kind. Both kinds take the same path (paid-kind.ts) and differ only in onPaid/onReversed;
 * 500 runs of flips put every fault and rejection through it many times over (fast-check's
 * scenarios number 5 x 3 x 4 x 4 x 2 x 5 kinds of rejection), and samples' 200 check the sample's
 * own writes under the same faults without making this the suite's longest test. With rejections a
 * run takes longer (a refund, its retries and the retry job): 1,000 flip runs took 460 s on a machine
 * at load 18, past the test's time limit on a busy CI machine.
 */
const RUNS: Record<PaymentKind, number> = { flip: 500, sample: 200 };
let now = new Date('2026-01-01T12:00:00Z');
// Thousands of writes from one address: above the per-minute write limit (server/accounts/limits.ts).
// The paid path without the hold (approval has its own tests: song-requests/lifecycle).
// Hundreds of runs a real minute from one address, each with PayPal's webhooks from the stand-in on the same
// address: above both per-minute budgets, which count real time (their own tests: accounts/, webhook-limit.test.ts).
const t = await createSandboxedApp({
  now: () => now,
  env: { WRITE_RATE_LIMIT: '100000', PAYPAL_WEBHOOK_RATE_LIMIT: '100000', SAMPLES_REQUIRE_APPROVAL: 'false' },
});
const KINDS = [flipKind(t), sampleKind(t)];
const paypal = t.state.paypal;
const job = t.payments.job();
const admin = await buildAdmin(t.db);

// Counts PayPal's actual captures per order (the stand-in's own record of money taken).
const captures = new Map<string, number>();
const capture = paypal.capture.bind(paypal);
paypal.capture = (orderId: string) => {
  const order = capture(orderId);
  captures.set(orderId, (captures.get(orderId) ?? 0) + 1);
  return order;
};

const scenario = fc.record({
  approval: fc.constantFrom('paid', 'declined', 'declined-then-paid', 'cancelled', 'none'),
  captureFault: fc.constantFrom('none', 'before', 'after'),
  browserCaptures: fc.integer({ min: 0, max: 3 }),
  webhooks: fc.constantFrom('none', 'lose', 'duplicate', 'delay'),
  reconcileMidway: fc.boolean(),
  // Half the runs keep the request; the others reject it after it was paid, under a refund fault.
  reject: fc.constantFrom('none', 'none', 'none', 'once', 'twice', 'refund-500', 'refund-500-after', 'pending'),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer S> ? S : never;

const browserCapture = async (kind: PaidKindAdapter, sid: string, orderId: string, times: number) => {
  const answers = await Promise.all(Array.from({ length: times }, () => kind.steps.capture(sid, orderId)));
  for (const answer of answers) expect(answer.statusCode, answer.body).not.toBe(500);
};

async function play(kind: PaidKindAdapter, s: Scenario): Promise<{ sid: string; orderId: string; price: Money; paid: boolean }> {
  // Each run far after the last: the job no longer asks about earlier runs' unpaid orders.
  now = new Date(now.getTime() + 4 * 24 * 3_600_000);
  if (s.webhooks !== 'none') paypal.webhooks.inject({ fault: s.webhooks, times: Number.POSITIVE_INFINITY });
  // A validated request, as validate stores it (validate itself is tested against its providers elsewhere).
  const { sid, price } = await kind.pending(now);
  const orderId = await kind.steps.order(sid);
  if (s.captureFault !== 'none')
    t.state.faults.inject({ provider: 'paypal', path: '/capture', status: 500, after: s.captureFault === 'after', times: 1 });
  if (s.approval === 'cancelled') paypal.cancel(orderId);
  if (s.approval !== 'none' && s.approval !== 'cancelled') paypal.approve(orderId, s.approval === 'paid' ? 'paid' : 'declined');
  if (s.reconcileMidway) {
    now = new Date(now.getTime() + 10 * 60_000);
    await job.run(new AbortController().signal);
  }
  await browserCapture(kind, sid, orderId, s.browserCaptures);
  if (s.approval === 'declined-then-paid') {
    await paypal.webhooks.idle();
    paypal.approve(orderId, 'paid');
    await browserCapture(kind, sid, orderId, s.browserCaptures);
  }
  await paypal.webhooks.release();
  await paypal.webhooks.idle();
  // The periodic reconciliation, which eventually runs whatever else happened.
  now = new Date(now.getTime() + 10 * 60_000);
  await job.run(new AbortController().signal);
  await paypal.webhooks.release();
  await paypal.webhooks.idle();
  // A new approval after a recorded decline is captured by the buyer's page or its own webhook, never
  // by the job (it could charge the declined card again): with both gone, nothing is taken or queued.
  // Here the decline is recorded only by the job's midway run, unless a fault hid PayPal's answer.
  const unserved = s.browserCaptures === 0 && s.webhooks === 'lose' && s.reconcileMidway && s.captureFault !== 'after';
  const reapproved = s.approval === 'declined-then-paid' && !unserved;
  return { sid, orderId, price, paid: s.approval === 'paid' || reapproved };
}

/**
 * An admin rejects the paid request: once, or twice at once; PayPal's refund fails (500) before or
 * after its work until the client gives up, or stays pending until PayPal completes it. Then the
 * refund retry job runs, as it periodically does.
 */
async function rejectPaid(historyId: number, orderId: string, s: Scenario): Promise<void> {
  if (s.reject === 'refund-500' || s.reject === 'refund-500-after') {
    t.state.faults.inject({ provider: 'paypal', path: '/refund', status: 500, after: s.reject === 'refund-500-after', times: 10 });
  }
  if (s.reject === 'pending') paypal.pendingRefunds = 1;
  const times = s.reject === 'twice' ? 2 : 1;
  await Promise.all(Array.from({ length: times }, () => t.lifecycle.reject(historyId, admin.id, {})));
  t.state.faults.clear();
  paypal.pendingRefunds = 0;
  if (s.reject === 'pending') paypal.completeRefund(paypal.orders.get(orderId).capture!.refundId!);
  await paypal.webhooks.release();
  await paypal.webhooks.idle();
  now = new Date(now.getTime() + 10 * 60_000);
  await t.lifecycle.retryRefunds(new Date(now.getTime() - 5 * 60_000));
  await paypal.webhooks.release();
  await paypal.webhooks.idle();
}

describe.each(KINDS)('$name payments under random faults (property)', (kind) => {
  const runs = RUNS[kind.name];
  it(`queues every paid order once, nothing unpaid, and never captures twice (${runs} runs)`, async () => {
    const started = Date.now();
    let rejections = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        try {
          const { sid, orderId, price, paid } = await play(kind, s);
          const rows = await kind.rowsOf(sid);
          expect(rows.history.length).toBe(paid ? 1 : 0);
          expect(rows.queued).toBe(paid ? 1 : 0);
          if (rows.queued > 0) {
            const order = paypal.orders.get(orderId);
            expect(order.capture).toMatchObject({ status: 'COMPLETED', amount: price });
            const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
            expect(payment).toMatchObject({
              status: 'captured',
              amountCents: toCents(price.value),
              currency: price.currency_code,
              captureId: order.capture!.id,
            });
            expect(rows.history[0]).toMatchObject({ state: 'queued', [kind.historyRef]: rows.requestId });
          }
          expect(captures.get(orderId) ?? 0).toBe(paid ? 1 : 0);
          if (!paid || s.reject === 'none') return;
          rejections++;
          await rejectPaid(rows.history[0]!.id, orderId, s);
          const after = await kind.rowsOf(sid);
          expect(after.history.map((row) => row.state)).toEqual(['refunded']);
          expect(paypal.orders.get(orderId).capture!.refundedCents).toBe(toCents(price.value));
        } finally {
          t.state.faults.clear();
          paypal.webhooks.clear();
        }
      }),
      { numRuns: runs },
    );
    console.log(`${kind.name}: ${runs} runs (${rejections} rejected and refunded) in ${Date.now() - started} ms`);
  }, 600_000);
});
