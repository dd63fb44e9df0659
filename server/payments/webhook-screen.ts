import { z } from 'zod';
import { WEBHOOK_HEADERS } from '../providers/paypal/client';
import { PaymentError } from './errors';

/**
 * What a POST to PayPal's webhook must pass before PayPal is asked about it (webhook.ts): checks that
 * need no call to PayPal and write nothing, so a forged event costs a parse and at most one indexed
 * read and is answered at once. Only an event that passes spends the webhook's rate limit
 * (accounts/limits.ts, PAYPAL_WEBHOOK_RATE_LIMIT) and PayPal's verify-webhook-signature call; none of
 * this admits an event, the signature does.
 */

export const eventSchema = z.object({
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
export type WebhookEvent = z.infer<typeof eventSchema>;

export interface WebhookResult {
  event: string;
  /** What was done: a payment's status after the event, or why nothing was done */
  outcome: string;
}

/** The events this site acts on: the webhook's subscriptions in PayPal's dashboard (README, PAYPAL_WEBHOOK_ID). */
export const HANDLED_EVENTS = [
  'CHECKOUT.ORDER.APPROVED',
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.PENDING',
  'PAYMENT.CAPTURE.DENIED',
  'PAYMENT.CAPTURE.REFUNDED',
  'PAYMENT.CAPTURE.REVERSED',
] as const;
const handled = new Set<string>(HANDLED_EVENTS);

/** A capture event names its order in supplementary_data. */
export const orderIdOf = (event: WebhookEvent) => event.resource.supplementary_data?.related_ids?.order_id;
/** Refund resources name their capture by the `up` link (…/v2/payments/captures/{id}). */
export const capturedIdOfRefund = (event: WebhookEvent) =>
  event.resource.links?.find((link) => link.rel === 'up')?.href.match(/\/captures\/([^/?]+)/)?.[1];

/** The payment an event is about, as it names it: an order (approval, capture events) or a capture (refunds, reversals). */
export interface PaymentRef {
  orderId?: string;
  captureId?: string;
}

export function paymentRefOf(event: WebhookEvent): PaymentRef {
  if (event.event_type === 'CHECKOUT.ORDER.APPROVED') return { orderId: event.resource.id };
  if (event.event_type === 'PAYMENT.CAPTURE.REFUNDED' || event.event_type === 'PAYMENT.CAPTURE.REVERSED')
    return { captureId: capturedIdOfRefund(event) };
  return { orderId: orderIdOf(event), captureId: event.resource.id };
}

/** How far a transmission's own time may be from ours: PayPal retries for days, but each retry is signed anew. */
export const TRANSMISSION_WINDOW_MS = 3600_000;

export interface WebhookChecks {
  now: () => Date;
  /** Whether a paypal-cert-url host may be PayPal's (*.paypal.com, or the stand-in's in demo and tests) */
  certHostAllowed: (host: string) => boolean;
  /** Whether a payment of this site is the one named (an order it created, a capture it settled) */
  isOurs: (ref: PaymentRef) => Promise<boolean>;
}

type Headers = Record<string, string | string[] | undefined>;

const header = (headers: Headers, name: string) => {
  const value = headers[name];
  return typeof value === 'string' ? value : '';
};

/**
 * Signed as PayPal signs: every PAYPAL-* header of a transmission, SHA256withRSA, a certificate on
 * PayPal's own hosts, and a transmission time near ours (a transmission is signed when it is sent).
 */
function signedAsPayPalSigns(headers: Headers, checks: WebhookChecks): boolean {
  if (Object.values(WEBHOOK_HEADERS).some((name) => header(headers, name) === '')) return false;
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

/** An event to ask PayPal about, or the answer given without asking. */
export type Screened = { event: WebhookEvent } | { answer: WebhookResult };

/**
 * Not signed as PayPal signs, or not an event at all: 400, as an unverified event (PayPal's own
 * always pass). An event of a type this site does not act on, or about no payment of this site: a
 * 200 that says so, since PayPal would send a genuine one again for days after any other answer.
 */
export async function screenWebhook(headers: Headers, body: unknown, checks: WebhookChecks): Promise<Screened> {
  if (!signedAsPayPalSigns(headers, checks)) throw new PaymentError('unverified');
  const parsed = eventSchema.safeParse(body);
  if (!parsed.success) throw new PaymentError('unverified');
  const event = parsed.data;
  const type = event.event_type.slice(0, 100);
  if (!handled.has(event.event_type)) return { answer: { event: type, outcome: 'ignored' } };
  const ref = paymentRefOf(event);
  if (!(await checks.isOurs(ref))) return { answer: { event: type, outcome: ref.orderId ? 'not our order' : 'not our payment' } };
  return { event };
}
