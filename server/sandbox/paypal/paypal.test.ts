import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../demo/accounts';
import { createSandboxedApp } from '../testing';

const t = await createSandboxedApp();
const api = `${t.origin}/sandbox/paypal`;

afterEach(async () => {
  await t.state.paypal.webhooks.idle();
  t.state.reset();
});

async function token(): Promise<string> {
  const res = await fetch(`${api}/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { access_token: string; token_type: string; expires_in: number };
  expect(body.token_type).toBe('Bearer');
  expect(body.expires_in).toBeGreaterThan(0);
  return body.access_token;
}

async function call(method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; bearer?: string } = {}) {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${options.bearer ?? (await token())}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: PayPal's answers are read loosely here
  return { status: res.status, body: (await res.json()) as any };
}

const order = (requestId?: string) =>
  call('POST', '/v2/checkout/orders', {
    headers: requestId ? { 'paypal-request-id': requestId } : {},
    body: {
      intent: 'CAPTURE',
      purchase_units: [{ amount: { currency_code: 'USD', value: '20.00' }, custom_id: 'flip:abc', description: 'Flip request' }],
    },
  });

async function buyer(orderId: string, action: 'pay' | 'decline' | 'cancel') {
  const res = await fetch(`${api}/checkoutnow`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: orderId, action }).toString(),
  });
  return { status: res.status, html: await res.text() };
}

describe('PayPal stand-in: REST', () => {
  it('creates an order with an absolute approve link, once per PayPal-Request-Id', async () => {
    const first = await order('req-1');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      intent: 'CAPTURE',
      status: 'CREATED',
      purchase_units: [{ amount: { value: '20.00' }, custom_id: 'flip:abc' }],
    });
    expect(first.body.id).toMatch(/^[A-Z0-9]{17}$/);
    const approve = first.body.links.find((l: { rel: string }) => l.rel === 'approve');
    expect(approve.href).toBe(`${api}/checkoutnow?token=${first.body.id}`);
    expect((await order('req-1')).body.id).toBe(first.body.id);
    expect((await order('req-2')).body.id).not.toBe(first.body.id);
  });

  it('answers PayPal errors: bad token 401, unknown order 404, invalid body 400', async () => {
    const bad = await call('GET', '/v2/checkout/orders/NOPE', { bearer: 'forged' });
    expect(bad.status).toBe(401);
    expect(bad.body.name).toBe('AUTHENTICATION_FAILURE');
    const missing = await call('GET', '/v2/checkout/orders/UNKNOWN0000000000');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
    expect(missing.body.debug_id).toMatch(/^[0-9a-f]+$/);
    const invalid = await call('POST', '/v2/checkout/orders', {
      body: { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD' } }] },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({
      name: 'INVALID_REQUEST',
      details: [{ field: '/purchase_units/0/amount/value', issue: 'MISSING_REQUIRED_PARAMETER' }],
    });
    const wrongSecret = await fetch(`${api}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('demo:nope').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(wrongSecret.status).toBe(401);
  });

  it('captures only an approved order, once', async () => {
    const { id } = (await order()).body;
    const early = await call('POST', `/v2/checkout/orders/${id}/capture`);
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
    expect((await buyer(id, 'pay')).html).toContain('You can close this window');
    const captured = await call('POST', `/v2/checkout/orders/${id}/capture`, { headers: { 'paypal-request-id': 'cap-1' } });
    expect(captured.status).toBe(201);
    const capture = captured.body.purchase_units[0].payments.captures[0];
    expect(capture).toMatchObject({ status: 'COMPLETED', amount: { currency_code: 'USD', value: '20.00' } });
    const again = await call('POST', `/v2/checkout/orders/${id}/capture`);
    expect(again.status).toBe(422);
    expect(again.body.details[0].issue).toBe('ORDER_ALREADY_CAPTURED');
    // The same PayPal-Request-Id is a retry of the first capture: the same answer.
    const retry = await call('POST', `/v2/checkout/orders/${id}/capture`, { headers: { 'paypal-request-id': 'cap-1' } });
    expect(retry.status).toBe(201);
    expect(retry.body.purchase_units[0].payments.captures[0].id).toBe(capture.id);
  });

  it('declines the card chosen on the approval page once, then needs a new approval', async () => {
    const { id } = (await order()).body;
    await buyer(id, 'decline');
    const declined = await call('POST', `/v2/checkout/orders/${id}/capture`);
    expect(declined.status).toBe(422);
    expect(declined.body.details[0].issue).toBe('INSTRUMENT_DECLINED');
    expect((await call('POST', `/v2/checkout/orders/${id}/capture`)).body.details[0].issue).toBe('ORDER_NOT_APPROVED');
    await buyer(id, 'pay');
    expect((await call('POST', `/v2/checkout/orders/${id}/capture`)).status).toBe(201);
  });

  it('fails a capture on demand: before the work (500) or after it (the answer is lost)', async () => {
    const { id } = (await order()).body;
    await buyer(id, 'pay');
    t.state.faults.inject({ provider: 'paypal', path: '/capture', status: 500 });
    const failed = await call('POST', `/v2/checkout/orders/${id}/capture`);
    expect(failed.status).toBe(500);
    expect(failed.body.name).toBe('INTERNAL_SERVER_ERROR');
    expect(t.state.paypal.orders.get(id).status).toBe('APPROVED');
    t.state.faults.inject({ provider: 'paypal', path: '/capture', status: 500, after: true });
    expect((await call('POST', `/v2/checkout/orders/${id}/capture`)).status).toBe(500);
    expect(t.state.paypal.orders.get(id).status).toBe('COMPLETED');
  });
});

