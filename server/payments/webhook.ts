import { z } from 'zod';
import type { PayPalClient } from '../providers/paypal/client';
import { PayPalError } from '../providers/paypal/client';
import { PaymentError } from './errors';
import type { PaymentsService } from './service';

/**
 * PayPal's webhook events, each verified with PayPal's verify-webhook-signature before anything is
 * done. Handling is idempotent (a replayed or duplicated event changes nothing): the event only
 * says which order to look at; settle reads the order from PayPal and checks it itself.
 */

const eventSchema = z.object({
  id: z.string(),
  event_type: z.string(),
  resource: z.looseObject({
    id: z.string().optional(),
    supplementary_data: z
      .object({ related_ids: z.object({ order_id: z.string().optional() }).partial() })
      .partial()
      .optional(),
    links: z.array(z.object({ href: z.string(), rel: z.string() })).optional(),
  }),
});
type WebhookEvent = z.infer<typeof eventSchema>;

export interface WebhookResult {
  event: string;
  /** What was done: a payment's status after the event, or why nothing was done */
  outcome: string;
}

const orderIdOf = (event: WebhookEvent) => event.resource.supplementary_data?.related_ids?.order_id;
/** Refund resources name their capture by the `up` link (…/v2/payments/captures/{id}). */
const capturedIdOfRefund = (event: WebhookEvent) =>
  event.resource.links?.find((link) => link.rel === 'up')?.href.match(/\/captures\/([^/?]+)/)?.[1];

const REVERSALS = {
  'PAYMENT.CAPTURE.DENIED': 'denied',
  'PAYMENT.CAPTURE.REFUNDED': 'refunded',
  'PAYMENT.CAPTURE.REVERSED': 'reversed',
} as const;

async function dispatch(payments: PaymentsService, event: WebhookEvent): Promise<string> {
  const type = event.event_type;
  if (type === 'CHECKOUT.ORDER.APPROVED') {
    const orderId = event.resource.id;
    if (!orderId || !(await payments.find(orderId))) return 'not our order';
    try {
      return (await payments.captureApproved(orderId)).status;
    } catch (error) {
      // The buyer's card was declined, or the buyer is still at it: theirs to retry, not PayPal's.
      if (error instanceof PaymentError && ['declined', 'not_approved', 'closed'].includes(error.code)) return error.code;
      throw error;
    }
  }
  if (type === 'PAYMENT.CAPTURE.COMPLETED' || type === 'PAYMENT.CAPTURE.PENDING') {
    const orderId = orderIdOf(event);
    if (!orderId || !(await payments.find(orderId))) return 'not our order';
    return (await payments.settle(orderId)).status;
  }
  if (type in REVERSALS) {
    const status = REVERSALS[type as keyof typeof REVERSALS];
    const captureId = type === 'PAYMENT.CAPTURE.DENIED' ? event.resource.id : capturedIdOfRefund(event);
    const payment = await payments.reverse({ orderId: orderIdOf(event), captureId }, status);
    return payment ? payment.status : 'not our payment';
  }
  return 'ignored';
}

export async function handleWebhook(
  payments: PaymentsService,
  paypal: PayPalClient | null,
  webhookId: string | null,
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
): Promise<WebhookResult> {
  if (!paypal || !webhookId) throw new PaymentError('not_configured');
  let verified: boolean;
  try {
    verified = await paypal.verifyWebhookSignature({ headers, event: body, webhookId });
  } catch (error) {
    // PayPal could not tell: answer an error so PayPal sends the event again later.
    if (error instanceof PayPalError) throw new PaymentError('provider', error.debugId ?? error.name);
    throw error;
  }
  if (!verified) throw new PaymentError('unverified');
  const event = eventSchema.safeParse(body);
  if (!event.success) return { event: 'unknown', outcome: 'not an event this site reads' };
  return { event: event.data.event_type, outcome: await dispatch(payments, event.data) };
}
