import { z } from 'zod';
import { cachedToken, createHttp, type HttpOptions, ProviderError } from '../shared/http';

/**
 * PayPal Orders v2 (and Payments v2 refunds) over the shared HTTP helper, plain REST (the checkout SDK for Node is deprecated
 * and adds nothing): an OAuth2 client-credentials token cached until it expires (fetched again on
 * 401), a PayPal-Request-Id on create, capture and refund so a retried call cannot make a second
 * order, capture or refund, `Prefer: return=representation`, and every error turned into a PayPalError carrying
 * PayPal's `debug_id` (logged, as PayPal support asks for it).
 */

export const moneySchema = z.object({ currency_code: z.string(), value: z.string() });
export type Money = z.output<typeof moneySchema>;

const linkSchema = z.object({ href: z.string(), rel: z.string(), method: z.string().optional() });

export const captureSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: moneySchema.optional(),
  custom_id: z.string().optional(),
});
export type PayPalCapture = z.output<typeof captureSchema>;

/** A capture read on its own: its status now (REFUNDED, PARTIALLY_REFUNDED ...) and its order. */
export const capturedPaymentSchema = captureSchema.extend({
  supplementary_data: z
    .object({ related_ids: z.object({ order_id: z.string().optional() }).partial() })
    .partial()
    .optional(),
});
export type PayPalCapturedPayment = z.output<typeof capturedPaymentSchema>;

/** A refund (Payments v2): COMPLETED, or PENDING until PayPal's webhook says otherwise; FAILED, CANCELLED. */
export const refundSchema = z.object({
  id: z.string(),
  status: z.string(),
  status_details: z.object({ reason: z.string().optional() }).optional(),
  amount: moneySchema.optional(),
  links: z.array(linkSchema).default([]),
});
export type PayPalRefund = z.output<typeof refundSchema>;

export const orderSchema = z.object({
  id: z.string(),
  status: z.string(),
  intent: z.string().optional(),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().optional(),
        custom_id: z.string().optional(),
        amount: moneySchema.optional(),
        payments: z.object({ captures: z.array(captureSchema).optional() }).optional(),
      }),
    )
    .default([]),
  links: z.array(linkSchema).default([]),
});
export type PayPalOrder = z.output<typeof orderSchema>;

/** A webhook registered for the app (Webhooks Management v1): where PayPal posts, and which events. */
export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  event_types: z.array(z.object({ name: z.string(), description: z.string().optional() })).default([]),
});
export type PayPalWebhook = z.output<typeof webhookSchema>;

const tokenSchema = z.object({ access_token: z.string().min(1), token_type: z.string(), expires_in: z.number().positive() });
const verificationSchema = z.object({ verification_status: z.enum(['SUCCESS', 'FAILURE']) });

/** The webhook headers PayPal signs with (lower-case, as Node gives them). */
export const WEBHOOK_HEADERS = {
  transmissionId: 'paypal-transmission-id',
  transmissionTime: 'paypal-transmission-time',
  transmissionSig: 'paypal-transmission-sig',
  certUrl: 'paypal-cert-url',
  authAlgo: 'paypal-auth-algo',
} as const;

/** A PayPal error: `name` and `issue` are PayPal's (UNPROCESSABLE_ENTITY / INSTRUMENT_DECLINED). */
export class PayPalError extends Error {
  constructor(
    /** HTTP status, or null when PayPal did not answer (timeout, refused connection) */
    readonly status: number | null,
    /** PayPal's error name (RESOURCE_NOT_FOUND, UNPROCESSABLE_ENTITY ...), NO_ANSWER without an answer */
    override readonly name: string,
    /** details[0].issue: ORDER_NOT_APPROVED, ORDER_ALREADY_CAPTURED, INSTRUMENT_DECLINED ... */
    readonly issue: string | null,
    readonly debugId: string | null,
    message: string,
  ) {
    super(message);
  }
}

const errorBodySchema = z.object({
  name: z.string().optional(),
  error: z.string().optional(),
  message: z.string().optional(),
  error_description: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.object({ issue: z.string().optional(), description: z.string().optional() })).optional(),
});

