import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type PaymentStatusAnswer, paymentStatusSchema } from '../../common/flip';
import { payments } from '../db/schema';
import { createSandboxedApp } from '../sandbox/testing';
import { flipKind } from '../song-requests/flip/testing';
import { sampleKind } from '../song-requests/sample/testing';
import { faultSteps } from './testing';

/**
 * A buyer is never told a payment failed when it is being taken (issue 21): the capture retries its
 * own database work when the connection drops under it, and a page that lost the capture's answer
 * asks GET /api/requests/{kind}/status?sid= until the payment is settled or known failed.
 */

const now = new Date('2026-03-01T12:00:00Z');
const t = await createSandboxedApp({ now: () => now, env: { SAMPLES_REQUIRE_APPROVAL: 'false' } });
const paypal = t.state.paypal;
const KINDS = [flipKind(t), sampleKind(t)];

afterEach(async () => {
  t.state.faults.clear();
  await paypal.webhooks.release();
  paypal.webhooks.clear();
});

async function statusOf(kind: string, sid: string): Promise<PaymentStatusAnswer> {
  const res = await t.app.inject({ url: `/api/requests/${kind}/status?sid=${sid}` });
  expect(res.statusCode, res.body).toBe(200);
  return paymentStatusSchema.parse(res.json());
}

describe.each(KINDS)('$name payment status by sid', (kind) => {
  const { approvedOrder, expectQueuedOnce } = faultSteps(t, kind);

  it('is confirming while PayPal holds an approved order, then paid with the banner ids the capture answered', async () => {
    // The webhooks are held: only the capture call settles this payment.
    paypal.webhooks.inject({ fault: 'delay', times: Number.POSITIVE_INFINITY });
    const { sid, orderId } = await approvedOrder();
    expect(await statusOf(kind.name, sid)).toEqual({ state: 'confirming' });
    const capture = await kind.steps.capture(sid, orderId);
    expect(capture.statusCode).toBe(200);
    const { sampleId, transactionId, requestId } = capture.json();
    expect(await statusOf(kind.name, sid)).toEqual({ state: 'paid', sampleId, orderId, transactionId, requestId });
    await expectQueuedOnce(sid, orderId);
  });

  it('is confirming when the capture answer was lost after PayPal captured, and paid once the server settles it', async () => {
    paypal.webhooks.inject({ fault: 'delay', times: Number.POSITIVE_INFINITY });
    const { sid, orderId } = await approvedOrder();
    t.state.faults.inject({ provider: 'paypal', path: '/capture', status: 500, after: true, times: 3 });
    // PayPal took the money; the answer never came back (the page would have shown the error banner).
    expect((await kind.steps.capture(sid, orderId)).statusCode).toBe(502);
    expect(await statusOf(kind.name, sid)).toEqual({ state: 'confirming' });
    // The webhook arrives: the server completes it without the buyer paying again.
    await paypal.webhooks.release();
    await paypal.webhooks.idle();
    expect(await statusOf(kind.name, sid)).toMatchObject({ state: 'paid', orderId });
    await expectQueuedOnce(sid, orderId);
  });

  it('says declined (nothing taken, try again), and 404 for an unknown sid', async () => {
    paypal.webhooks.inject({ fault: 'delay', times: Number.POSITIVE_INFINITY });
    const { sid, orderId } = await approvedOrder('declined');
    expect((await kind.steps.capture(sid, orderId)).statusCode).toBe(422);
    // The buyer's approval also reaches the server as a webhook, here after the decline (as it may): it
    // tries the capture once more, is declined again, and the answer stays declined, not confirming.
    await paypal.webhooks.release();
    await paypal.webhooks.idle();
    expect(await statusOf(kind.name, sid)).toMatchObject({ state: 'declined', message: expect.stringContaining('nothing was charged') });
    const unknown = await t.app.inject({ url: `/api/requests/${kind.name}/status?sid=no-such-sid` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: kind.messages.unknown });
  });

  it('says failed when no order was ever made', async () => {
    const sid = await kind.steps.validate();
    expect(await statusOf(kind.name, sid)).toMatchObject({ state: 'failed', message: expect.stringContaining('nothing was charged') });
  });
});

describe('the capture when the database connection drops under it', () => {
  // PGlite runs in this process: there is no connection to cut. PostgreSQL's can be.
  if (process.env.TEST_DB !== 'postgres') {
    it('runs in-process on PGlite', () => {
      expect(t.database.kind).toBe('pglite');
    });
    return;
  }

  it.each(KINDS.map((kind) => [kind.name, kind] as const))(
    '%s: the settlement is retried and the buyer gets the success answer, paid once',
    async (_name, kind) => {
      paypal.webhooks.inject({ fault: 'delay', times: Number.POSITIVE_INFINITY });
      const { approvedOrder, expectQueuedOnce } = faultSteps(t, kind);
      const { sid, orderId } = await approvedOrder();
      const url = (t.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
      // Another session holds the payment's row: the capture's settlement waits on it, mid-transaction.
      const holder = new pg.Client({ connectionString: url });
      // The file's database is dropped at the end with its sessions: this one must not die of it.
      holder.on('error', () => {});
      await holder.connect();
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM payments WHERE paypal_order_id = $1 FOR UPDATE', [orderId]);
      const capture = kind.steps.capture(sid, orderId);
      const waiting = await vi.waitFor(
        async () => {
          const rows = await holder.query(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
          );
          if (rows.rows.length === 0) throw new Error('the settlement is not waiting yet');
          return rows.rows.map((row) => row.pid as number);
        },
        { timeout: 20_000, interval: 50 },
      );
      // Its connection is cut mid-transaction, then the row is free again.
      for (const pid of waiting) await holder.query('SELECT pg_terminate_backend($1)', [pid]);
      await holder.query('COMMIT');
      await holder.end();
      const answer = await capture;
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ orderId, requestId: expect.any(Number) });
      await expectQueuedOnce(sid, orderId);
      // Nothing was left half-done by the cut: one payment row, captured.
      const rows = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
      expect(rows.map((row) => row.status)).toEqual(['captured']);
    },
  );
});
