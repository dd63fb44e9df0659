import { randomBytes, randomInt } from 'node:crypto';
import { DEMO_ACCOUNTS } from '../../demo/accounts';

/**
 * The orders PayPal holds (Orders v2, intent CAPTURE): created by the merchant, approved (or
 * cancelled) by the buyer on the approval page, captured once. What the buyer chose on that page
 * decides how the capture goes: paid, declined (the next capture answers INSTRUMENT_DECLINED and the
 * buyer must approve again, as after PayPal's `actions.restart()`), or pending (an eCheck).
 */

export type OrderStatus = 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
export type CaptureStatus = 'COMPLETED' | 'PENDING' | 'DECLINED' | 'REFUNDED' | 'PARTIALLY_REFUNDED' | 'REVERSED' | 'FAILED';

export interface Money {
  currency_code: string;
  value: string;
}

export interface SandboxCapture {
  id: string;
  status: CaptureStatus;
  amount: Money;
  createTime: string;
  updateTime: string;
  /** Set when refunded or reversed (the refund resource's id; the latest one) */
  refundId: string | null;
  /** In cents: what the refunds of this capture have given back so far (completed or pending) */
  refundedCents: number;
}

export type RefundStatus = 'COMPLETED' | 'PENDING' | 'FAILED' | 'CANCELLED';

/** A refund of a capture (Payments v2: POST /v2/payments/captures/{id}/refund, GET /v2/payments/refunds/{id}). */
export interface SandboxRefund {
  id: string;
  status: RefundStatus;
  amount: Money;
  captureId: string;
  orderId: string;
  noteToPayer: string | null;
  createTime: string;
  updateTime: string;
}

/**
 * How the buyer paid on the approval page, which decides the next capture: paid; declined
 * (INSTRUMENT_DECLINED), refused (TRANSACTION_REFUSED) or action (PAYER_ACTION_REQUIRED), each
 * sending the buyer back to approve again; pending (an eCheck).
 */
export type Funding = 'paid' | 'declined' | 'refused' | 'action' | 'pending';

/** The capture refusals of a funding, and PayPal's issue for each. */
const REFUSALS = { declined: 'INSTRUMENT_DECLINED', refused: 'TRANSACTION_REFUSED', action: 'PAYER_ACTION_REQUIRED' } as const;

export interface SandboxOrder {
  id: string;
  status: OrderStatus;
  amount: Money;
  customId: string | null;
  description: string | null;
  referenceId: string;
  createTime: string;
  updateTime: string;
  /** How the buyer paid on the approval page: what the next capture does */
  funding: Funding | null;
  capture: SandboxCapture | null;
}

/** PayPal's error answer: `{name, message, debug_id, details[{issue, description}]}`. */
export interface PayPalErrorBody {
  name: string;
  message: string;
  debug_id: string;
  details?: { field?: string; value?: string; location?: string; issue: string; description: string }[];
  links?: { href: string; rel: string; method?: string }[];
}

export class PayPalSandboxError extends Error {
  constructor(
    readonly status: number,
    readonly body: PayPalErrorBody,
  ) {
    super(body.message);
  }
}

export const debugId = () => randomBytes(7).toString('hex').slice(0, 13);

const UNPROCESSABLE = 'The requested action could not be performed, semantically incorrect, or failed business validation.';

export const ISSUES = {
  ORDER_NOT_APPROVED:
    "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
  ORDER_ALREADY_CAPTURED: "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
  INSTRUMENT_DECLINED: "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
  TRANSACTION_REFUSED: 'The request was refused.',
  PAYER_ACTION_REQUIRED:
    'Transaction cannot complete successfully, instruct the buyer to return to PayPal using the HATEOAS link with rel payer-action.',
  ORDER_NOT_APPROVED_CANCEL: 'The order cannot be approved in its current state.',
  CAPTURE_FULLY_REFUNDED: 'The capture has already been fully refunded.',
  REFUND_AMOUNT_EXCEEDED: 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
  PENDING_CAPTURE: 'Cannot initiate a refund as the capture is pending.',
  REFUND_CAPTURE_CURRENCY_MISMATCH: 'Refund must be in the same currency as the capture.',
  REFUND_NOT_PERMITTED_DUE_TO_CHARGEBACK:
    'Refunds not allowed on this capture due to a chargeback on the card or bank. Please contact the payee to resolve the chargeback.',
} as const;

export function paypalError(status: number, name: string, message: string, issue?: string, description?: string): PayPalSandboxError {
  const body: PayPalErrorBody = { name, message, debug_id: debugId() };
  if (issue) body.details = [{ issue, description: description ?? issue }];
  return new PayPalSandboxError(status, body);
}

export const unprocessable = (issue: keyof typeof ISSUES) => paypalError(422, 'UNPROCESSABLE_ENTITY', UNPROCESSABLE, issue, ISSUES[issue]);

export const notFound = () =>
  paypalError(
    404,
    'RESOURCE_NOT_FOUND',
    'The specified resource does not exist.',
    'INVALID_RESOURCE_ID',
    'Specified resource ID does not exist. Please check the resource ID and try again.',
  );

