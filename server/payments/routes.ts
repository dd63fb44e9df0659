import { z } from 'zod';
import type { App } from '../http/types';
import type { PayPalClient } from '../providers/paypal/client';
import type { PaymentsService } from './service';
import { handleWebhook } from './webhook';

export const PAYPAL_WEBHOOK_PATH = '/api/payments/paypal/webhook';

/**
 * PayPal's webhook. No login and no Origin (PayPal's servers call it; the same-origin check lets a
 * request without Origin through): the signature, checked by PayPal, is what admits an event.
 * Unverified events are a 400; a PayPal outage while handling one a 502/503, so PayPal retries.
 */
export function paymentRoutes(app: App, payments: PaymentsService, paypal: () => PayPalClient | null, webhookId: string | null) {
  app.post(PAYPAL_WEBHOOK_PATH, {
    schema: {
      tags: ['payments'],
      summary: 'PayPal webhook events (verified with PayPal before use)',
      response: { 200: z.object({ event: z.string(), outcome: z.string() }) },
    },
    handler: (request) => handleWebhook(payments, paypal(), webhookId, request.headers, request.body),
  });
}
