import type { Db } from '../db/client';
import type { JobDefinition, Logger } from '../jobs/runner';
import { captureOf, type PayPalClient } from '../providers/paypal/client';
import { PaymentError } from './errors';
import { markChecked, stalePayments } from './queries';
import type { PaymentsService } from './service';

/**
 * The safety net under the webhooks: orders still open a few minutes after their last change are
 * asked about at PayPal. An approved order is captured, a completed one settled, so a buyer who
 * closed the tab after approving is served even when every webhook was lost.
 */

export const RECONCILE_JOB = 'payments-reconcile';
/** PayPal keeps unpaid orders for a few days at most; older ones are not asked about. */
const GIVE_UP_AFTER_MS = 3 * 24 * 3600_000;
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
  failed: number;
}

export async function reconcile(options: ReconcileOptions): Promise<ReconcileReport> {
  const paypal = options.paypal();
  const report: ReconcileReport = { checked: 0, captured: 0, failed: 0 };
  if (!paypal) return report;
  const now = options.now();
  const stale = await stalePayments(
    options.db,
    new Date(now.getTime() - options.afterMinutes * 60_000),
    new Date(now.getTime() - GIVE_UP_AFTER_MS),
    BATCH,
  );
  for (const row of stale) {
    report.checked++;
    try {
      const order = await paypal.getOrder(row.orderId);
      const payment =
        order.status === 'APPROVED' && !captureOf(order)
          ? await options.payments.captureApproved(row.orderId)
          : await options.payments.settle(row.orderId, order);
      if (payment.status === 'captured') report.captured++;
    } catch (error) {
      // A declined card is the buyer's to retry; anything else is tried again next run.
      if (!(error instanceof PaymentError && error.code === 'declined')) {
        report.failed++;
        options.log.warn(`payment ${row.orderId} could not be reconciled: ${(error as Error).message}`);
      }
    }
    await markChecked(options.db, row.id, now);
  }
  return report;
}

export function reconcileJob(options: ReconcileOptions & { intervalSeconds: number }): JobDefinition {
  return {
    name: RECONCILE_JOB,
    intervalMs: options.intervalSeconds * 1000,
    runAtStart: options.intervalSeconds > 0,
    run: () => reconcile(options),
  };
}
