import { type PayPalCapturedPayment, type PayPalClient, PayPalError } from '../providers/paypal/client';
import { PaymentError } from './errors';
import type { PaymentsService } from './service';
import { capturedIdOfRefund, orderIdOf, type WebhookEvent, type WebhookResult } from './webhook-screen';

/**
 * PayPal's webhook events, each verified with PayPal's verify-webhook-signature before anything is
 * done, once it passed the checks that need no PayPal (webhook-screen.ts). Handling is idempotent (a
 * replayed or duplicated event changes nothing): the event only says which order to look at;
 * settle reads the order from PayPal and checks it itself.
 */

/** The events the site handles: the webhook registered at PayPal must subscribe to each (`npm run cli -- doctor` checks it). */
export { HANDLED_EVENTS as PAYPAL_WEBHOOK_EVENTS } from './webhook-screen';

const TAKEN_BACK = {
  'PAYMENT.CAPTURE.REFUNDED': 'refunded',
  'PAYMENT.CAPTURE.REVERSED': 'reversed',
} as const;

async function dispatch(payments: PaymentsService, paypal: PayPalClient, event: WebhookEvent): Promise<string> {
  const type = event.event_type;
  if (type === 'CHECKOUT.ORDER.APPROVED') {
    const orderId = event.resource.id;
    if (!orderId || !(await payments.find(orderId))) return 'not our order';
    try {
      return (await payments.captureApproved(orderId)).status;
    } catch (error) {
      // The buyer's card was declined, or the buyer is still at it: theirs to retry, not PayPal's.
      if (error instanceof PaymentError && ['declined', 'not_approved', 'closed', 'expired', 'rejected'].includes(error.code))
        return error.code;
      throw error;
    }
  }
  if (type === 'PAYMENT.CAPTURE.COMPLETED' || type === 'PAYMENT.CAPTURE.PENDING') {
    const orderId = orderIdOf(event);
    if (!orderId || !(await payments.find(orderId))) return 'not our order';
    return (await payments.settle(orderId)).status;
  }
  if (type === 'PAYMENT.CAPTURE.DENIED') {
    const payment = await payments.reverse({ orderId: orderIdOf(event), captureId: event.resource.id }, 'denied');
    return payment ? payment.status : 'not our payment';
  }
  if (type in TAKEN_BACK) return takenBack(payments, paypal, event, TAKEN_BACK[type as keyof typeof TAKEN_BACK]);
  return 'ignored';
}

/**
 * A refund or reversal event names a refund, not how much of the capture is gone: PayPal sends
 * PAYMENT.CAPTURE.REFUNDED for partial refunds too. The capture, read from PayPal, says whether all
 * of it was taken back, and names its order, so a refund of a capture never settled here (its id
 * unknown to us) still closes its payment.
 */
async function takenBack(
  payments: PaymentsService,
  paypal: PayPalClient,
  event: WebhookEvent,
  status: 'refunded' | 'reversed',
): Promise<string> {
  const captureId = capturedIdOfRefund(event);
  if (!captureId) return 'no capture named';
  let capture: PayPalCapturedPayment;
  try {
    capture = await paypal.getCapture(captureId);
  } catch (error) {
    if (error instanceof PayPalError && error.status === 404) return 'not our payment';
    throw error;
  }
  // Partly refunded: the request was still paid for; it stays queued (the outcome is the record).
  if (capture.status === 'PARTIALLY_REFUNDED') return 'partially refunded, kept';
  if (capture.status !== 'REFUNDED' && capture.status !== 'REVERSED') return `capture is ${capture.status}, kept`;
  const orderId = capture.supplementary_data?.related_ids?.order_id;
  const payment = await payments.reverse({ orderId, captureId }, status);
  return payment ? payment.status : 'not our payment';
}

/**
 * An event that passed the screen (webhook-screen.ts): verified with PayPal, then acted on. `body`
 * is the event as received, which is what PayPal's signature covers.
 */
export async function handleWebhook(
  payments: PaymentsService,
  paypal: PayPalClient | null,
  webhookId: string | null,
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
  event: WebhookEvent,
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
  return { event: event.event_type, outcome: await dispatch(payments, paypal, event) };
}
