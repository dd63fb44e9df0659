import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUEUE_FULL_MESSAGE } from '../../../common/request-limits';
import { songRequests, songRequestTransitions } from '../../db/schema';
import { TURNED_AWAY } from '../../payments/paid-kind';
import { createSandboxedApp } from '../../sandbox/testing';
import { flipSteps } from '../flip/testing';
import { sampleSteps } from '../sample/testing';

/**
 * A limit reached between VERIFY and the capture (two tabs verified together): the money is kept
 * only if the request can be honoured; otherwise the request is written rejected by the server, its
 * capture refunded at once, and the buyer told why instead of the success banner.
 */

const t = await createSandboxedApp({
  env: { WRITE_RATE_LIMIT: '100000', REQUEST_LIMIT_PER_BUYER: '1', QUEUE_MAX: '3', SAMPLES_REQUIRE_APPROVAL: 'false' },
});
const paypal = t.state.paypal;
const flip = flipSteps(t);
const sample = sampleSteps(t);

afterEach(async () => {
  await paypal.webhooks.idle();
  // Each test starts with nothing open.
  await t.db.update(songRequests).set({ state: 'played' });
});

async function pay(steps: typeof flip | typeof sample, sid: string) {
  const orderId = await steps.order(sid);
  paypal.approve(orderId, 'paid');
  return { orderId, res: await steps.capture(sid, orderId) };
}

const refundedCents = (orderId: string) => paypal.orders.get(orderId).capture!.refundedCents;

describe('a limit reached between VERIFY and the capture', () => {
  it('the second of two tabs is refunded at once and told why; the first is served', async () => {
    const first = await flip.validate('Two-Tabs');
    const second = await flip.validate('Two-Tabs');
    expect((await pay(flip, first)).res.statusCode).toBe(200);
    const late = await pay(flip, second);
    expect(late.res.statusCode).toBe(409);
    expect(late.res.json().message).toMatch(/^You have 1 request waiting or playing, .*/);
    expect(late.res.json().message).toContain(TURNED_AWAY);
    await vi.waitFor(async () => expect(refundedCents(late.orderId)).toBe(2000));
    await paypal.webhooks.idle();
    const [history] = (await flip.rowsOf(second)).history;
    expect(history!.state).toBe('refunded');
    const trail = await t.db.select().from(songRequestTransitions).where(eq(songRequestTransitions.songRequestId, history!.id));
    expect(trail.map((row) => [row.fromState, row.toState, row.actor])).toEqual([
      [null, 'rejected', 'system'],
      ['rejected', 'refunded', 'paypal'],
    ]);
    // Nothing of it reached the queue.
    expect((await flip.rowsOf(second)).queue.map((row) => row.state)).toEqual(['refunded']);
  });

  it('a sample paid while the queue filled up is refunded and never reaches the player', async () => {
    const sids = [await sample.validate('Fan-A'), await sample.validate('Fan-B'), await sample.validate('Fan-C')];
    const last = await sample.validate('Fan-D');
    for (const sid of sids) expect((await pay(sample, sid)).res.statusCode).toBe(200);
    const late = await pay(sample, last);
    expect(late.res.statusCode).toBe(409);
    expect(late.res.json().message).toBe(`${QUEUE_FULL_MESSAGE} ${TURNED_AWAY}`);
    await vi.waitFor(async () => expect(refundedCents(late.orderId)).toBe(1000));
    await paypal.webhooks.idle();
    const rows = await sample.rowsOf(last);
    expect([rows.request.state, rows.history[0]!.state]).toEqual(['refunded', 'refunded']);
  });
});
