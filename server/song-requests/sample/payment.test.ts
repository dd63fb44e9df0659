import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorSchema } from '../../../common/api';
import type { EventPayload } from '../../events';
import { createSandboxedApp } from '../../sandbox/testing';
import { buildAdmin, buildUser } from '../../testing/users';
import { FIXTURE, fixtureBytes, sampleSteps } from './testing';

const now = new Date('2026-03-01T12:00:00Z');
// The paid path without the hold (approval has its own tests: song-requests/lifecycle).
const t = await createSandboxedApp({ now: () => now, env: { SAMPLES_REQUIRE_APPROVAL: 'false' } });
const steps = sampleSteps(t);
const paypal = t.state.paypal;
const admin = await buildAdmin(t.db);
const member = await buildUser(t.db);
const OVERLAY_KEY = t.config.overlayKey!;

const paid: EventPayload<'sample.paid'>[] = [];
const replayed: EventPayload<'sample.replayed'>[] = [];
t.events.subscribe('sample.paid', ({ payload }) => void paid.push(payload));
t.events.subscribe('sample.replayed', ({ payload }) => void replayed.push(payload));

afterEach(async () => {
  await paypal.webhooks.idle();
});

async function paidSample(file: string = FIXTURE.webm6.file) {
  const sid = await steps.validate('Night-Owl', file);
  const orderId = await steps.order(sid);
  paypal.approve(orderId, 'paid');
  const res = await steps.capture(sid, orderId);
  expect(res.statusCode, res.body).toBe(200);
  return { sid, orderId, result: steps.parseCaptured(res.json()) };
}

const replay = (id: number | string, headers: Record<string, string> = admin.headers) =>
  t.app.inject({ method: 'POST', url: `/api/requests/flip/replay?id=${id}`, headers });
const audio = (id: number, query = '', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/requests/recording/${id}/audio${query}`, headers });

describe('paying for a sample', () => {
  it('orders the measured price, then the capture makes it a paid sample in the history, announced once', async () => {
    const sid = await steps.validate('Night-Owl', FIXTURE.webm11.file);
    const orderId = await steps.order(sid);
    expect(paypal.orders.get(orderId).amount).toEqual({ currency_code: 'USD', value: '15.00' });
    paypal.approve(orderId, 'paid');
    const res = await steps.capture(sid, orderId);
    expect(res.statusCode, res.body).toBe(200);
    const result = steps.parseCaptured(res.json());
    const rows = await steps.rowsOf(sid);
    expect(result).toMatchObject({
      sampleId: String(rows.request.id),
      orderId,
      transactionId: paypal.orders.get(orderId).capture!.id,
      // The history row: the banner's "Follow your request" opens its receipt.
      requestId: rows.history[0]!.id,
    });
    expect(rows.request.state).toBe('paid');
    expect(rows.history).toMatchObject([{ sampleRequestId: rows.request.id, username: 'Night-Owl', title: 'Voice sample (11.4 s)' }]);
    await vi.waitFor(() => expect(paid).toContainEqual({ sampleRequestId: rows.request.id }));
    // The webhook settles it again: nothing new, no second announcement.
    await paypal.webhooks.idle();
    expect(paid.filter((p) => p.sampleRequestId === rows.request.id)).toHaveLength(1);
    const history = await t.app.inject({ method: 'GET', url: '/api/requests/history' });
    expect(history.json().content[0]).toMatchObject({ id: rows.history[0]!.id, sampleRequestId: rows.request.id });
  });
});

describe('a refunded sample', () => {
  it('is marked refunded with its history row, is no longer served, and cannot be replayed', async () => {
    const { sid, orderId, result } = await paidSample(FIXTURE.webm1.file);
    await paypal.webhooks.idle();
    paypal.refund(orderId, 'REFUNDED');
    await paypal.webhooks.idle();
    const rows = await steps.rowsOf(sid);
    expect([rows.request.state, ...rows.history.map((r) => r.state)]).toEqual(['refunded', 'refunded']);
    expect((await audio(Number(result.sampleId), '', admin.headers)).statusCode).toBe(404);
    expect((await replay(rows.history[0]!.id)).statusCode).toBe(400);
    // Paid once (and refunded since): a new order for it would take the money a second time.
    const again = await t.app.inject({ method: 'POST', url: '/api/requests/recording/create', payload: { sid } });
    expect(again.statusCode, again.body).toBe(409);
  });
});

describe('POST /api/requests/flip/replay', () => {
  it("publishes the history item's sample again, counting replays", async () => {
    const { result } = await paidSample();
    const sampleId = Number(result.sampleId);
    const item = (await t.app.inject({ method: 'GET', url: '/api/requests/history' }))
      .json()
      .content.find((r: { sampleRequestId: number | null }) => r.sampleRequestId === sampleId);
    expect((await replay(item.id)).statusCode).toBe(204);
    expect((await replay(item.id)).statusCode).toBe(204);
    await vi.waitFor(() => expect(replayed.filter((r) => r.sampleRequestId === sampleId).map((r) => r.replays)).toEqual([1, 2]));
  });

  it('answers 404 for an unknown id, 400 for an item without a sample, 401/403 for non-admins', async () => {
    expect((await replay(999_999)).statusCode).toBe(404);
    const flip = await t.app.inject({
      method: 'POST',
      url: '/api/requests/flip/validate',
      payload: { mediaUrl: 'https://youtu.be/aB3-_xYz901', username: 'Flipper' },
    });
    expect(flip.statusCode, flip.body).toBe(200);
    const flipSid = flip.json().sid;
    const orderId = (await t.app.inject({ method: 'POST', url: '/api/requests/flip/create', payload: { sid: flipSid } })).json().id;
    paypal.approve(orderId, 'paid');
    expect((await t.app.inject({ method: 'POST', url: '/api/requests/flip/capture', payload: { sid: flipSid, orderId } })).statusCode).toBe(
      200,
    );
    const flipItem = (await t.app.inject({ method: 'GET', url: '/api/requests/history?title=' }))
      .json()
      .content.find((r: { sampleRequestId: number | null; username: string }) => r.username === 'Flipper');
    const res = await replay(flipItem.id);
    expect(res.statusCode).toBe(400);
    expect(errorSchema.parse(res.json()).message).toBe('This request has no sample to replay');
    expect((await replay(flipItem.id, {})).statusCode).toBe(401);
    expect((await replay(flipItem.id, member.headers)).statusCode).toBe(403);
  });
});

describe('GET /api/requests/recording/{id}/audio', () => {
  it('serves a paid recording to admins and the overlay key, and to nobody else', async () => {
    const { result } = await paidSample(FIXTURE.webm1.file);
    const id = Number(result.sampleId);
    for (const res of [await audio(id, '', admin.headers), await audio(id, `?key=${OVERLAY_KEY}`)]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('audio/webm');
      expect(Buffer.compare(res.rawPayload, fixtureBytes(FIXTURE.webm1.file))).toBe(0);
    }
    expect((await audio(id)).statusCode).toBe(403);
    expect((await audio(id, '', member.headers)).statusCode).toBe(403);
    expect((await audio(id, '?key=not-the-overlay-key')).statusCode).toBe(403);
  });

  it('does not serve an unpaid recording', async () => {
    const sid = await steps.validate();
    const { request } = await steps.rowsOf(sid);
    expect((await audio(request.id, '', admin.headers)).statusCode).toBe(404);
  });
});
