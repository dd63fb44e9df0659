import { z } from 'zod';
import { type PayPalCapturedPayment, type PayPalClient, PayPalError, WEBHOOK_HEADERS } from '../providers/paypal/client';
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

/** How far a transmission's own time may be from ours: PayPal retries for days, but each retry is signed anew. */
export const TRANSMISSION_WINDOW_MS = 3600_000;

export interface WebhookChecks {
  now: () => Date;
  /** Whether a paypal-cert-url host may be PayPal's (*.paypal.com, or the stand-in's in demo and tests) */
  certHostAllowed: (host: string) => boolean;
}

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return typeof value === 'string' ? value : '';
};

/**
 * What can be refused without asking PayPal, so a stranger's POSTs do not each cost a call to
 * PayPal: PayPal signs with SHA256withRSA, its certificates live on its own hosts, and a
 * transmission is signed when it is sent.
 */
function plausible(headers: Record<string, string | string[] | undefined>, checks: WebhookChecks): boolean {
  if (header(headers, WEBHOOK_HEADERS.authAlgo) !== 'SHA256withRSA') return false;
  let cert: URL;
  try {
    cert = new URL(header(headers, WEBHOOK_HEADERS.certUrl));
  } catch {
    return false;
  }
  if (!checks.certHostAllowed(cert.hostname)) return false;
  const sent = Date.parse(header(headers, WEBHOOK_HEADERS.transmissionTime));
  return Number.isFinite(sent) && Math.abs(checks.now().getTime() - sent) <= TRANSMISSION_WINDOW_MS;
}

export async function handleWebhook(
  payments: PaymentsService,
  paypal: PayPalClient | null,
  webhookId: string | null,
  checks: WebhookChecks,
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
): Promise<WebhookResult> {
  if (!paypal || !webhookId) throw new PaymentError('not_configured');
  if (!plausible(headers, checks)) throw new PaymentError('unverified');
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
  return { event: event.data.event_type, outcome: await dispatch(payments, paypal, event.data) };
}
