import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { DEMO_ACCOUNTS } from '../../demo/accounts';
import { PAYPAL_WEBHOOK_EVENTS } from '../../payments/webhook';

/**
 * PayPal's webhook deliveries to the site (POST {site}/api/payments/paypal/webhook) with the
 * headers PayPal sends, and the check behind /v1/notifications/verify-webhook-signature. PayPal
 * signs with its certificate (SHA256withRSA); the stand-in signs with a secret of its own, which only
 * its verify call knows, so a site can tell its events from forged ones the same way it would with
 * PayPal: by asking.
 *
 * Faults for tests: an event can be lost, sent twice, or held until `release()` (a webhook that
 * comes late, after the reconciliation or the browser has done the work).
 */

export const WEBHOOK_PATH = '/api/payments/paypal/webhook';
export const AUTH_ALGO = 'SHA256withRSA';

export interface WebhookEvent {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  resource_version: string;
  event_type: string;
  summary: string;
  resource: unknown;
  links: { href: string; rel: string; method: string }[];
}

export type WebhookFault = 'lose' | 'duplicate' | 'delay';

export interface WebhookFaultRule {
  fault: WebhookFault;
  /** Only events of this type (e.g. CHECKOUT.ORDER.APPROVED); all when absent */
  eventType?: string;
  /** How many events it applies to; default 1, Infinity for all */
  times?: number;
}

export interface Delivery {
  event: WebhookEvent;
  headers: Record<string, string>;
  body: string;
  /** HTTP status the site answered, or the error when it could not be reached */
  status: number | null;
  error: string | null;
}

/** PayPal's words for the events the site subscribes to (its event names list). */
const EVENT_DESCRIPTIONS: Record<string, string> = {
  'CHECKOUT.ORDER.APPROVED': 'An order has been approved by buyer.',
  'PAYMENT.CAPTURE.COMPLETED': 'A payment capture completes.',
  'PAYMENT.CAPTURE.PENDING': 'The state of a payment capture changes to pending.',
  'PAYMENT.CAPTURE.DENIED': 'A payment capture is denied.',
  'PAYMENT.CAPTURE.REFUNDED': 'A merchant refunds a payment capture.',
  'PAYMENT.CAPTURE.REVERSED': 'PayPal reverses a payment capture.',
};

