import { HttpError } from '../http/errors';

/**
 * What can go wrong with a payment, with the message the buyer sees and the HTTP status every edge
 * answers it with (the webhook and the job read `code`).
 */
const ERRORS = {
  not_configured: [503, 'Payments are not available right now. Please try again later.'],
  unknown_kind: [500, 'This kind of payment is not known.'],
  unknown_order: [404, 'This payment does not belong to this request.'],
  already_paid: [409, 'This request is paid already.'],
  not_approved: [422, 'The payment has not been approved in PayPal yet. Please approve it in the PayPal window and try again.'],
  declined: [422, 'PayPal declined this payment. Please try again with another card or account; nothing was charged.'],
  pending: [409, 'PayPal is still processing this payment. Your request is added as soon as PayPal confirms it.'],
  closed: [409, 'This payment was refunded, reversed or denied.'],
  amount_mismatch: [502, 'PayPal captured a different amount than this request costs. Nothing was added; please contact us.'],
  expired: [410, 'This PayPal order has expired or is no longer known to PayPal; nothing was charged. Please start the request again.'],
  rejected: [422, 'PayPal refused this payment request; nothing was charged. Please try again, or contact us if it keeps happening.'],
  provider: [502, 'PayPal did not answer in time. If you approved the payment, it is completed shortly and never charged twice.'],
  unverified: [400, 'The webhook event could not be verified with PayPal.'],
} as const satisfies Record<string, readonly [number, string]>;

export type PaymentErrorCode = keyof typeof ERRORS;

export class PaymentError extends HttpError {
  constructor(
    readonly code: PaymentErrorCode,
    detail?: string,
  ) {
    super(ERRORS[code][0], detail ? `${ERRORS[code][1]} (${detail})` : ERRORS[code][1]);
  }
}

/** What the paid-request path (paid-kind.ts) refuses, and the status every edge answers it with; the kind gives the message. */
const PAID_REQUEST_STATUS = { unknown: 404, expired: 410, paid_already: 409, not_settled: 502, turned_away: 409 } as const;

export type PaidRequestErrorCode = keyof typeof PAID_REQUEST_STATUS;

export class PaidRequestError extends HttpError {
  constructor(
    readonly code: PaidRequestErrorCode,
    message: string,
  ) {
    super(PAID_REQUEST_STATUS[code], message);
  }
}
