import { z } from 'zod';
import type { App } from '../http/types';
import { paypalApi, paypalFaults } from './paypal-api';
import { paypalCheckout } from './paypal-checkout';
import type { SandboxState } from './state';

export { PayPalSandbox } from './paypal/state';
export type { WebhookFaultRule } from './paypal/webhooks';

/**
 * PayPal's stand-in under /sandbox/paypal: the REST API (paypal-api.ts), the approval page and the
 * JS SDK (paypal-checkout.ts), webhooks to the site (paypal/webhooks.ts). Its state lives in paypal/,
 * which imports nothing of the sandbox, so the sandbox's state can hold it without a cycle.
 * Demo credentials: client id and secret `demo`, webhook id DEMO_ACCOUNTS.paypal.webhookId.
 */
export function paypalSandbox(app: App, state: SandboxState) {
  // PayPal takes `Content-Type: application/json` with no body at all on capture.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body === '' ? undefined : JSON.parse(body as string));
    } catch (error) {
      (error as { statusCode?: number }).statusCode = 400;
      done(error as Error, undefined);
    }
  });
  paypalFaults(app, state);
  paypalApi(app, state);
  paypalCheckout(app, state);
}

const webhookFault = z.object({
  fault: z.enum(['lose', 'duplicate', 'delay']),
  eventType: z.string().optional(),
  times: z.number().int().min(1).optional(),
});

const orderChange = z.object({ change: z.enum(['refund', 'reverse', 'deny', 'complete']) });
const pendingRefunds = z.object({ times: z.number().int().min(0).max(1000) });

/** /sandbox/control/paypal/...: webhook faults, held webhooks, later changes of a capture, pending refunds. */
export function paypalControl(app: App, state: SandboxState) {
  const hide = { hide: true };
  app.post('/webhooks/faults', { schema: { ...hide, body: webhookFault } }, async (request) => {
    state.paypal.webhooks.inject(request.body);
    return { ok: true };
  });
  app.post('/webhooks/release', { schema: hide }, async () => ({ released: await state.paypal.webhooks.release() }));
  app.post('/orders/:id', { schema: { ...hide, params: z.object({ id: z.string() }), body: orderChange } }, async (request) => {
    const { id } = request.params;
    const { change } = request.body;
    if (change === 'refund') state.paypal.refund(id, 'REFUNDED');
    if (change === 'reverse') state.paypal.refund(id, 'REVERSED');
    if (change === 'deny') state.paypal.deny(id);
    if (change === 'complete') state.paypal.complete(id);
    return { ok: true };
  });
  // The next refunds stay PENDING until completed here (PAYMENT.CAPTURE.REFUNDED is sent then).
  app.post('/refunds/pending', { schema: { ...hide, body: pendingRefunds } }, async (request) => {
    state.paypal.pendingRefunds = request.body.times;
    return { ok: true };
  });
  app.post('/refunds/:id/complete', { schema: { ...hide, params: z.object({ id: z.string() }) } }, async (request) => {
    state.paypal.completeRefund(request.params.id);
    return { ok: true };
  });
}
