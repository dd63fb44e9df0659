import { describe, expect, it } from 'vitest';
import { createSandboxedApp } from '../sandbox/testing';
import { flipSteps } from '../song-requests/flip/testing';
import { buildSong } from '../testing/factories';
import { buildUser } from '../testing/users';
import { webhookForgeries } from './testing';

/**
 * PayPal's webhook has a rate limit of its own per address (PAYPAL_WEBHOOK_RATE_LIMIT, small here),
 * spent only by events that passed the checks made without PayPal, each of which costs a
 * verify-webhook-signature call; the writes budget (WRITE_RATE_LIMIT) of likes and edits is another.
 */

const WEBHOOKS = 20;
const WRITES = 10;
const t = await createSandboxedApp({ env: { PAYPAL_WEBHOOK_RATE_LIMIT: String(WEBHOOKS), WRITE_RATE_LIMIT: String(WRITES) } });
const flip = flipSteps(t);
const paypal = t.state.paypal;
const verifyCalls = () => t.state.requests.filter((r) => r.path === '/v1/notifications/verify-webhook-signature').length;

const FORGER = '198.51.100.20';
const PAYPAL = '198.51.100.21';
const send = (body: string, headers: Record<string, string>, from: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/paypal/webhook',
    headers: { host: new URL(t.origin).host, ...headers },
    payload: body,
    remoteAddress: from,
  });

describe('the webhook rate limit', () => {
  it("is spent per address by events that reach PayPal's verify call only, and leaves the writes budget alone", async () => {
    paypal.webhooks.inject({ fault: 'lose', eventType: 'CHECKOUT.ORDER.APPROVED' });
    const sid = await flip.validate();
    const orderId = await flip.order(sid);
    paypal.approve(orderId, 'paid');
    const event = paypal.webhooks.lost.findLast((e) => e.event_type === 'CHECKOUT.ORDER.APPROVED')!;
    const real = paypal.webhooks.sign(event, paypal.base);
    await paypal.webhooks.idle();
    const verified = verifyCalls();

    // More forgeries than the budget that the checks refuse: none spends it.
    const cheap = webhookForgeries(real);
    const refused: number[] = [];
    for (let i = 0; i < 3 * WEBHOOKS; i++)
      refused.push((await send(cheap[i % cheap.length]!.body, cheap[i % cheap.length]!.headers, FORGER)).statusCode);
    expect(refused.filter((status) => status === 429)).toEqual([]);
    expect(verifyCalls()).toBe(verified);

    // Forgeries that pass them (this site's order, PayPal's headers, a made-up signature): one verify call each, up to the budget.
    const forged = { ...real.headers, 'paypal-transmission-sig': 'bm90IHRoZSBzaWduYXR1cmU=' };
    for (let i = 0; i < WEBHOOKS; i++) expect((await send(real.body, forged, FORGER)).statusCode).toBe(400);
    expect(verifyCalls()).toBe(verified + WEBHOOKS);
    const limited = await send(real.body, forged, FORGER);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many webhook events in a short time; try again in \d+ (seconds?|minute)$/);
    expect(verifyCalls()).toBe(verified + WEBHOOKS);
    expect(await t.payments.find(orderId)).toMatchObject({ status: 'created' });

    // PayPal's own event from its address is not held up by the forger's.
    const genuine = await send(real.body, real.headers, PAYPAL);
    expect([genuine.statusCode, genuine.json()]).toEqual([200, { event: 'CHECKOUT.ORDER.APPROVED', outcome: 'captured' }]);
    await paypal.webhooks.idle();

    // The forger's address still has its whole writes budget, WRITE_RATE_LIMIT as before.
    const logout = () => t.app.inject({ method: 'POST', url: '/api/auth/logout', remoteAddress: FORGER });
    for (let i = 0; i < WRITES; i++) expect((await logout()).statusCode).toBe(204);
    expect((await logout()).statusCode).toBe(429);
  });

  it('keeps the likes and edits budget at WRITE_RATE_LIMIT per user', async () => {
    const song = await buildSong(t.db);
    const fan = await buildUser(t.db);
    const like = (method: 'POST' | 'DELETE') =>
      t.app.inject({ method, url: `/api/media/${song.id}/like`, headers: fan.headers, remoteAddress: PAYPAL });
    for (let i = 0; i < WRITES; i++) expect((await like(i % 2 === 0 ? 'POST' : 'DELETE')).statusCode).toBe(200);
    const limited = await like('POST');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many changes in a short time/);
    const edit = await t.app.inject({ method: 'POST', url: `/api/media/${song.id}`, payload: { lyrics: 'x' }, headers: fan.headers });
    expect(edit.statusCode).toBe(429);
  });
});