function toPayPalError(error: unknown): unknown {
  if (!(error instanceof ProviderError)) return error;
  const body = errorBodySchema.safeParse(error.details.body);
  const b = body.success ? body.data : {};
  const name = b.name ?? b.error ?? (error.status === null ? 'NO_ANSWER' : `HTTP_${error.status}`);
  return new PayPalError(error.status, name, b.details?.[0]?.issue ?? null, b.debug_id ?? null, error.message);
}

function describePayPalError(body: unknown) {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return {};
  const b = parsed.data;
  return { reason: b.details?.[0]?.issue ?? b.name ?? b.error, message: b.message ?? b.error_description };
}

export interface PayPalLogger {
  warn(message: string): void;
}

export interface PayPalClientOptions {
  clientId: string;
  clientSecret: string;
  http: Omit<HttpOptions, 'provider' | 'describeError'>;
  log?: PayPalLogger;
  now?: () => number;
}

export interface CreateOrderInput {
  /** PayPal-Request-Id: the same id answers the same order */
  requestId: string;
  amount: Money;
  /** Ours, carried on the order and its capture (e.g. flip:<request>) */
  customId: string;
  description: string;
}

export interface RefundInput {
  /** PayPal-Request-Id: the same id answers the same refund, so a retry never refunds twice */
  requestId: string;
  /** What to give back; all that is left of the capture when absent */
  amount?: Money;
  noteToPayer?: string;
}

export interface WebhookVerification {
  headers: Record<string, string | string[] | undefined>;
  /** The event as received (parsed JSON body) */
  event: unknown;
  webhookId: string;
}

export type PayPalClient = ReturnType<typeof createPayPalClient>;

/**
 * A capture has a buyer waiting on the page: one quick retry at most, no long Retry-After waits
 * and a short timeout. What fails here is completed by the webhook or the reconciliation job.
 */
export const CAPTURE_LIMITS = { retries: 1, maxRetryAfterMs: 5_000, maxBackoffMs: 2_000, timeoutMs: 15_000 };

