import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DEMO_CREDENTIAL } from '../demo/accounts';
import type { App } from '../http/types';
import { STATUS_TEXT } from './common';
import type { FaultRule } from './faults';
import {
  captureJson,
  debugId,
  minimalOrderJson,
  minimalRefundJson,
  orderJson,
  PayPalSandboxError,
  paypalError,
  refundJson,
} from './paypal/orders';
import type { SandboxState } from './state';

/**
 * PayPal's REST API (api-m.paypal.com) under /sandbox/paypal:
 *   POST /v1/oauth2/token                          client credentials (Basic demo:demo)
 *   POST /v2/checkout/orders                       create (PayPal-Request-Id idempotent; Prefer)
 *   GET  /v2/checkout/orders/{id}
 *   POST /v2/checkout/orders/{id}/capture          (PayPal-Request-Id idempotent; Prefer)
 *   GET  /v2/payments/captures/{id}
 *   POST /v2/payments/captures/{id}/refund         full or partial (PayPal-Request-Id idempotent; Prefer)
 *   GET  /v2/payments/refunds/{id}
 *   POST /v1/notifications/verify-webhook-signature
 *   GET  /v1/notifications/webhooks/{id}           the app's webhook: url and event_types (404 INVALID_RESOURCE_ID)
 * Errors are PayPal's bodies: {name, message, debug_id, details[{issue, description}]}.
 */

const PREFIX = '/sandbox/paypal';
const TOKEN_TTL_SECONDS = 32_400;

const moneySchema = z.object({
  currency_code: z.string().regex(/^[A-Z]{3}$/),
  value: z.string().regex(/^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/),
});

const createBody = z.object({
  intent: z.enum(['CAPTURE', 'AUTHORIZE']),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().max(256).optional(),
        amount: moneySchema,
        custom_id: z.string().max(255).optional(),
        description: z.string().max(127).optional(),
        invoice_id: z.string().max(127).optional(),
      }),
    )
    .min(1)
    .max(10),
});

const refundBody = z
  .object({
    amount: moneySchema.optional(),
    invoice_id: z.string().max(127).optional(),
    note_to_payer: z.string().max(255).optional(),
    custom_id: z.string().max(127).optional(),
  })
  .optional();

const verifyBody = z.object({
  auth_algo: z.string().min(1),
  cert_url: z.string().min(1),
  transmission_id: z.string().min(1),
  transmission_sig: z.string().min(1),
  transmission_time: z.string().min(1),
  webhook_id: z.string().min(1),
  webhook_event: z.record(z.string(), z.unknown()),
});

function invalidRequest(error: z.ZodError): PayPalSandboxError {
  const issue = error.issues[0]!;
  const field = `/${issue.path.join('/')}`;
  const missing = issue.code === 'invalid_type' && issue.input === undefined;
  const e = paypalError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.');
  e.body.details = [
    {
      field,
      location: 'body',
      issue: missing ? 'MISSING_REQUIRED_PARAMETER' : 'INVALID_PARAMETER_VALUE',
      description: missing ? 'A required field / parameter is missing.' : 'The value of a field is invalid.',
    },
  ];
  return e;
}

const authFailure = () =>
  paypalError(
    401,
    'AUTHENTICATION_FAILURE',
    'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
  );

/** Faults that act after the work (the capture happened; its answer is lost or late). */
const afterFaults = new WeakMap<FastifyRequest, FaultRule>();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function faultError(status: number) {
  return status === 401
    ? authFailure().body
    : paypalError(status, status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'ERROR', STATUS_TEXT[status] ?? 'Error').body;
}

export function paypalFaults(app: App, state: SandboxState) {
  app.addHook('onRequest', async (request, reply) => {
    state.paypal.learnOrigin(`${request.protocol}://${request.host}`);
    const path = request.url.startsWith(PREFIX) ? request.url.slice(PREFIX.length) : request.url;
    state.log('paypal', request.method, path);
    const rule = state.faults.take('paypal', request.method, path);
    if (!rule) return;
    if (rule.after) {
      afterFaults.set(request, rule);
      return;
    }
    if (rule.delayMs) await sleep(rule.delayMs);
    if (rule.retryAfter !== undefined) reply.header('retry-after', String(rule.retryAfter));
    if (rule.status) return reply.code(rule.status).header('paypal-debug-id', debugId()).send(faultError(rule.status));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const rule = afterFaults.get(request);
    if (!rule) return payload;
    if (rule.delayMs) await sleep(rule.delayMs);
    if (!rule.status) return payload;
    reply.code(rule.status).type('application/json');
    return JSON.stringify(faultError(rule.status));
  });
}

function send(reply: FastifyReply, error: PayPalSandboxError) {
  return reply.code(error.status).header('paypal-debug-id', error.body.debug_id).send(error.body);
}

