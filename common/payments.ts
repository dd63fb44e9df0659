import { z } from 'zod';

/**
 * Payments of paid features (flip and sample requests) through PayPal Orders v2: the shapes the
 * server and the web share. Amounts are PayPal's `{currency_code, value}` with the value a decimal
 * string ("20.00"); the server sets them, the browser never sends one.
 */

export const PAYMENT_KINDS = ['flip', 'sample'] as const;
export const paymentKindSchema = z.enum(PAYMENT_KINDS);
export type PaymentKind = z.infer<typeof paymentKindSchema>;

/**
 * created: order made, not paid; approved: the buyer approved, no capture yet (or it is pending);
 * captured: the capture COMPLETED for the right amount and the feature has its rows; declined: the
 * last capture was declined (the buyer may approve again); denied, refunded, reversed: PayPal took
 * the money back or never got it, the feature took the request out of its queue; expired: never
 * approved within PayPal's approval window (nothing taken); needs_attention: approved days ago and
 * still not settled (a capture pending or a settlement failing): the job stops, a person looks.
 */
export const PAYMENT_STATUSES = [
  'created',
  'approved',
  'captured',
  'declined',
  'denied',
  'refunded',
  'reversed',
  'expired',
  'needs_attention',
] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** Statuses in which an order may still be paid (the reconciliation job asks PayPal about them). */
export const OPEN_PAYMENT_STATUSES = ['created', 'approved', 'declined'] as const satisfies readonly PaymentStatus[];

export const moneySchema = z.object({
  currency_code: z.string().regex(/^[A-Z]{3}$/),
  value: z.string().regex(/^\d{1,10}(\.\d{2})?$/),
});
export type Money = z.infer<typeof moneySchema>;

/** PayPal order ids: upper-case letters and digits. */
export const paypalOrderIdSchema = z.string().regex(/^[A-Z0-9]{1,36}$/, 'must be a PayPal order id');

/** Answer of a create call: PayPal's order id, for the JS SDK's createOrder. */
export const createdOrderSchema = z.object({ id: paypalOrderIdSchema });

/** A captured order as PayPal shows it; the capture id is `purchase_units[0].payments.captures[0].id`. */
export const capturedOrderSchema = z.object({
  id: z.string(),
  status: z.literal('COMPLETED'),
  purchase_units: z.array(
    z.object({
      reference_id: z.string(),
      amount: moneySchema,
      payments: z.object({ captures: z.array(z.object({ id: z.string(), status: z.literal('COMPLETED'), amount: moneySchema })) }),
    }),
  ),
});
export type CapturedOrder = z.infer<typeof capturedOrderSchema>;

/** Whole cents of an amount ("20.00" → 2000); exact for the two-decimal currencies used here. */
export function toCents(value: string): number {
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

export function fromCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