/** PayPal's ids: 17 upper-case letters and digits. */
function paypalId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let id = '';
  for (let i = 0; i < 17; i++) id += alphabet[randomInt(alphabet.length)];
  return id;
}

export interface CreateOrderInput {
  amount: Money;
  customId?: string;
  description?: string;
  referenceId?: string;
}

export class SandboxOrders {
  private readonly orders = new Map<string, SandboxOrder>();
  private readonly refunds = new Map<string, SandboxRefund>();
  /** Clock of the stand-in; tests may set it */
  now: () => Date = () => new Date();

  create(input: CreateOrderInput): SandboxOrder {
    const at = this.now().toISOString();
    const order: SandboxOrder = {
      id: paypalId(),
      status: 'CREATED',
      amount: input.amount,
      customId: input.customId ?? null,
      description: input.description ?? null,
      referenceId: input.referenceId ?? 'default',
      createTime: at,
      updateTime: at,
      funding: null,
      capture: null,
    };
    this.orders.set(order.id, order);
    return order;
  }

  find(id: string): SandboxOrder | undefined {
    return this.orders.get(id);
  }

  get(id: string): SandboxOrder {
    const order = this.orders.get(id);
    if (!order) throw notFound();
    return order;
  }

  private touch(order: SandboxOrder) {
    order.updateTime = this.now().toISOString();
  }

  /** The buyer's choice on the approval page. */
  approve(id: string, funding: Funding = 'paid'): SandboxOrder {
    const order = this.get(id);
    if (order.status !== 'CREATED' && order.status !== 'APPROVED') throw unprocessable('ORDER_NOT_APPROVED_CANCEL');
    order.status = 'APPROVED';
    order.funding = funding;
    this.touch(order);
    return order;
  }

  capture(id: string): SandboxOrder {
    const order = this.get(id);
    if (order.status === 'COMPLETED') throw unprocessable('ORDER_ALREADY_CAPTURED');
    if (order.status !== 'APPROVED') throw unprocessable('ORDER_NOT_APPROVED');
    if (order.funding === 'declined' || order.funding === 'refused' || order.funding === 'action') {
      // The buyer has to pick another way to pay (or act at PayPal): the order waits for a new approval.
      const issue = REFUSALS[order.funding];
      order.status = 'CREATED';
      order.funding = null;
      this.touch(order);
      throw unprocessable(issue);
    }
    const at = this.now().toISOString();
    order.status = 'COMPLETED';
    order.capture = {
      id: paypalId(),
      status: order.funding === 'pending' ? 'PENDING' : 'COMPLETED',
      amount: order.amount,
      createTime: at,
      updateTime: at,
      refundId: null,
      refundedCents: 0,
    };
    this.touch(order);
    return order;
  }

  /** PayPal forgets an order nobody approved in time: from then on it answers 404 for it. */
  expire(id: string) {
    if (this.get(id).status !== 'CREATED') throw unprocessable('ORDER_NOT_APPROVED_CANCEL');
    this.orders.delete(id);
  }

  /** Later changes of a capture, as PayPal reports them by webhook (tests and the control routes). */
  changeCapture(orderId: string, status: CaptureStatus): SandboxCapture {
    const order = this.get(orderId);
    if (!order.capture) throw unprocessable('ORDER_NOT_APPROVED');
    order.capture.status = status;
    order.capture.updateTime = this.now().toISOString();
    if (status === 'REFUNDED' || status === 'PARTIALLY_REFUNDED' || status === 'REVERSED') order.capture.refundId = paypalId();
    return order.capture;
  }

  /**
   * A refund of the capture, all of what is left or `amount` of it. PayPal's refusals: the capture is
   * pending, fully refunded, reversed, or the amount is more than what is left. A pending refund gives
   * the money back only when it completes (completeRefund).
   */
  refund(captureId: string, input: { amount?: Money; noteToPayer?: string; status?: RefundStatus }): SandboxRefund {
    const order = this.byCaptureId(captureId);
    const capture = order.capture!;
    if (capture.status === 'PENDING') throw unprocessable('PENDING_CAPTURE');
    if (capture.status === 'REFUNDED') throw unprocessable('CAPTURE_FULLY_REFUNDED');
    if (capture.status === 'REVERSED') throw unprocessable('REFUND_NOT_PERMITTED_DUE_TO_CHARGEBACK');
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') throw unprocessable('PENDING_CAPTURE');
    const left = cents(capture.amount) - capture.refundedCents;
    if (input.amount && input.amount.currency_code !== capture.amount.currency_code)
      throw unprocessable('REFUND_CAPTURE_CURRENCY_MISMATCH');
    const asked = input.amount ? cents(input.amount) : left;
    if (asked <= 0 || asked > left) throw unprocessable('REFUND_AMOUNT_EXCEEDED');
    const at = this.now().toISOString();
    const refund: SandboxRefund = {
      id: paypalId(),
      status: input.status ?? 'COMPLETED',
      amount: { currency_code: capture.amount.currency_code, value: (asked / 100).toFixed(2) },
      captureId,
      orderId: order.id,
      noteToPayer: input.noteToPayer ?? null,
      createTime: at,
      updateTime: at,
    };
    this.refunds.set(refund.id, refund);
    capture.refundedCents += asked;
    if (refund.status === 'COMPLETED') this.settleRefund(capture);
    capture.refundId = refund.id;
    return refund;
  }

