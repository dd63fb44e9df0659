import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { EARNINGS_PATHS, earningsSummarySchema } from '../../common/earnings';
import type { App } from '../http/types';
import type { PayPalClient } from '../providers/paypal/client';
import { PaymentError } from './errors';
import type { PaymentsService } from './service';
import type { Earnings } from './summary';
import { handleWebhook } from './webhook';
import { screenWebhook, type WebhookEvent } from './webhook-screen';

export const PAYPAL_WEBHOOK_PATH = '/api/payments/paypal/webhook';

/** This server's names: the one it was called by, and the address it listens on (the stand-in's links use it). */
function ownHosts(app: App, called: string): string[] {
  const address = app.server.address();
  return typeof address === 'object' && address ? [called, address.address, `[${address.address}]`] : [called];
}

/**
 * PayPal's webhook. No login and no Origin (PayPal's servers call it; the same-origin check lets a
 * request without Origin through): the signature, checked by PayPal, is what admits an event.
 * First the checks that need no PayPal (webhook-screen.ts): a forged event is a 400, or a 200 saying
 * it is not this site's, without a call to PayPal or a write. Then the webhook's own rate limit per
 * address, which only the events that passed spend (accounts/access.ts adds it after this route's
 * preHandler), so forged events never crowd out PayPal's. Then PayPal's verify call: unverified is a
 * 400; a PayPal outage while handling one a 502/503, so PayPal retries.
 */
export function paymentRoutes(
  app: App,
  payments: PaymentsService,
  paypal: () => PayPalClient | null,
  webhook: { id: string | null; now: () => Date; apiBase: string | null },
) {
  const apiHost = webhook.apiBase ? new URL(webhook.apiBase).hostname : null;
  /** The event each request's screen let through, for its handler */
  const screened = new WeakMap<FastifyRequest, WebhookEvent>();
  app.post(PAYPAL_WEBHOOK_PATH, {
    schema: {
      tags: ['payments'],
      summary: 'PayPal webhook events (checked, then verified with PayPal before use)',
      response: { 200: z.object({ event: z.string(), outcome: z.string() }) },
    },
    // Public: PayPal calls it, and the signature admits an event. Its own budget per address.
    config: { access: 'public', limit: 'webhooks' },
    preHandler: async (request, reply) => {
      if (!paypal() || !webhook.id) throw new PaymentError('not_configured');
      const result = await screenWebhook(request.headers, request.body, {
        now: webhook.now,
        // PayPal's hosts; with no API base configured (demo, tests) the stand-in on this very server.
        certHostAllowed: (host) =>
          host.endsWith('.paypal.com') || (apiHost ? host === apiHost : ownHosts(app, request.hostname).includes(host)),
        isOurs: payments.isOurs,
      });
      if ('answer' in result) return reply.send(result.answer);
      screened.set(request, result.event);
    },
    handler: (request) => {
      const event = screened.get(request);
      if (!event) throw new Error('The webhook was handled without its checks');
      return handleWebhook(payments, paypal(), webhook.id, request.headers, request.body, event);
    },
  });
}

/** The Admin Console's Earnings tab: its figures and the payments export (admins). */
export function earningsRoutes(app: App, earnings: Earnings) {
  app.get(EARNINGS_PATHS.summary, {
    schema: {
      tags: ['payments'],
      summary: 'Earnings per UTC day, week, month and kind; refunds; payments waiting or needing attention (admins)',
      response: { 200: earningsSummarySchema },
    },
    config: { access: 'admin' },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return earnings.summary();
    },
  });

  app.get(EARNINGS_PATHS.export, {
    schema: { tags: ['payments'], summary: 'Every payment as CSV (RFC 4180), oldest first (admins)' },
    config: { access: 'admin' },
    handler: async (_request, reply) => {
      const { filename, records } = await earnings.exportCsv();
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .type('text/csv; charset=utf-8')
        .send(Readable.from(records));
    },
  });
}
