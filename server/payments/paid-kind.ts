import type { PaymentStatusAnswer, PaymentSuccess } from '../../common/flip';
import { type CapturedOrder, fromCents, type PaymentKind, toCents } from '../../common/payments';
import { retryWhileDatabaseAway } from '../db/connection';
import { PaidRequestError, PaymentError } from './errors';
import type { Tx } from './queries';
import type { PaymentsService } from './service';
import type { Payment } from './types';

/**
 * One path for every paid request (flips, samples): a kind says how to find and price its request,
 * what to write when it is paid and what to undo when the money goes back; this file does the rest
 * the same way for all of them. The order is made for the price stored with the request when it was
 * validated, and whoever settles the payment (the capture call, a webhook, the reconciliation job)
 * runs the kind's onPaid inside settle's transaction, so a paid request is recorded exactly once.
 */

/** What every paid kind's request carries: its row id, its price (set by the server), and how long it may be paid. */
export interface PayableRequest {
  id: number;
  amountCents: number;
  currency: string;
  expiresAt: Date;
}

/** The buyer's messages of a kind (spec texts): an unknown sid (404), an expired request (410), one paid once already (409). */
export interface PaidKindMessages {
  unknown: string;
  expired: string;
  paidAlready: string;
}

/**
 * What differs between paid kinds. `R` is the kind's request; `P` what a payment of it wrote (a
 * history row): its existence is what "paid once" means, for a second order and for the capture's answer.
 */
export interface PaidKind<R extends PayableRequest, P> {
  kind: PaymentKind;
  messages: PaidKindMessages;
  /** Throws the kind's 409 while its feature flag is off; create calls it, capture never does. */
  requireEnabled(): Promise<void>;
  bySid(sid: string): Promise<R | undefined>;
  /** Inside settle's transaction, from the payment's requestRef. */
  byId(tx: Tx, id: number): Promise<R | undefined>;
  /** The record a payment of this request wrote, paid once even if refunded since. */
  paidRecord(request: R): Promise<P | undefined>;
  /** Shown to the buyer by PayPal (cut to 127 characters). */
  description(request: R): string;
  /** The success banner's "Sample ID". */
  receiptId(request: R, paid: P): string;
  /** The history id of what the payment wrote: the fan's receipt */
  historyId(paid: P): number;
  /** Why the payment's record was turned away (a limit reached since VERIFY), or null: the buyer is told so, and refunded. */
  turnedAway(paid: P): string | null;
  /** Writes what a paid request is, inside settle's transaction; a throw leaves the payment unsettled, retried later. */
  onPaid(tx: Tx, request: R, at: Date): Promise<void>;
  /** Undoes it on a refund, reversal or denial of a captured payment, inside the transaction of the status change. */
  onReversed(tx: Tx, request: R, at: Date): Promise<void>;
}

/** POST /api/requests/<kind>/capture's answer: PayPal's captured order and the success banner's ids (spec 7). */
export type PaidCaptureResult = CapturedOrder & PaymentSuccess;

export interface PaidRequests {
  /** POST .../create: the order of a validated request (the same open order when asked again). */
  create(sid: string): Promise<{ id: string }>;
  /** POST .../capture: the captured order, and the ids of the success banner. */
  capture(sid: string, orderId: string): Promise<PaidCaptureResult>;
  /** GET .../status: where the buyer's payment stands, for a page that lost the capture's answer. */
  status(sid: string): Promise<PaymentStatusAnswer>;
}

const NOT_SETTLED = 'The payment was taken but is not settled yet; it will be completed shortly';
const NO_PAYMENT = 'No payment was made for this request; nothing was charged.';
/** After a limit's own words: what happens to the money the capture took. */
export const TURNED_AWAY = 'Your payment is refunded in full; PayPal shows it within a few minutes.';

/** Which request a payment pays for: its id, as the payment's requestRef. */
const refOf = (request: PayableRequest) => String(request.id);

