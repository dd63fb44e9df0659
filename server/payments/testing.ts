import { expect } from 'vitest';
import { flipCaptureResultSchema } from '../../common/flip';
import type { Money, PaymentKind } from '../../common/payments';
import type { Funding } from '../sandbox/paypal/orders';
import type { SandboxedApp } from '../sandbox/testing';
import type { PaidKindMessages } from './paid-kind';

/**
 * The paid-request tests of every kind (flips, samples) through one helper: the create and capture
 * steps every paid kind has, and what a kind's adapter (flip/testing.ts, sample/testing.ts) adds.
 */

/** A kind's create and capture routes, e.g. /api/requests/flip/create and .../capture. */
export interface PaidPaths {
  create: string;
  capture: string;
}

/** The create and capture calls of a paid kind's routes, as the browser makes them. */
export function paidSteps(t: SandboxedApp, paths: PaidPaths) {
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });
  return {
    post,
    create: (sid: string) => post(paths.create, { sid, paymentSource: 'paypal' }),

    async order(sid: string): Promise<string> {
      const res = await post(paths.create, { sid, paymentSource: 'paypal' });
      if (res.statusCode !== 200) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
      return res.json().id as string;
    },

    capture: (sid: string, orderId: string) => post(paths.capture, { sid, orderId }),

    /** Both kinds answer a capture with the same shape (common/flip.ts, common/sample.ts). */
    parseCaptured: (body: unknown) => flipCaptureResultSchema.strict().parse(body),
  };
}

export type PaidSteps = ReturnType<typeof paidSteps>;

/** The history rows the tests read (song_requests), by the columns they check. */
export interface PaidHistoryRow {
  id: number;
  state: string;
  flipRequestId: number | null;
  sampleRequestId: number | null;
}

/** A paid kind as the shared tests drive it: its steps, and what a paid request of it looks like. */
export interface PaidKindAdapter {
  name: PaymentKind;
  steps: PaidSteps & { validate(): Promise<string> };
  /** The price of the request `validate` makes. */
  price: Money;
  messages: PaidKindMessages;
  /** The admins' on/off switch of the kind, and the 409 message while it is off. */
  toggle: { path: string; disabledMessage: string };
  /** The history row's column naming the kind's request. */
  historyRef: 'flipRequestId' | 'sampleRequestId';
  /** A validated request written straight to the database, payable until an hour after `at` (the property test makes thousands). */
  pending(at: Date): Promise<{ sid: string; price: Money }>;
  /** Changes the price stored with a validated request (the one an order must be made for). */
  setPrice(sid: string, cents: number): Promise<void>;
  /**
   * The request's history rows and its mark in the kind's own table, one per paid request (a flip's
   * queue rows, a paid sample's state); checks that the mark agrees with the history.
   */
  rowsOf(sid: string): Promise<{ requestId: number; history: PaidHistoryRow[]; queued: number }>;
}

/** The steps every fault test takes, and what it checks, for one kind. */
export function faultSteps(t: SandboxedApp, kind: PaidKindAdapter) {
  const paypal = t.state.paypal;

  async function approvedOrder(funding: Funding = 'paid') {
    const sid = await kind.steps.validate();
    const orderId = await kind.steps.order(sid);
    paypal.approve(orderId, funding);
    return { sid, orderId };
  }

  /** Paid and in the history once, and PayPal captured the order once, for the kind's price. */
  async function expectQueuedOnce(sid: string, orderId: string) {
    await paypal.webhooks.idle();
    const rows = await kind.rowsOf(sid);
    expect(rows.history.map((r) => r.state)).toEqual(['queued']);
    expect(rows.queued).toBe(1);
    const order = paypal.orders.get(orderId);
    expect(order.status).toBe('COMPLETED');
    expect(order.capture).toMatchObject({ status: 'COMPLETED', amount: kind.price });
  }

  async function expectNothingQueued(sid: string) {
    await paypal.webhooks.idle();
    const rows = await kind.rowsOf(sid);
    expect(rows.history).toEqual([]);
    expect(rows.queued).toBe(0);
  }
  return { approvedOrder, expectQueuedOnce, expectNothingQueued };
}

/** A webhook transmission as sent: its body and its PAYPAL-* headers. */
export interface Transmission {
  body: string;
  headers: Record<string, string>;
}

/**
 * Forged webhook events that the checks made without PayPal refuse (payments/webhook-screen.ts), made
 * from a real signed CHECKOUT.ORDER.APPROVED of one of the site's orders: each changes one thing.
 */
export function webhookForgeries(real: Transmission): (Transmission & { what: string })[] {
  const event = JSON.parse(real.body);
  const { 'paypal-transmission-sig': _sig, ...unsigned } = real.headers;
  const sentAt = Date.parse(real.headers['paypal-transmission-time']!);
  const withBody = (what: string, body: object) => ({ what, body: JSON.stringify(body), headers: real.headers });
  const withHeaders = (what: string, headers: Record<string, string>) => ({ what, body: real.body, headers });
  return [
    withHeaders('no PayPal headers', { 'content-type': 'application/json' }),
    withHeaders('no signature', unsigned),
    withHeaders('another algorithm', { ...real.headers, 'paypal-auth-algo': 'none' }),
    withHeaders("a certificate off PayPal's hosts", {
      ...real.headers,
      'paypal-cert-url': 'https://evil.example/v1/notifications/certs/CERT-1',
    }),
    withHeaders('sent two hours ago', { ...real.headers, 'paypal-transmission-time': new Date(sentAt - 2 * 3600_000).toISOString() }),
    withBody('not an event', { hello: 'world' }),
    withBody('a type this site does not act on', { ...event, event_type: 'BILLING.SUBSCRIPTION.CREATED' }),
    withBody('an order this site never made', { ...event, resource: { ...event.resource, id: '0NOTOURS00000000X' } }),
    withBody('a refund of a capture this site never settled', {
      ...event,
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource: {
        id: '1REFUND000000000X',
        status: 'COMPLETED',
        links: [{ href: 'https://api-m.paypal.com/v2/payments/captures/9NOTOURS0000000X', rel: 'up', method: 'GET' }],
      },
    }),
  ];
}
