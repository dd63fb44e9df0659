import { createHash, randomUUID } from 'node:crypto';
import { type CapturedOrder, type PaymentStatus, toCents } from '../../common/payments';
import type { Db } from '../db/client';
import type { Logger } from '../jobs/runner';
import { captureOf, type PayPalClient, PayPalError, type PayPalOrder } from '../providers/paypal/client';
import { PaymentError } from './errors';
import { presentCapturedOrder, presentPayment } from './present';
import {
  insertPayment,
  latestPayment,
  livePayment,
  lockPayment,
  markApproved,
  markIfStill,
  type PaymentRow,
  paymentByCaptureId,
  paymentByOrderId,
  recordDecline,
  updatePayment,
} from './queries';
import type { CaptureRequest, CreateOrderRequest, Payment, PaymentKindHandlers, RegisteredKind } from './types';

/**
 * Orders and captures of every paid feature (design: "Payments"). A feature registers its kind
 * with the handlers that write its own rows; whoever completes a payment (the buyer's capture call,
 * a webhook, the reconciliation job) goes through the one idempotent `settle`, which checks the
 * capture's own status and amount, then marks the payment captured and calls the kind's onCaptured
 * in the same transaction, holding the payment's row lock: a paid request is recorded exactly once.
 */

export interface PaymentsDeps {
  db: Db;
  /** Null when PayPal is not configured: every payment call refuses */
  paypal: () => PayPalClient | null;
  now: () => Date;
  log: Logger;
}

const CLOSED: PaymentStatus[] = ['denied', 'refunded', 'reversed', 'expired'];
/** PayPal's refusals of the buyer's way to pay: the buyer may approve again with another one. */
const DECLINES = ['INSTRUMENT_DECLINED', 'TRANSACTION_REFUSED', 'PAYER_CANNOT_PAY'];

/** PayPal-Request-Id and custom_id have length limits; long references are hashed. */
function shortRef(ref: string): string {
  return ref.length <= 64 ? ref : createHash('sha256').update(ref).digest('hex').slice(0, 32);
}