  /** A pending refund completes: the capture shows it. */
  completeRefund(refundId: string): SandboxRefund {
    const refund = this.getRefund(refundId);
    if (refund.status !== 'PENDING') throw unprocessable('CAPTURE_FULLY_REFUNDED');
    refund.status = 'COMPLETED';
    refund.updateTime = this.now().toISOString();
    this.settleRefund(this.byCaptureId(refund.captureId).capture!);
    return refund;
  }

  private settleRefund(capture: SandboxCapture) {
    capture.status = capture.refundedCents >= cents(capture.amount) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    capture.updateTime = this.now().toISOString();
  }

  getRefund(id: string): SandboxRefund {
    const refund = this.refunds.get(id);
    if (!refund) throw notFound();
    return refund;
  }

  /** The order holding a capture (GET /v2/payments/captures/{id}). */
  byCaptureId(captureId: string): SandboxOrder {
    for (const order of this.orders.values()) if (order.capture?.id === captureId) return order;
    throw notFound();
  }

  clear() {
    this.orders.clear();
    this.refunds.clear();
  }
}

const cents = (amount: Money) => Math.round(Number(amount.value) * 100);

const merchant = DEMO_ACCOUNTS.paypal;

export function captureJson(order: SandboxOrder, capture: SandboxCapture, base: string) {
  return {
    id: capture.id,
    status: capture.status,
    ...(capture.status === 'PENDING' ? { status_details: { reason: 'ECHECK' } } : {}),
    amount: capture.amount,
    final_capture: true,
    seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
    ...(order.customId ? { custom_id: order.customId } : {}),
    supplementary_data: { related_ids: { order_id: order.id } },
    create_time: capture.createTime,
    update_time: capture.updateTime,
    links: [
      { href: `${base}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
      { href: `${base}/v2/payments/captures/${capture.id}/refund`, rel: 'refund', method: 'POST' },
      { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
    ],
  };
}

/** The order as `Prefer: return=representation` shows it; `base` is https://api-m.paypal.com's stand-in. */
/** A refund as PayPal answers it (Prefer: return=representation) and sends it in PAYMENT.CAPTURE.REFUNDED. */
export function refundJson(refund: SandboxRefund, base: string) {
  return {
    id: refund.id,
    status: refund.status,
    ...(refund.status === 'PENDING' ? { status_details: { reason: 'ECHECK' } } : {}),
    amount: refund.amount,
    ...(refund.noteToPayer ? { note_to_payer: refund.noteToPayer } : {}),
    seller_payable_breakdown: { gross_amount: refund.amount, net_amount: refund.amount, total_refunded_amount: refund.amount },
    create_time: refund.createTime,
    update_time: refund.updateTime,
    links: refundLinks(refund, base),
  };
}

/** return=minimal: the id, the status and the links. */
export function minimalRefundJson(refund: SandboxRefund, base: string) {
  return { id: refund.id, status: refund.status, links: refundLinks(refund, base) };
}

const refundLinks = (refund: SandboxRefund, base: string) => [
  { href: `${base}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
  { href: `${base}/v2/payments/captures/${refund.captureId}`, rel: 'up', method: 'GET' },
];

export function orderJson(order: SandboxOrder, base: string) {
  const approved = order.status !== 'CREATED';
  const unit = {
    reference_id: order.referenceId,
    amount: order.amount,
    payee: { email_address: merchant.email, merchant_id: merchant.merchantId },
    ...(order.description ? { description: order.description } : {}),
    ...(order.customId ? { custom_id: order.customId } : {}),
    ...(order.capture ? { payments: { captures: [captureJson(order, order.capture, base)] } } : {}),
  };
  const payer = { name: { given_name: 'Demo', surname: 'Buyer' }, email_address: 'buyer@example.com', payer_id: 'DEMOBUYER0001' };
  const links = [{ href: `${base}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' }];
  if (order.status === 'CREATED') links.push({ href: approveUrl(base, order.id), rel: 'approve', method: 'GET' });
  if (order.status === 'APPROVED') links.push({ href: `${base}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' });
  return {
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    ...(approved ? { payment_source: { paypal: { email_address: payer.email_address, account_id: payer.payer_id } }, payer } : {}),
    purchase_units: [unit],
    create_time: order.createTime,
    update_time: order.updateTime,
    links,
  };
}

/** `return=minimal`: id, status and links. */
export function minimalOrderJson(order: SandboxOrder, base: string) {
  const { id, status, links } = orderJson(order, base);
  return { id, status, links };
}

/** The buyer's approval page, on this server (PayPal's is www.paypal.com/checkoutnow?token=...). */
export function approveUrl(base: string, orderId: string): string {
  return `${base}/checkoutnow?token=${orderId}`;
}
