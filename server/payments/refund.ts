import type { Db } from '../db/client';
import type { PayPalClient } from '../providers/paypal/client';
import { PayPalError } from '../providers/paypal/client';
import { latestPayment } from './queries';
import type { PaymentsService } from './service';
import type { RegisteredKind } from './types';

/**
 * Gives a paid request's money back in full (Payments v2 `POST /v2/payments/captures/{id}/refund`).
 * The PayPal-Request-Id is the payment's own (`refund-<order id>`), so a retry, a second admin or
 * the retry job is answered with the one refund PayPal made, never a second. A COMPLETED refund
 * goes through the same `reverse` as PayPal's REFUNDED webhook (the kind's onReversed, once); a
 * PENDING one waits for that webhook; anything else is a failure the caller keeps and retries.
 */

export type RefundOutcome = { status: 'refunded' } | { status: 'pending' } | { status: 'failed'; message: string };

/** PayPal's refusals that mean the money is back already. */
const ALREADY_BACK = ['CAPTURE_FULLY_REFUNDED'];

const describe = (error: PayPalError) =>
  `PayPal ${error.status ?? 'did not answer'}: ${error.issue ?? error.name}${error.message ? ` (${error.message})` : ''}${error.debugId ? `, debug_id ${error.debugId}` : ''}`;

export function createRefunds(deps: { db: Db; paypal: () => PayPalClient | null; reverse: PaymentsService['reverse'] }) {
  return {
    async refundRequest(kind: RegisteredKind, requestRef: string): Promise<RefundOutcome> {
      const payment = await latestPayment(deps.db, kind, requestRef);
      if (!payment) return { status: 'failed', message: 'No payment of this request was found' };
      if (payment.status === 'refunded' || payment.status === 'reversed') return { status: 'refunded' };
      if (payment.status !== 'captured' || !payment.captureId) {
        return { status: 'failed', message: `The payment is ${payment.status}, not captured: nothing to refund` };
      }
      const paypal = deps.paypal();
      if (!paypal) return { status: 'failed', message: 'PayPal is not configured (PAYPAL_* settings)' };
      const captureId = payment.captureId;
      try {
        const refund = await paypal.refundCapture(captureId, {
          requestId: `refund-${payment.orderId}`,
          noteToPayer: 'Your request was not accepted; your payment is refunded in full.',
        });
        if (refund.status === 'PENDING') return { status: 'pending' };
        if (refund.status !== 'COMPLETED') {
          const reason = refund.status_details?.reason ? ` (${refund.status_details.reason})` : '';
          return { status: 'failed', message: `PayPal answered the refund ${refund.id} with ${refund.status}${reason}` };
        }
      } catch (error) {
        if (!(error instanceof PayPalError)) throw error;
        if (!ALREADY_BACK.includes(error.issue ?? '')) return { status: 'failed', message: describe(error) };
      }
      await deps.reverse({ captureId }, 'refunded');
      return { status: 'refunded' };
    },
  };
}