/** One id per capture attempt: a retry repeats it (PayPal answers the first result), a new approval after a decline does not. */
const captureRequestId = (row: PaymentRow) => `capture-${row.orderId}-${row.declines}`;

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export function createPaymentsService(deps: PaymentsDeps) {
  const { db, log, now } = deps;
  const kinds = new Map<string, PaymentKindHandlers>();

  function paypal(): PayPalClient {
    const client = deps.paypal();
    if (!client) throw new PaymentError('not_configured');
    return client;
  }

  function handlersOf(kind: string): PaymentKindHandlers {
    const handlers = kinds.get(kind);
    if (!handlers) throw new PaymentError('unknown_kind', kind);
    return handlers;
  }

  /**
   * What a PayPal error means for the buyer. Only no answer, 429 and 5xx leave the outcome open
   * (`provider`: the payment may have gone through and is completed later); every other answer is
   * PayPal's definite no, so nothing was charged.
   */
  function unavailable(error: PayPalError): PaymentError {
    const detail = `${error.status ?? 'no answer'} ${error.name}${error.issue ? `/${error.issue}` : ''}${error.debugId ? `, debug_id ${error.debugId}` : ''}`;
    if (error.status === null || error.status === 429 || error.status >= 500) return new PaymentError('provider', detail);
    if (DECLINES.includes(error.issue ?? '')) return new PaymentError('declined');
    if (error.issue === 'ORDER_NOT_APPROVED' || error.issue === 'PAYER_ACTION_REQUIRED') return new PaymentError('not_approved');
    if (error.issue === 'ORDER_EXPIRED' || error.status === 404) return new PaymentError('expired');
    return new PaymentError('rejected', detail);
  }

  async function byOrderId(orderId: string): Promise<PaymentRow> {
    const row = await paymentByOrderId(db, orderId);
    if (!row) throw new PaymentError('unknown_order');
    return row;
  }

  async function createOrder(input: CreateOrderRequest): Promise<Payment> {
    handlersOf(input.kind);
    const existing = await livePayment(db, input.kind, input.requestRef);
    if (existing?.status === 'captured') throw new PaymentError('already_paid');
    // Approved long ago and not settled: money may be taken; no second order until a person looks.
    if (existing?.status === 'needs_attention') throw new PaymentError('pending');
    if (existing) return presentPayment(existing);
    const ref = shortRef(input.requestRef);
    let order: PayPalOrder;
    try {
      order = await paypal().createOrder({
        // Fresh per call (repeated by the HTTP helper's retries of this call only): an id derived from
        // the request could be answered with an order of another database (a restore, a second site
        // on the same PayPal account). Concurrent calls may make two orders; only one is stored and
        // shown, the other is never approved.
        requestId: `order-${randomUUID()}`,
        amount: input.amount,
        customId: `${input.kind}:${ref}`,
        description: input.description.slice(0, 127),
      });
    } catch (error) {
      throw error instanceof PayPalError ? unavailable(error) : error;
    }
    const at = now();
    const inserted = await insertPayment(db, {
      kind: input.kind,
      requestRef: input.requestRef,
      amountCents: toCents(input.amount.value),
      currency: input.amount.currency_code,
      description: input.description.slice(0, 127),
      orderId: order.id,
      createdAt: at,
      updatedAt: at,
    });
    if (inserted) return presentPayment(inserted);
    const stored = await livePayment(db, input.kind, input.requestRef);
    if (!stored) throw new Error(`Order ${order.id} was made but could not be stored`);
    return presentPayment(stored);
  }

  /**
   * Completes a payment from PayPal's order (read now unless given): settles a COMPLETED capture of
   * the stored amount, marks an approved or pending one approved, a denied one denied. Idempotent.
   */
  async function settle(orderId: string, known?: PayPalOrder): Promise<Payment> {
    const row = await byOrderId(orderId);
    if (row.status === 'captured' || CLOSED.includes(row.status as PaymentStatus)) return presentPayment(row);
    let order = known;
    if (!order) {
      try {
        order = await paypal().getOrder(orderId);
      } catch (error) {
        throw error instanceof PayPalError ? unavailable(error) : error;
      }
    }
    const capture = captureOf(order);
    if (capture?.status === 'DECLINED' || capture?.status === 'FAILED') return reverse({ orderId }, 'denied').then((p) => p!);
    // Refunded or reversed before it was settled here (its webhooks lost): closed, never queued. Its
    // refund's webhook names only the capture, unknown here, so this read of the order closes it.
    if (capture?.status === 'REFUNDED' || capture?.status === 'REVERSED')
      return reverse({ orderId }, capture.status === 'REFUNDED' ? 'refunded' : 'reversed').then((p) => p!);
    if (capture?.status !== 'COMPLETED') {
      if (order.status === 'APPROVED' || capture) await markApproved(db, row.id, now());
      return presentPayment((await paymentByOrderId(db, orderId))!);
    }
    const paid = capture.amount;
    if (!paid || paid.currency_code !== row.currency || toCents(paid.value) !== row.amountCents) {
      log.error(
        `payment ${orderId}: capture ${capture.id} is ${paid?.value} ${paid?.currency_code}, expected ${row.amountCents} cents ${row.currency}`,
      );
      throw new PaymentError('amount_mismatch');
    }
    return db.transaction(async (tx) => {
      const locked = await lockPayment(tx, row.id);
      if (!locked || locked.status === 'captured' || CLOSED.includes(locked.status as PaymentStatus)) return presentPayment(locked ?? row);
      const at = now();
      const payment = presentPayment(await updatePayment(tx, row.id, { status: 'captured', captureId: capture.id, capturedAt: at }, at));
      await handlersOf(payment.kind).onCaptured(tx, payment);
      return payment;
    });
  }

  /** Captures an order the buyer approved (a stable PayPal-Request-Id per attempt), then settles it. */
  async function captureRow(row: PaymentRow): Promise<Payment> {
    if (row.status === 'captured') return presentPayment(row);
    if (CLOSED.includes(row.status as PaymentStatus)) throw new PaymentError(row.status === 'expired' ? 'expired' : 'closed');
    let order: PayPalOrder;
    try {
      order = await paypal().captureOrder(row.orderId, captureRequestId(row));
    } catch (error) {
      if (!(error instanceof PayPalError)) throw error;
      if (error.issue === 'ORDER_ALREADY_CAPTURED') return settle(row.orderId);
      const refusal = unavailable(error);
      if (refusal.code === 'declined') await recordDecline(db, row.id, row.declines, now());
      if (refusal.code === 'expired') await markIfStill(db, row.id, row.status as PaymentStatus, 'expired', now());
      if (error.issue === 'ORDER_NOT_APPROVED') {
        // Declined a moment ago by another caller's capture: the order waits for a new approval.
        const fresh = await byOrderId(row.orderId);
        throw new PaymentError(fresh.status === 'declined' ? 'declined' : 'not_approved');
      }
      throw refusal;
    }
    return settle(row.orderId, order);
  }

  /** Refunded, reversed or denied: the status, and for a captured payment the kind's onReversed, in one transaction. */
  async function reverse(
    ref: { orderId?: string; captureId?: string },
    status: 'denied' | 'refunded' | 'reversed',
  ): Promise<Payment | null> {
    const row =
      (ref.orderId ? await paymentByOrderId(db, ref.orderId) : undefined) ??
      (ref.captureId ? await paymentByCaptureId(db, ref.captureId) : undefined);
    if (!row) return null;
    return db.transaction(async (tx) => {
      const locked = (await lockPayment(tx, row.id))!;
      if (CLOSED.includes(locked.status as PaymentStatus)) return presentPayment(locked);
      const payment = presentPayment(await updatePayment(tx, row.id, { status }, now()));
      if (locked.status === 'captured') await handlersOf(payment.kind).onReversed(tx, payment);
      return payment;
    });
  }

  return {
    /** A feature's handlers for its kind; one registration per kind. */
    registerKind(kind: RegisteredKind, handlers: PaymentKindHandlers) {
      if (kinds.has(kind)) throw new Error(`Payment kind ${kind} is registered already`);
      kinds.set(kind, handlers);
    },

    /** The request's PayPal order: the open one again when there is one (idempotent per requestRef). */
    createOrder,

    /**
     * The buyer's capture: the order must be this request's. Answers the captured order (the same
     * one again for a second call); throws PaymentError declined / not_approved / pending / provider.
     */
    async capture(input: CaptureRequest): Promise<CapturedOrder> {
      const row = await paymentByOrderId(db, input.orderId);
      if (!row || row.kind !== input.kind || row.requestRef !== input.requestRef) throw new PaymentError('unknown_order');
      const payment = await captureRow(row);
      if (payment.status === 'captured') return presentCapturedOrder(payment);
      throw new PaymentError(CLOSED.includes(payment.status) ? 'closed' : 'pending');
    },

    settle,
    reverse,
    /** Captures an approved order nobody captured yet (webhook, reconciliation). */
    captureApproved: async (orderId: string) => captureRow(await byOrderId(orderId)),

    /** Whether a payment of this site is the one an event names, by its order or its capture (the webhook's screen). */
    isOurs: async (ref: { orderId?: string; captureId?: string }): Promise<boolean> =>
      Boolean(
        (ref.orderId && (await paymentByOrderId(db, ref.orderId))) || (ref.captureId && (await paymentByCaptureId(db, ref.captureId))),
      ),

    async find(orderId: string): Promise<Payment | null> {
      const row = await paymentByOrderId(db, orderId);
      return row ? presentPayment(row) : null;
    },

    /** The request's newest payment, whatever its status (the buyer's status poll). */
    async latestOf(kind: RegisteredKind, requestRef: string): Promise<Payment | null> {
      const row = await latestPayment(db, kind, requestRef);
      return row ? presentPayment(row) : null;
    },

    /** The payment of a request that is live (open or captured), if any. */
    async ofRequest(kind: RegisteredKind, requestRef: string): Promise<Payment | null> {
      const row = await livePayment(db, kind, requestRef);
      return row ? presentPayment(row) : null;
    },
  };
}
