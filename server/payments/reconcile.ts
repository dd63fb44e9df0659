import type { PaymentStatus } from '../../common/payments';
import type { Db } from '../db/client';
import type { JobDefinition, Logger } from '../jobs/runner';
import { captureOf, type PayPalClient, PayPalError, type PayPalOrder } from '../providers/paypal/client';
import { PaymentError } from './errors';
import { markChecked, markIfStill, type PaymentRow, paymentByOrderId, stalePayments } from './queries';
import type { PaymentsService } from './service';

/**
 * The safety net under the webhooks: orders still open a few minutes after their last change are
 * asked about at PayPal. An approved order is captured, a completed one settled, so a buyer who
 * closed the tab after approving is served even when every webhook was lost. Orders never approved
 * are closed as expired; approved ones that stay unsettled for days are flagged needs_attention.
 */

export const RECONCILE_JOB = 'payments-reconcile';
/** PayPal's approval window: an order nobody approved by then cannot be paid any more. */
export const APPROVAL_WINDOW_MS = 3 * 3600_000;
/** An approved order unsettled this long (a capture pending, a settlement failing) is left to a person. */
export const ATTENTION_AFTER_MS = 3 * 24 * 3600_000;
const BATCH = 100;

export interface ReconcileOptions {
  db: Db;
  payments: PaymentsService;
  paypal: () => PayPalClient | null;
  now: () => Date;
  log: Logger;
  afterMinutes: number;
}

export interface ReconcileReport {
  checked: number;
  captured: number;
  expired: number;
  needsAttention: number;
  failed: number;
}

/** PayPal no longer knows the order, or says it expired: it was never paid. */
const gone = (error: unknown) => error instanceof PayPalError && (error.status === 404 || error.issue === 'ORDER_EXPIRED');

/**
 * One payment: an approved order (status or PayPal's) is captured or settled; a declined one is
 * only settled when PayPal shows a capture, since the buyer's new approval brings its own webhook
 * and a capture here would charge a card the buyer has not picked again; an order never approved
 * within PayPal's window is marked expired.
 */
async function reconcileOne(options: ReconcileOptions, paypal: PayPalClient, row: PaymentRow, report: ReconcileReport) {
  const now = options.now();
  const unapproved = row.status !== 'approved';
  const pastWindow = now.getTime() - row.createdAt.getTime() > APPROVAL_WINDOW_MS;
  let order: PayPalOrder;
  try {
    order = await paypal.getOrder(row.orderId);
  } catch (error) {
    if (unapproved && gone(error)) return expire(options, row, report, now);
    throw error;
  }
  const capture = captureOf(order);
  if (!capture && order.status !== 'APPROVED') return unapproved && pastWindow ? expire(options, row, report, now) : undefined;
  if (!capture && row.status === 'declined') return;
  const payment = capture ? await options.payments.settle(row.orderId, order) : await options.payments.captureApproved(row.orderId);
  if (payment.status === 'captured') report.captured++;
}

async function expire(options: ReconcileOptions, row: PaymentRow, report: ReconcileReport, now: Date) {
  if (await markIfStill(options.db, row.id, row.status as PaymentStatus, 'expired', now)) report.expired++;
}

/** Still open days after it was approved: stop asking, flag it, and say so loudly. */
async function flagIfOld(options: ReconcileOptions, row: PaymentRow, reason: string, report: ReconcileReport) {
  const now = options.now();
  const fresh = await paymentByOrderId(options.db, row.orderId);
  if (fresh?.status !== 'approved' || now.getTime() - fresh.createdAt.getTime() <= ATTENTION_AFTER_MS) return;
  if (await markIfStill(options.db, fresh.id, 'approved', 'needs_attention', now)) {
    report.needsAttention++;
    options.log.error(`payment ${row.orderId} approved ${fresh.createdAt.toISOString()} is still not settled (${reason}): needs attention`);
  }
}

export async function reconcile(options: ReconcileOptions, signal?: AbortSignal): Promise<ReconcileReport> {
  const paypal = options.paypal();
  const report: ReconcileReport = { checked: 0, captured: 0, expired: 0, needsAttention: 0, failed: 0 };
  if (!paypal) return report;
  const now = options.now();
  const stale = await stalePayments(options.db, new Date(now.getTime() - options.afterMinutes * 60_000), BATCH);
  for (const row of stale) {
    // The lock was lost (another instance may run now): stop before the next call to PayPal.
    signal?.throwIfAborted();
    report.checked++;
    let reason = 'its capture is still pending';
    try {
      await reconcileOne(options, paypal, row, report);
    } catch (error) {
      // A declined card is the buyer's to retry; anything else is tried again next run.
      if (!(error instanceof PaymentError && error.code === 'declined')) {
        report.failed++;
        reason = (error as Error).message;
        options.log.warn(`payment ${row.orderId} could not be reconciled: ${reason}`);
      }
    }
    await flagIfOld(options, row, reason, report);
    await markChecked(options.db, row.id, now);
  }
  return report;
}

export function reconcileJob(options: ReconcileOptions & { intervalSeconds: number }): JobDefinition {
  return {
    name: RECONCILE_JOB,
    intervalMs: options.intervalSeconds * 1000,
    runAtStart: options.intervalSeconds > 0,
    run: (signal) => reconcile(options, signal),
  };
}