/** A webhook as the app's dashboard holds it: where PayPal posts, and the events it subscribes to. */
export interface RegisteredWebhook {
  url: string;
  eventTypes: readonly string[];
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export class SandboxWebhooks {
  readonly webhookId = DEMO_ACCOUNTS.paypal.webhookId;
  /** The site's webhook URL: this server's own, learned from the requests it gets */
  target: string | null = null;
  /** Every delivery attempt, in order (tests read it) */
  readonly deliveries: Delivery[] = [];
  /** Events a 'lose' fault kept from the site (tests can still sign and send them themselves) */
  readonly lost: WebhookEvent[] = [];
  private held: { event: WebhookEvent; base: string }[] = [];
  private rules: (WebhookFaultRule & { remaining: number })[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly secret = randomUUID();
  /** Webhooks registered beside the demo's (tests: another URL, fewer events) */
  private readonly registered = new Map<string, RegisteredWebhook>();
  now: () => Date = () => new Date();

  /** Registers (or replaces) a webhook of the app, as the developer dashboard does. */
  register(id: string, webhook: RegisteredWebhook) {
    this.registered.set(id, webhook);
  }

  /**
   * GET /v1/notifications/webhooks/{id}: the demo's webhook (this server's URL, every event the site
   * handles) unless one was registered under its id, or null for an id the app does not have.
   */
  lookup(
    id: string,
    base: string,
  ): { id: string; url: string; event_types: { name: string; description: string }[]; links: unknown[] } | null {
    const demo = id === this.webhookId ? { url: this.target ?? '', eventTypes: PAYPAL_WEBHOOK_EVENTS } : undefined;
    const webhook = this.registered.get(id) ?? demo;
    if (!webhook) return null;
    const self = `${base}/v1/notifications/webhooks/${id}`;
    return {
      id,
      url: webhook.url,
      event_types: webhook.eventTypes.map((name) => ({ name, description: EVENT_DESCRIPTIONS[name] ?? name })),
      links: [
        { href: self, rel: 'self', method: 'GET' },
        { href: self, rel: 'update', method: 'PATCH' },
        { href: self, rel: 'delete', method: 'DELETE' },
      ],
    };
  }

  inject(rule: WebhookFaultRule) {
    this.rules.push({ ...rule, remaining: rule.times ?? 1 });
  }

  private take(eventType: string): WebhookFault | null {
    const rule = this.rules.find((r) => r.remaining > 0 && (!r.eventType || r.eventType === eventType));
    if (!rule) return null;
    rule.remaining--;
    this.rules = this.rules.filter((r) => r.remaining > 0);
    return rule.fault;
  }

  /** Builds an event and sends it (or not, or twice, or later, as the faults say). */
  emit(base: string, type: string, resourceType: string, summary: string, resource: unknown): WebhookEvent {
    const part = () => randomUUID().replace(/-/g, '').slice(0, 17).toUpperCase();
    const id = `WH-${part()}-${part()}`;
    const event: WebhookEvent = {
      id,
      event_version: '1.0',
      create_time: this.now().toISOString(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: type,
      summary,
      resource,
      links: [{ href: `${base}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' }],
    };
    const fault = this.take(type);
    if (fault === 'lose') {
      this.lost.push(event);
      return event;
    }
    if (fault === 'delay') {
      this.held.push({ event, base });
      return event;
    }
    this.track(this.deliver(event, base));
    if (fault === 'duplicate') this.track(this.deliver(event, base));
    return event;
  }

  /** Sends the held events now. */
  async release(): Promise<number> {
    const held = this.held;
    this.held = [];
    for (const { event, base } of held) this.track(this.deliver(event, base));
    await this.idle();
    return held.length;
  }

  /** Sends an event again, as PayPal's "resend" does (and as an attacker replaying a capture would). */
  async replay(eventId: string): Promise<Delivery> {
    const previous = this.deliveries.find((d) => d.event.id === eventId);
    if (!previous) throw new Error(`No event ${eventId} was delivered`);
    const sent = this.post(previous.event, previous.headers, previous.body);
    const delivery = this.deliveries.at(-1)!;
    await sent;
    return delivery;
  }

  /** Resolves when no delivery is under way (tests wait for the site to have handled the events). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  get heldCount(): number {
    return this.held.length;
  }

  private track(delivery: Promise<void>) {
    this.inFlight.add(delivery);
    void delivery.finally(() => this.inFlight.delete(delivery));
  }

  /** The signed headers of one transmission. */
  sign(event: WebhookEvent, base: string): { headers: Record<string, string>; body: string } {
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const time = this.now().toISOString();
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': this.signature(transmissionId, time, this.webhookId, body),
        'paypal-cert-url': `${base}/v1/notifications/certs/CERT-360caa42-fca2a594-sandbox`,
        'paypal-auth-algo': AUTH_ALGO,
      },
    };
  }

  private signature(transmissionId: string, time: string, webhookId: string, body: string): string {
    return createHmac('sha256', this.secret)
      .update(`${transmissionId}|${time}|${webhookId}|${sha256(body)}`)
      .digest('base64');
  }

  /** verify-webhook-signature: the event, as the site received it, under the headers it came with. */
  verify(input: {
    transmissionId: string;
    transmissionTime: string;
    transmissionSig: string;
    authAlgo: string;
    webhookId: string;
    event: unknown;
  }): boolean {
    if (input.authAlgo !== AUTH_ALGO || input.webhookId !== this.webhookId) return false;
    const expected = Buffer.from(
      this.signature(input.transmissionId, input.transmissionTime, input.webhookId, JSON.stringify(input.event)),
    );
    const given = Buffer.from(input.transmissionSig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private async deliver(event: WebhookEvent, base: string) {
    const { headers, body } = this.sign(event, base);
    await this.post(event, headers, body);
  }

  private async post(event: WebhookEvent, headers: Record<string, string>, body: string) {
    // Recorded in the order sent; the answer is filled in when it comes.
    const delivery: Delivery = { event, headers, body, status: null, error: null };
    this.deliveries.push(delivery);
    if (!this.target) {
      delivery.error = 'no webhook target known yet';
      return;
    }
    try {
      const res = await fetch(this.target, { method: 'POST', headers, body, signal: AbortSignal.timeout(30_000) });
      await res.body?.cancel();
      delivery.status = res.status;
    } catch (error) {
      delivery.error = (error as Error).message;
    }
  }

  clear() {
    this.registered.clear();
    this.held = [];
    this.rules = [];
    this.deliveries.length = 0;
    this.lost.length = 0;
  }
}