export function paypalApi(app: App, state: SandboxState) {
  const paypal = state.paypal;

  /** Every REST call but the token one carries `Authorization: Bearer <token>`. */
  function authorized(request: FastifyRequest): boolean {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    return state.tokens.find('paypal', token) !== null;
  }

  const representation = (request: FastifyRequest) => /return=representation/.test(String(request.headers.prefer ?? ''));
  const requestId = (request: FastifyRequest) => {
    const id = request.headers['paypal-request-id'];
    return typeof id === 'string' && id.length > 0 ? id : null;
  };

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof PayPalSandboxError) return send(reply, error);
    throw error;
  });

  app.post('/v1/oauth2/token', async (request, reply) => {
    const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const [clientId, secret] = Buffer.from(basic ?? '', 'base64')
      .toString('utf8')
      .split(':');
    if (clientId !== DEMO_CREDENTIAL || secret !== DEMO_CREDENTIAL) {
      return reply.code(401).send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    const grant = (request.body as Record<string, string> | undefined)?.grant_type;
    if (grant !== 'client_credentials') {
      return reply
        .code(400)
        .send({ error: 'unsupported_grant_type', error_description: `Grant Type is NULL or not supported: ${grant ?? ''}` });
    }
    const issued = state.tokens.issue({ provider: 'paypal', kind: 'app', clientId, userId: null, scopes: [] }, TOKEN_TTL_SECONDS, false);
    return {
      scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/applications/webhooks',
      access_token: issued.token,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: TOKEN_TTL_SECONDS,
      nonce: `${new Date().toISOString()}${issued.token.slice(0, 8)}`,
    };
  });

  app.post('/v2/checkout/orders', async (request, reply) => {
    if (!authorized(request)) throw authFailure();
    const key = requestId(request);
    const known = key ? paypal.requestIds.get(`create:${key}`) : undefined;
    let order = known ? paypal.orders.get(known) : undefined;
    if (!order) {
      const parsed = createBody.safeParse(request.body);
      if (!parsed.success) throw invalidRequest(parsed.error);
      if (parsed.data.intent !== 'CAPTURE')
        throw paypalError(
          422,
          'UNPROCESSABLE_ENTITY',
          'The stand-in supports intent CAPTURE only.',
          'UNSUPPORTED_INTENT',
          'intent=AUTHORIZE is not supported here.',
        );
      const unit = parsed.data.purchase_units[0]!;
      order = paypal.orders.create({
        amount: unit.amount,
        customId: unit.custom_id,
        description: unit.description,
        referenceId: unit.reference_id,
      });
      if (key) paypal.requestIds.set(`create:${key}`, order.id);
    }
    const body = representation(request) ? orderJson(order, paypal.base) : minimalOrderJson(order, paypal.base);
    return reply.code(known ? 200 : 201).send(body);
  });

  app.get('/v2/checkout/orders/:id', async (request) => {
    if (!authorized(request)) throw authFailure();
    return orderJson(paypal.orders.get((request.params as { id: string }).id), paypal.base);
  });

  app.get('/v2/payments/captures/:id', async (request) => {
    if (!authorized(request)) throw authFailure();
    const order = paypal.orders.byCaptureId((request.params as { id: string }).id);
    return captureJson(order, order.capture!, paypal.base);
  });

  app.post('/v2/payments/captures/:id/refund', async (request, reply) => {
    if (!authorized(request)) throw authFailure();
    const { id } = request.params as { id: string };
    const key = requestId(request);
    // A retried refund with the same PayPal-Request-Id answers the first refund again: never a second one.
    const known = key ? paypal.requestIds.get(`refund:${key}`) : undefined;
    let refund = known ? paypal.orders.getRefund(known) : undefined;
    if (!refund) {
      const parsed = refundBody.safeParse(request.body);
      if (!parsed.success) throw invalidRequest(parsed.error);
      refund = paypal.refundCapture(id, { amount: parsed.data?.amount, noteToPayer: parsed.data?.note_to_payer });
      if (key) paypal.requestIds.set(`refund:${key}`, refund.id);
    }
    return reply
      .code(known ? 200 : 201)
      .send(representation(request) ? refundJson(refund, paypal.base) : minimalRefundJson(refund, paypal.base));
  });

  app.get('/v2/payments/refunds/:id', async (request) => {
    if (!authorized(request)) throw authFailure();
    return refundJson(paypal.orders.getRefund((request.params as { id: string }).id), paypal.base);
  });

  app.post('/v2/checkout/orders/:id/capture', async (request, reply) => {
    if (!authorized(request)) throw authFailure();
    const { id } = request.params as { id: string };
    const key = requestId(request);
    // A retried capture with the same PayPal-Request-Id answers what the first one did.
    const replay = key !== null && paypal.requestIds.get(`capture:${key}`) === id;
    const order = replay ? paypal.orders.get(id) : paypal.capture(id);
    if (key && !replay) paypal.requestIds.set(`capture:${key}`, id);
    return reply.code(201).send(representation(request) ? orderJson(order, paypal.base) : minimalOrderJson(order, paypal.base));
  });

  app.get('/v1/notifications/webhooks/:id', async (request, reply) => {
    if (!authorized(request)) throw authFailure();
    const webhook = paypal.webhooks.lookup((request.params as { id: string }).id, paypal.base);
    if (webhook) return webhook;
    // Webhooks Management v1 answers in its own error shape: a name, no details, an information link.
    const id = debugId();
    return reply.code(404).header('paypal-debug-id', id).send({
      name: 'INVALID_RESOURCE_ID',
      message: 'Resource id is invalid.',
      debug_id: id,
      information_link: 'https://developer.paypal.com/docs/api/webhooks/v1/#error-INVALID_RESOURCE_ID',
      details: [],
    });
  });

  app.post('/v1/notifications/verify-webhook-signature', async (request) => {
    if (!authorized(request)) throw authFailure();
    const parsed = verifyBody.safeParse(request.body);
    if (!parsed.success) throw invalidRequest(parsed.error);
    const b = parsed.data;
    const ok =
      b.cert_url.startsWith(`${paypal.base}/v1/notifications/certs/`) &&
      paypal.webhooks.verify({
        transmissionId: b.transmission_id,
        transmissionTime: b.transmission_time,
        transmissionSig: b.transmission_sig,
        authAlgo: b.auth_algo,
        webhookId: b.webhook_id,
        event: b.webhook_event,
      });
    return { verification_status: ok ? 'SUCCESS' : 'FAILURE' };
  });
}
