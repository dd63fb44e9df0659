import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { App } from '../http/types';
import { PayPalSandboxError } from './paypal/orders';
import type { SandboxState } from './state';

/**
 * What the buyer sees: the approval page (www.paypal.com/checkoutnow?token=<order id>) with "Pay
 * now", "Pay with a declined card" and "Cancel", and the JS SDK (www.paypal.com/sdk/js) that draws
 * the PayPal button and opens that page in a popup. Scripts are files served from here (the site's
 * CSP allows no inline script).
 */

const SDK_JS = readFileSync(new URL('./paypal/sdk.js', import.meta.url), 'utf8');
const POPUP_JS = readFileSync(new URL('./paypal/popup.js', import.meta.url), 'utf8');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
body{font-family:system-ui,sans-serif;background:#f5f7fa;color:#001435;display:flex;justify-content:center;padding:32px 16px;margin:0}
main{max-width:400px;width:100%;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:22px;margin:0 0 4px;color:#003087}.sandbox{font-size:12px;color:#6c7378;margin:0 0 20px}
.amount{font-size:32px;font-weight:700;margin:8px 0}.what{color:#515354;margin:0 0 24px}
button{display:block;width:100%;padding:12px;margin:0 0 10px;border-radius:24px;border:0;font-size:16px;font-weight:600;cursor:pointer}
.pay{background:#0070ba;color:#fff}.decline{background:#fff;color:#0070ba;border:2px solid #0070ba}.cancel{background:none;color:#515354}
.done{font-size:18px}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><h1>PayPal</h1><p class="sandbox">Demo sandbox: no money moves.</p>${body}</main></body></html>`;
}

const tokenQuery = z.object({ token: z.string().min(1) });
const decision = z.object({ token: z.string().min(1), action: z.enum(['pay', 'decline', 'cancel', 'pending']) });

export function paypalCheckout(app: App, state: SandboxState) {
  const paypal = state.paypal;
  // PayPal's pages keep their opener (the site's checkout page waits for the popup's answer).
  // Its form posts carry an Origin (under helmet's no-referrer Chromium sends `Origin: null`, which
  // the site's same-origin check for writes refuses).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cross-origin-opener-policy', 'unsafe-none');
    reply.header('referrer-policy', 'same-origin');
  });

  app.get('/checkoutnow', async (request, reply) => {
    const parsed = tokenQuery.safeParse(request.query);
    const order = parsed.success ? paypal.orders.find(parsed.data.token) : undefined;
    reply.type('text/html; charset=utf-8');
    if (!order) return reply.code(404).send(page('PayPal', '<p class="done">This payment link is not valid.</p>'));
    if (order.status === 'COMPLETED') return page('PayPal', '<p class="done">This order is paid already. You can close this window.</p>');
    const amount = `$${escapeHtml(order.amount.value)} ${escapeHtml(order.amount.currency_code)}`;
    const id = escapeHtml(order.id);
    return page(
      'Pay with PayPal',
      `<p class="amount" data-testid="paypal-amount">${amount}</p>
<p class="what">${escapeHtml(order.description ?? 'Payment')}</p>
<form method="post" action="checkoutnow">
<input type="hidden" name="token" value="${id}">
<button class="pay" name="action" value="pay">Pay now</button>
<button class="decline" name="action" value="decline">Pay with a declined card</button>
<button class="cancel" name="action" value="cancel">Cancel</button>
</form>`,
    );
  });

  app.post('/checkoutnow', async (request, reply) => {
    const parsed = decision.safeParse(request.body);
    if (!parsed.success)
      return reply.code(400).type('text/html; charset=utf-8').send(page('PayPal', '<p class="done">Something is missing.</p>'));
    const { token, action } = parsed.data;
    let outcome: 'approved' | 'cancelled';
    try {
      if (action === 'cancel') {
        paypal.cancel(token);
        outcome = 'cancelled';
      } else {
        paypal.approve(token, action === 'pay' ? 'paid' : action === 'decline' ? 'declined' : 'pending');
        outcome = 'approved';
      }
    } catch (error) {
      if (!(error instanceof PayPalSandboxError)) throw error;
      return reply
        .code(error.status)
        .type('text/html; charset=utf-8')
        .send(page('PayPal', `<p class="done">${escapeHtml(error.message)}</p>`));
    }
    const text = outcome === 'approved' ? 'Thanks! Your payment is approved.' : 'You cancelled this payment.';
    return reply.type('text/html; charset=utf-8').send(
      page(
        'PayPal',
        `<p class="done" data-outcome="${outcome}">${text} You can close this window.</p>
<script src="popup.js" data-order-id="${escapeHtml(token)}" data-outcome="${outcome}"></script>`,
      ),
    );
  });

  /** The SDK asks when the popup closed without a word (the buyer closed it, or the message was lost). */
  app.get('/checkoutnow/status', async (request, reply) => {
    const parsed = tokenQuery.safeParse(request.query);
    const order = parsed.success ? paypal.orders.find(parsed.data.token) : undefined;
    if (!order) return reply.code(404).send({ status: null });
    const approved = order.status === 'APPROVED' || order.status === 'COMPLETED';
    return { status: order.status, outcome: approved ? 'approved' : 'cancelled', cancelled: paypal.cancelled.has(order.id) };
  });

  app.get('/popup.js', async (_request, reply) => reply.type('application/javascript; charset=utf-8').send(POPUP_JS));
  app.get('/sdk/js', async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(SDK_JS),
  );
}