describe('PayPal stand-in: webhooks', () => {
  async function verify(delivery: { headers: Record<string, string>; event: unknown }, event = delivery.event) {
    const h = delivery.headers;
    const answer = await call('POST', '/v1/notifications/verify-webhook-signature', {
      body: {
        auth_algo: h['paypal-auth-algo'],
        cert_url: h['paypal-cert-url'],
        transmission_id: h['paypal-transmission-id'],
        transmission_sig: h['paypal-transmission-sig'],
        transmission_time: h['paypal-transmission-time'],
        webhook_id: DEMO_ACCOUNTS.paypal.webhookId,
        webhook_event: event,
      },
    });
    return answer.body.verification_status;
  }

  it('sends signed CHECKOUT.ORDER.APPROVED and PAYMENT.CAPTURE.COMPLETED to the site, which verify-webhook-signature confirms', async () => {
    const { id } = (await order()).body;
    await buyer(id, 'pay');
    await call('POST', `/v2/checkout/orders/${id}/capture`);
    await t.state.paypal.webhooks.idle();
    const deliveries = t.state.paypal.webhooks.deliveries;
    expect(deliveries.map((d) => d.event.event_type)).toEqual(['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED']);
    expect(deliveries[0]!.event.resource).toMatchObject({ id, status: 'APPROVED' });
    expect(deliveries[1]!.event.resource).toMatchObject({ status: 'COMPLETED', supplementary_data: { related_ids: { order_id: id } } });
    expect(deliveries[0]!.headers['paypal-transmission-sig']).toBeTruthy();
    expect(await verify(deliveries[0]!)).toBe('SUCCESS');
    const forged = structuredClone(deliveries[1]!.event) as { resource: { amount: { value: string } } };
    forged.resource.amount.value = '0.01';
    expect(await verify(deliveries[1]!, forged)).toBe('FAILURE');
  });

  it('loses, duplicates and holds webhooks on demand; held ones go on release', async () => {
    const webhooks = t.state.paypal.webhooks;
    webhooks.inject({ fault: 'lose', eventType: 'CHECKOUT.ORDER.APPROVED' });
    webhooks.inject({ fault: 'duplicate', eventType: 'PAYMENT.CAPTURE.COMPLETED' });
    const a = (await order()).body.id;
    await buyer(a, 'pay');
    await call('POST', `/v2/checkout/orders/${a}/capture`);
    await webhooks.idle();
    expect(webhooks.deliveries.map((d) => d.event.event_type)).toEqual(['PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.COMPLETED']);
    webhooks.inject({ fault: 'delay' });
    const b = (await order()).body.id;
    await buyer(b, 'pay');
    await webhooks.idle();
    expect(webhooks.deliveries).toHaveLength(2);
    expect(webhooks.heldCount).toBe(1);
    expect(await webhooks.release()).toBe(1);
    expect(webhooks.deliveries.at(-1)!.event.event_type).toBe('CHECKOUT.ORDER.APPROVED');
  });
});

describe('PayPal stand-in: control routes (end-to-end tests drive it from outside)', () => {
  const control = (path: string, body?: unknown) =>
    fetch(`${t.origin}/sandbox/control/paypal${path}`, {
      method: 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('holds webhooks and releases them, and refunds a capture with its webhook', async () => {
    expect((await control('/webhooks/faults', { fault: 'delay', eventType: 'CHECKOUT.ORDER.APPROVED' })).status).toBe(200);
    const { id } = (await order()).body;
    await buyer(id, 'pay');
    expect(t.state.paypal.webhooks.heldCount).toBe(1);
    expect(await (await control('/webhooks/release')).json()).toEqual({ released: 1 });
    await call('POST', `/v2/checkout/orders/${id}/capture`);
    expect((await control(`/orders/${id}`, { change: 'refund' })).status).toBe(200);
    await t.state.paypal.webhooks.idle();
    expect(t.state.paypal.webhooks.deliveries.map((d) => d.event.event_type)).toEqual([
      'CHECKOUT.ORDER.APPROVED',
      'PAYMENT.CAPTURE.COMPLETED',
      'PAYMENT.CAPTURE.REFUNDED',
    ]);
    const fault = await fetch(`${t.origin}/sandbox/control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'paypal', path: '/capture', status: 500, after: true }),
    });
    expect(fault.status).toBe(200);
  });
});

describe('PayPal stand-in: what the buyer sees', () => {
  it('shows the amount and the three choices; cancelling leaves the order unapproved', async () => {
    const { id } = (await order()).body;
    const page = await (await fetch(`${api}/checkoutnow?token=${id}`)).text();
    expect(page).toContain('$20.00 USD');
    for (const label of ['Pay now', 'Pay with a declined card', 'Cancel']) expect(page).toContain(label);
    expect((await buyer(id, 'cancel')).html).toContain('You cancelled this payment');
    const status = await (await fetch(`${api}/checkoutnow/status?token=${id}`)).json();
    expect(status).toEqual({ status: 'CREATED', outcome: 'cancelled', cancelled: true });
  });

  it('serves the JS SDK as a script', async () => {
    const res = await fetch(`${api}/sdk/js?client-id=demo&currency=USD&intent=capture`);
    expect(res.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(await res.text()).toContain('Buttons');
  });
});