export function registerPaidKind<R extends PayableRequest, P>(
  payments: Pick<PaymentsService, 'registerKind' | 'createOrder' | 'capture' | 'latestOf'>,
  now: () => Date,
  paid: PaidKind<R, P>,
): PaidRequests {
  const { kind, messages } = paid;

  async function requestOf(tx: Tx, payment: Payment): Promise<R> {
    const request = /^\d+$/.test(payment.requestRef) ? await paid.byId(tx, Number(payment.requestRef)) : undefined;
    // Thrown inside settle: the payment stays captured-but-unsettled and is retried, never lost.
    if (!request) throw new Error(`A ${kind} payment names no ${kind} request (${payment.requestRef})`);
    return request;
  }

  payments.registerKind(kind, {
    async onCaptured(tx, payment) {
      const request = await requestOf(tx, payment);
      // settle checked the capture against the payment; the payment must also be this request's price.
      if (toCents(payment.amount.value) !== request.amountCents || payment.amount.currency_code !== request.currency) {
        throw new Error(
          `The ${kind} payment ${payment.orderId} is for ${payment.amount.value} ${payment.amount.currency_code}, not the request's price`,
        );
      }
      await paid.onPaid(tx, request, now());
    },
    async onReversed(tx, payment) {
      await paid.onReversed(tx, await requestOf(tx, payment), now());
    },
  });

  const success = (request: R, record: P, orderId: string, transactionId: string): PaymentSuccess => ({
    sampleId: paid.receiptId(request, record),
    orderId,
    transactionId,
    requestId: paid.historyId(record),
  });

  async function bySid(sid: string): Promise<R> {
    const request = await paid.bySid(sid);
    if (!request) throw new PaidRequestError('unknown', messages.unknown);
    return request;
  }

  return {
    async create(sid) {
      await paid.requireEnabled();
      const request = await bySid(sid);
      if (request.expiresAt <= now()) throw new PaidRequestError('expired', messages.expired);
      // Paid once already (even if refunded since): a new order would take the money a second time.
      if (await paid.paidRecord(request)) throw new PaidRequestError('paid_already', messages.paidAlready);
      const payment = await payments.createOrder({
        kind,
        requestRef: refOf(request),
        // The price stored with the request at validation: the one source onCaptured checks against.
        amount: { currency_code: request.currency, value: fromCents(request.amountCents) },
        description: paid.description(request).slice(0, 127),
      });
      return { id: payment.orderId };
    },

    async capture(sid, orderId) {
      // Not gated by the flag: the buyer approved an order made while the kind was on, and the
      // webhook and the reconciliation job capture it whatever the flag says. Refusing here would
      // tell the buyer no while charging them; create is where the flag stops new payments.
      // A database blip mid-capture is retried here (the capture is idempotent: one PayPal-Request-Id),
      // so a buyer whose money PayPal took is not told it failed because a connection dropped.
      return retryWhileDatabaseAway(async () => {
        const request = await bySid(sid);
        const order = await payments.capture({ kind, requestRef: refOf(request), orderId });
        const record = await paid.paidRecord(request);
        if (!record) throw new PaidRequestError('not_settled', NOT_SETTLED);
        const refusal = paid.turnedAway(record);
        if (refusal) throw new PaidRequestError('turned_away', `${refusal} ${TURNED_AWAY}`);
        const captureId = order.purchase_units[0]?.payments.captures[0]?.id;
        if (!captureId) throw new Error(`The captured order ${order.id} has no capture`);
        return { ...order, ...success(request, record, order.id, captureId) };
      });
    },

    async status(sid) {
      const request = await bySid(sid);
      const [record, payment] = await Promise.all([paid.paidRecord(request), payments.latestOf(kind, refOf(request))]);
      if (record) {
        const refusal = paid.turnedAway(record);
        if (refusal) return { state: 'turned_away', message: `${refusal} ${TURNED_AWAY}`, requestId: paid.historyId(record) };
        if (payment?.captureId) return { state: 'paid', ...success(request, record, payment.orderId, payment.captureId) };
      }
      switch (payment?.status) {
        case undefined:
          return { state: 'failed', message: NO_PAYMENT };
        case 'declined':
          return { state: 'declined', message: new PaymentError('declined').message };
        case 'expired':
          return { state: 'failed', message: new PaymentError('expired').message };
        case 'denied':
        case 'refunded':
        case 'reversed':
          return { state: 'failed', message: new PaymentError('closed').message };
        default:
          // created, approved, captured (settling), needs_attention: the server completes it.
          return { state: 'confirming' };
      }
    },
  };
}
