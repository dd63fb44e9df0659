import { Readable } from 'node:stream';
import { z } from 'zod';
import { EARNINGS_PATHS, earningsSummarySchema } from '../../common/earnings';
import type { App } from '../http/types';
import type { PayPalClient } from '../providers/paypal/client';
import type { PaymentsService } from './service';
import type { Earnings } from './summary';
import { handleWebhook } from './webhook';

export const PAYPAL_WEBHOOK_PATH = '/api/payments/paypal/webhook';

/**
 * PayPal's webhook. No login and no Origin (PayPal's servers call it; the same-origin check lets a
 * request without Origin through): the signature, checked by PayPal, is what admits an event.
 * Unverified events are a 400; a PayPal outage while handling one a 502/503, so PayPal retries.
 */
/** This server's names: the one it was called by, and the address it listens on (the stand-in's links use it). */
function ownHosts(app: App, called: string): string[] {
  const address = app.server.address();
  return typeof address === 'object' && address ? [called, address.address, `[${address.address}]`] : [called];
}

export function paymentRoutes(
  app: App,
  payments: PaymentsService,
  paypal: () => PayPalClient | null,
  webhook: { id: string | null; now: () => Date; apiBase: string | null },
) {
  const apiHost = webhook.apiBase ? new URL(webhook.apiBase).hostname : null;
  app.post(PAYPAL_WEBHOOK_PATH, {
    schema: {
      tags: ['payments'],
      summary: 'PayPal webhook events (verified with PayPal before use)',
      response: { 200: z.object({ event: z.string(), outcome: z.string() }) },
    },
    // Public: PayPal calls it, and the signature admits an event. The write budget per address:
    // PayPal retries what a 429 refuses; a flood costs no PayPal calls.
    config: { access: 'public', limit: 'writes' },
    handler: (request) =>
      handleWebhook(
        payments,
        paypal(),
        webhook.id,
        {
          now: webhook.now,
          // PayPal's hosts; with no API base configured (demo, tests) the stand-in on this very server.
          certHostAllowed: (host) =>
            host.endsWith('.paypal.com') || (apiHost ? host === apiHost : ownHosts(app, request.hostname).includes(host)),
        },
        request.headers,
        request.body,
      ),
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