export function createPayPalClient(options: PayPalClientOptions) {
  const http = createHttp({
    ...options.http,
    provider: 'paypal',
    describeError: describePayPalError,
  });
  const captureHttp = createHttp({
    ...options.http,
    provider: 'paypal',
    describeError: describePayPalError,
    timeoutMs: Math.min(options.http.timeoutMs, CAPTURE_LIMITS.timeoutMs),
    retry: {
      backoffMs: Math.min(options.http.retry.backoffMs, CAPTURE_LIMITS.maxBackoffMs),
      retries: Math.min(options.http.retry.retries, CAPTURE_LIMITS.retries),
      maxRetryAfterMs: Math.min(options.http.retry.maxRetryAfterMs, CAPTURE_LIMITS.maxRetryAfterMs),
      maxBackoffMs: Math.min(options.http.retry.maxBackoffMs, CAPTURE_LIMITS.maxBackoffMs),
    },
  });
  const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
  const tokens = cachedToken(async () => {
    const answer = await http.json('/v1/oauth2/token', tokenSchema, {
      method: 'POST',
      headers: { authorization: basic },
      form: { grant_type: 'client_credentials' },
    });
    return { token: answer.access_token, expiresInSeconds: answer.expires_in };
  }, options.now);
  const auth = { tokens, header: (token: string) => ({ authorization: `Bearer ${token}` }) };

  async function call<S extends z.ZodType>(
    what: string,
    path: string,
    schema: S,
    request: Parameters<typeof http.json>[2] = {},
    through = http,
  ) {
    try {
      return await through.json(path, schema, { ...request, auth });
    } catch (raw) {
      const error = toPayPalError(raw);
      if (error instanceof PayPalError) {
        options.log?.warn(
          `PayPal ${what} failed: ${error.status ?? 'no answer'} ${error.name}${error.issue ? `/${error.issue}` : ''} debug_id=${error.debugId ?? '-'}: ${error.message}`,
        );
      }
      throw error;
    }
  }

  const representation = { prefer: 'return=representation' };

  return {
    tokens,

    createOrder(input: CreateOrderInput): Promise<PayPalOrder> {
      return call('create order', '/v2/checkout/orders', orderSchema, {
        method: 'POST',
        headers: { ...representation, 'paypal-request-id': input.requestId },
        json: {
          intent: 'CAPTURE',
          purchase_units: [{ amount: input.amount, custom_id: input.customId, description: input.description }],
        },
      });
    },

    getOrder(id: string): Promise<PayPalOrder> {
      return call('get order', `/v2/checkout/orders/${encodeURIComponent(id)}`, orderSchema);
    },

    /** A capture as PayPal holds it now (a refund webhook says little: partial or full, and whose). */
    getCapture(id: string): Promise<PayPalCapturedPayment> {
      return call('get capture', `/v2/payments/captures/${encodeURIComponent(id)}`, capturedPaymentSchema);
    },

    /** The same requestId answers the first capture's result again (safe to retry). */
    captureOrder(id: string, requestId: string): Promise<PayPalOrder> {
      return call(
        'capture order',
        `/v2/checkout/orders/${encodeURIComponent(id)}/capture`,
        orderSchema,
        { method: 'POST', headers: { ...representation, 'paypal-request-id': requestId }, json: {} },
        captureHttp,
      );
    },

    /** Gives a capture's money back (all of what is left, or `amount`); read the answer's own status. */
    refundCapture(captureId: string, input: RefundInput): Promise<PayPalRefund> {
      const json = {
        ...(input.amount ? { amount: input.amount } : {}),
        ...(input.noteToPayer ? { note_to_payer: input.noteToPayer } : {}),
      };
      return call('refund capture', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, refundSchema, {
        method: 'POST',
        headers: { ...representation, 'paypal-request-id': input.requestId },
        json,
      });
    },

    getRefund(id: string): Promise<PayPalRefund> {
      return call('get refund', `/v2/payments/refunds/${encodeURIComponent(id)}`, refundSchema);
    },

    /** The webhook registered under `id` (GET /v1/notifications/webhooks/{id}); a PayPalError INVALID_RESOURCE_ID (404) when the app has none. */
    getWebhook(id: string): Promise<PayPalWebhook> {
      return call('get webhook', `/v1/notifications/webhooks/${encodeURIComponent(id)}`, webhookSchema);
    },

    /** PayPal's own check of a webhook; an event without its signature headers is refused unasked. */
    async verifyWebhookSignature({ headers, event, webhookId }: WebhookVerification): Promise<boolean> {
      const read = (name: string) => {
        const value = headers[name];
        return typeof value === 'string' && value.length > 0 ? value : null;
      };
      const h = Object.fromEntries(Object.entries(WEBHOOK_HEADERS).map(([key, name]) => [key, read(name)])) as Record<
        keyof typeof WEBHOOK_HEADERS,
        string | null
      >;
      if (Object.values(h).some((value) => value === null) || typeof event !== 'object' || event === null) return false;
      const answer = await call('verify webhook signature', '/v1/notifications/verify-webhook-signature', verificationSchema, {
        method: 'POST',
        json: {
          auth_algo: h.authAlgo,
          cert_url: h.certUrl,
          transmission_id: h.transmissionId,
          transmission_sig: h.transmissionSig,
          transmission_time: h.transmissionTime,
          webhook_id: webhookId,
          webhook_event: event,
        },
      });
      return answer.verification_status === 'SUCCESS';
    },
  };
}

/** The order's capture (intent CAPTURE has one purchase unit and at most one capture). */
export function captureOf(order: PayPalOrder): PayPalCapture | null {
  return order.purchase_units[0]?.payments?.captures?.[0] ?? null;
}

export function approveLinkOf(order: PayPalOrder): string | null {
  return order.links.find((link) => link.rel === 'approve' || link.rel === 'payer-action')?.href ?? null;
}
