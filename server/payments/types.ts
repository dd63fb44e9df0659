import type { Money, PaymentKind, PaymentStatus } from '../../common/payments';
import type { Tx } from './queries';

/**
 * The payments module's own vocabulary, apart from the service and its presenters so that both
 * can use it without importing each other.
 */

/** The kinds of paid features, and `test`: the payments module's own tests register it, beside the app's real kinds. */
export type RegisteredKind = PaymentKind | 'test';

/** A payment as the service and the features' handlers see it. */
export interface Payment {
  id: number;
  kind: RegisteredKind;
  requestRef: string;
  amount: Money;
  description: string;
  orderId: string;
  captureId: string | null;
  status: PaymentStatus;
  createdAt: Date;
  updatedAt: Date;
  capturedAt: Date | null;
}

export interface PaymentKindHandlers {
  /** Writes the feature's rows for a completed payment, inside settle's transaction; a throw undoes the settlement (retried later). */
  onCaptured(tx: Tx, payment: Payment): Promise<void>;
  /** Takes the request out of the feature's queue (refund, reversal, denial of a captured payment), inside the same transaction as the status change. */
  onReversed(tx: Tx, payment: Payment): Promise<void>;
}

export interface CreateOrderRequest {
  kind: RegisteredKind;
  /** What it pays for, in the feature's terms (e.g. the flip request's id) */
  requestRef: string;
  /** Set by the server (common/ prices), never by the browser */
  amount: Money;
  /** Shown to the buyer by PayPal; 127 characters at most */
  description: string;
}

export interface CaptureRequest {
  kind: RegisteredKind;
  requestRef: string;
  orderId: string;
}
