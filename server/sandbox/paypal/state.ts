import {
  captureJson,
  type Funding,
  type Money,
  orderJson,
  refundJson,
  type SandboxOrder,
  SandboxOrders,
  type SandboxRefund,
  unprocessable,
} from './orders';
import { SandboxWebhooks, WEBHOOK_PATH } from './webhooks';

/**
 * What PayPal's stand-in holds: the orders, the PayPal-Request-Ids it has answered, and its
 * webhooks. The methods that change an order also send the webhook PayPal sends for that change.
 */
export class PayPalSandbox {
  readonly orders = new SandboxOrders();
  readonly webhooks = new SandboxWebhooks();
  /** `create:<PayPal-Request-Id>` or `capture:<PayPal-Request-Id>` → the order it made or captured */
  readonly requestIds = new Map<string, string>();
  /** Orders whose buyer pressed Cancel on the approval page */
  readonly cancelled = new Set<string>();
  /** http://host:port/sandbox/paypal, learned from the requests (links and webhooks point here) */
  base = '';

  /** Remembers this server's address: links in answers and the webhook target are built from it. */
  learnOrigin(origin: string) {
    this.base = `${origin}/sandbox/paypal`;
    this.webhooks.target = `${origin}${WEBHOOK_PATH}`;
  }

  private clock: () => Date = () => new Date();

  /** One clock for orders and events (tests pass their app's: the site checks a transmission's time against its own). */
  setClock(now: () => Date) {
    this.clock = now;
    this.orders.now = now;
    this.webhooks.now = now;
  }

  approve(orderId: string, funding: Funding): SandboxOrder {
    const order = this.orders.approve(orderId, funding);
    this.cancelled.delete(orderId);
    this.webhooks.emit(
      this.base,
      'CHECKOUT.ORDER.APPROVED',
      'checkout-order',
      'An order has been approved by buyer',
      orderJson(order, this.base),
    );
    return order;
  }

  cancel(orderId: string) {
    this.orders.get(orderId);
    this.cancelled.add(orderId);
  }

  capture(orderId: string): SandboxOrder {
    const order = this.orders.capture(orderId);
    const capture = order.capture!;
    const pending = capture.status === 'PENDING';
    this.webhooks.emit(
      this.base,
      pending ? 'PAYMENT.CAPTURE.PENDING' : 'PAYMENT.CAPTURE.COMPLETED',
      'capture',
      pending ? `Payment pending for ${money(capture.amount)}` : `Payment completed for ${money(capture.amount)}`,
      captureJson(order, capture, this.base),
    );
    return order;
  }

  /** The capture is denied after all (a pending eCheck that bounced). */
  deny(orderId: string) {
    const capture = this.orders.changeCapture(orderId, 'DECLINED');
    const order = this.orders.get(orderId);
    this.webhooks.emit(
      this.base,
      'PAYMENT.CAPTURE.DENIED',
      'capture',
      `A ${money(capture.amount)} USD capture payment was denied`,
      captureJson(order, capture, this.base),
    );
  }

  /** A pending capture clears. */
  complete(orderId: string) {
    const capture = this.orders.changeCapture(orderId, 'COMPLETED');
    const order = this.orders.get(orderId);
    this.webhooks.emit(
      this.base,
      'PAYMENT.CAPTURE.COMPLETED',
      'capture',
      `Payment completed for ${money(capture.amount)}`,
      captureJson(order, capture, this.base),
    );
  }

  /**
   * The merchant refunded the capture in PayPal's dashboard (all of it, or `partial` of it: PayPal
   * still sends PAYMENT.CAPTURE.REFUNDED), or the buyer's bank reversed it (a chargeback).
   */
  refund(orderId: string, kind: 'REFUNDED' | 'REVERSED' = 'REFUNDED', partial?: Money) {
    const order = this.orders.get(orderId);
    if (kind === 'REFUNDED') {
      if (!order.capture) throw unprocessable('ORDER_NOT_APPROVED');
      this.refundCapture(order.capture.id, { amount: partial });
      return;
    }
    const capture = this.orders.changeCapture(orderId, 'REVERSED');
    // A reversal carries a refund resource too, whose `up` link names the capture.
    const resource = {
      id: capture.refundId,
      status: 'COMPLETED',
      amount: capture.amount,
      create_time: capture.updateTime,
      update_time: capture.updateTime,
      links: [
        { href: `${this.base}/v2/payments/refunds/${capture.refundId}`, rel: 'self', method: 'GET' },
        { href: `${this.base}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
      ],
    };
    this.webhooks.emit(
      this.base,
      'PAYMENT.CAPTURE.REVERSED',
      'refund',
      `A ${money(capture.amount)} capture payment was reversed`,
      resource,
    );
  }

  /** How many of the next refunds stay PENDING (an eCheck-funded capture) until completeRefund. */
  pendingRefunds = 0;

  /** A refund through the REST API or the dashboard; PayPal sends PAYMENT.CAPTURE.REFUNDED once it completes. */
  refundCapture(captureId: string, input: { amount?: Money; noteToPayer?: string }): SandboxRefund {
    const pending = this.pendingRefunds > 0;
    if (pending) this.pendingRefunds--;
    const refund = this.orders.refund(captureId, { ...input, status: pending ? 'PENDING' : 'COMPLETED' });
    if (!pending) this.emitRefunded(refund);
    return refund;
  }

  /** A pending refund goes through. */
  completeRefund(refundId: string): SandboxRefund {
    const refund = this.orders.completeRefund(refundId);
    this.emitRefunded(refund);
    return refund;
  }

  private emitRefunded(refund: SandboxRefund) {
    const summary = `A ${money(refund.amount)} capture payment was refunded`;
    this.webhooks.emit(this.base, 'PAYMENT.CAPTURE.REFUNDED', 'refund', summary, refundJson(refund, this.base));
  }

  reset() {
    this.orders.clear();
    this.webhooks.clear();
    this.requestIds.clear();
    this.cancelled.clear();
    this.pendingRefunds = 0;
    this.setClock(this.clock);
  }
}

const money = (amount: Money) => `$ ${amount.value} ${amount.currency_code}`;
