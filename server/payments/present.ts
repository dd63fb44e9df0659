import { type CapturedOrder, fromCents, type PaymentStatus } from '../../common/payments';
import { type CsvCell, csvRecord } from './csv';
import type { ExportRow, PaymentRow } from './queries';
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

/** The export's columns: its header row, then `presentCsvRecord` of every payment in this order. Times are UTC (ISO 8601). */
const CSV_COLUMNS = [
  'Payment ID',
  'Created (UTC)',
  'Updated (UTC)',
  'Captured (UTC)',
  'Kind',
  'Status',
  'Request',
  'Buyer',
  'Amount',
  'Currency',
  'PayPal order ID',
  'PayPal capture ID',
  'Description',
] as const;

export const CSV_HEADER = csvRecord(CSV_COLUMNS);

export function presentCsvRecord(row: ExportRow): string {
  const cells: CsvCell[] = [
    row.id,
    row.createdAt.toISOString(),
    row.updatedAt.toISOString(),
    row.capturedAt?.toISOString() ?? null,
    row.kind,
    row.status,
    row.requestRef,
    row.buyer,
    // A decimal, as PayPal writes amounts ("20.00"), so a spreadsheet sums it as a number.
    fromCents(row.amountCents),
    row.currency,
    row.orderId,
    row.captureId,
    row.description,
  ];
  return csvRecord(cells);
}
