import { type CapturedOrder, fromCents, type PaymentStatus } from '../../common/payments';
import type { PaymentRow } from './queries';
import type { Payment, RegisteredKind } from './types';

export function presentPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    kind: row.kind as RegisteredKind,
    requestRef: row.requestRef,
    amount: { currency_code: row.currency, value: fromCents(row.amountCents) },
    description: row.description,
    orderId: row.orderId,
    captureId: row.captureId,
    status: row.status as PaymentStatus,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    capturedAt: row.capturedAt,
  };
}

/** The captured order as PayPal shows it, from what we stored: a second capture answers the same. */
export function presentCapturedOrder(payment: Payment): CapturedOrder {
  if (payment.status !== 'captured' || !payment.captureId) throw new Error(`Payment ${payment.orderId} is not captured`);
  return {
    id: payment.orderId,
    status: 'COMPLETED',
    purchase_units: [
      {
        reference_id: 'default',
        amount: payment.amount,
        payments: { captures: [{ id: payment.captureId, status: 'COMPLETED', amount: payment.amount }] },
      },
    ],
  };
}
