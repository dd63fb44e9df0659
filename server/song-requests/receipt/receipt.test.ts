import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { QUEUE_PATHS } from '../../../common/queue';
import { RECEIPT_PATHS, type Receipt, receiptSchema } from '../../../common/receipt';
import { REQUEST_LIFECYCLE_PATHS } from '../../../common/request-states';
import { type SongRequest, songRequestSchema } from '../../../common/requests';
import { songRequests } from '../../db/schema';
import { pollLive } from '../../live/poll';
import { connectSocket, socketUrl } from '../../realtime/testing';
import { createSandboxedApp } from '../../sandbox/testing';
import { buildAdmin } from '../../testing/users';
import { requestPayer } from '../testing';

/**
 * The fan's receipt (issue 20) through the routes, the PayPal stand-in and the sandbox's Twitch: a
 * paid request's place and ETA move as the queue does, at the pace the streamer has played requests
 * (a test clock, never a wait), its timeline records each state, a rejection ends refunded, and a
 * request played while live points into the stream's recording once the sync brings it.
 */

let now = new Date('2026-03-01T12:00:00Z');
const later = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};
const t = await createSandboxedApp({
  now: () => now,
  env: { FLIPS_REQUIRE_APPROVAL: 'false', SAMPLES_REQUIRE_APPROVAL: 'true', REQUEST_SLOT_MINUTES: '7' },
});
const paypal = t.state.paypal;
const admin = await buildAdmin(t.db);

afterEach(async () => {
  t.state.faults.clear();
  await paypal.webhooks.idle();
});

const paid = requestPayer(t);

async function receipt(id: number): Promise<Receipt> {
  const res = await t.app.inject({ url: RECEIPT_PATHS.api(id) });
  expect(res.statusCode, res.body).toBe(200);
  return receiptSchema.parse(res.json());
}

const post = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: admin.headers, payload });
const next = async () => expect((await post(QUEUE_PATHS.next)).statusCode).toBe(200);

/** The streamer's pace in these tests: a request every four minutes. */
const PACE = 240;

/** Plays every queued flip through NEXT at the pace: a clean queue for the next test, and a history at one pace. */
async function drainQueue() {
  for (let i = 0; i < 20; i++) {
    const queue = (await t.app.inject({ url: QUEUE_PATHS.queue })).json() as unknown[];
    if (queue.length === 0) return;
    await next();
    later(PACE);
  }
}

describe('a flip receipt', () => {
  it('answers what was paid, its place and REQUEST_SLOT_MINUTES per request ahead before any was played, with nothing private', async () => {
    const paidFlips = [];
    for (const name of ['Fan-One', 'Fan-Two', 'Fan-Three']) paidFlips.push(await paid('flip', name));
    const places = [];
    for (const { id } of paidFlips) places.push(await receipt(id));
    // Nothing plays: the first is next ("any minute now"), each one after it 7 minutes later.
    expect(places.map((r) => [r.username, r.position, r.etaSeconds])).toEqual([
      ['Fan-One', 1, 0],
      ['Fan-Two', 2, 420],
      ['Fan-Three', 3, 840],
    ]);

    const { id, orderId } = paidFlips[0]!;
    const body = (await t.app.inject({ url: RECEIPT_PATHS.api(id) })).body;
    const answer = receiptSchema.parse(JSON.parse(body));
    expect(answer).toMatchObject({ id, kind: 'flip', title: expect.any(String), amount: '20.00', currency: 'USD', status: 'queued' });
    expect(answer.videoId).toBe('aB3-_xYz901');
    expect(answer.timeline).toEqual([{ status: 'queued', at: now.toISOString() }]);
    expect(body).not.toContain(orderId);
    expect(body).not.toContain(paypal.orders.get(orderId).capture!.id);
    const shown = [
      'id',
      'kind',
      'title',
      'videoId',
      'thumbnailUrl',
      'username',
      'amount',
      'currency',
      'status',
      'position',
      'etaSeconds',
      'timeline',
    ];
    expect(Object.keys(JSON.parse(body)).sort()).toEqual(shown.sort());

    const missing = await t.app.inject({ url: RECEIPT_PATHS.api(987_654) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Unknown request 987654' });
    expect((await t.app.inject({ url: '/api/requests/abc/receipt' })).statusCode).toBe(404);
    await drainQueue();
  });

  it('learns the pace from plays, and a NEXT moves every place and ETA; a late request is due now, never in the past', async () => {
    // Three plays four minutes apart: the pace is 240 s, not the 7-minute slot.
    const ahead = [await paid('flip', 'Pace-A'), await paid('flip', 'Pace-B'), await paid('flip', 'Pace-C')];
    const mine = await paid('flip', 'Pace-Mine');
    const behind = await paid('flip', 'Pace-Behind');
    for (const _ of ahead) {
      await next();
      later(PACE);
    }
    // Pace-C began playing 240 s ago: Mine is next, due now; Behind one pace later.
    expect(await receipt(mine.id)).toMatchObject({ status: 'queued', position: 1, etaSeconds: 0 });
    expect(await receipt(behind.id)).toMatchObject({ position: 2, etaSeconds: 240 });

    await next();
    const playing = await receipt(mine.id);
    expect(playing.status).toBe('playing');
    expect(playing.position).toBeUndefined();
    expect(playing.etaSeconds).toBeUndefined();
    expect(await receipt(behind.id)).toMatchObject({ position: 1, etaSeconds: 240 });
    later(90);
    expect(await receipt(behind.id)).toMatchObject({ position: 1, etaSeconds: 150 });
    later(600);
    expect(await receipt(behind.id)).toMatchObject({ position: 1, etaSeconds: 0 });

    await next();
    const played = await receipt(mine.id);
    expect(played.status).toBe('played');
    expect(played.timeline.map((step) => step.status)).toEqual(['queued', 'playing', 'played']);
    await drainQueue();
  });

  it('says a rejected request was refunded, and shows the reason only when the admin chose to', async () => {
    const quiet = await paid('flip', 'Quiet-Fan');
    const told = await paid('flip', 'Told-Fan');
    expect((await post(REQUEST_LIFECYCLE_PATHS.reject(quiet.id), { reason: 'private note' })).statusCode).toBe(200);
    expect((await post(REQUEST_LIFECYCLE_PATHS.reject(told.id), { reason: 'Not a song', showReason: true })).statusCode).toBe(200);
    await paypal.webhooks.idle();
    const quietReceipt = await receipt(quiet.id);
    expect(quietReceipt).toMatchObject({ status: 'refunded' });
    expect(quietReceipt.rejectReason).toBeUndefined();
    expect(JSON.stringify(quietReceipt)).not.toContain('private note');
    expect(quietReceipt.timeline.map((step) => step.status)).toEqual(['queued', 'rejected', 'refunded']);
    expect(await receipt(told.id)).toMatchObject({ status: 'refunded', rejectReason: 'Not a song' });
  });
});

describe('a sample receipt', () => {
  it('waits held with an ETA and no place, then queued for the player, then played', async () => {
    const { id } = await paid('sample');
    const held = await receipt(id);
    expect(held).toMatchObject({ kind: 'sample', status: 'held', amount: expect.stringMatching(/^\d+\.00$/) });
    expect(held.position).toBeUndefined();
    expect(held.etaSeconds).toBeGreaterThanOrEqual(0);
    expect(held.videoId).toBeUndefined();
    expect((await post(REQUEST_LIFECYCLE_PATHS.approve(id))).statusCode).toBe(200);
    expect(await receipt(id)).toMatchObject({ status: 'queued', position: 1, etaSeconds: 0 });
  });
});

describe('the receipt socket', () => {
  it('sends the receipt on connect and again as the queue moves it, and refuses an unknown id', async () => {
    const ahead = await paid('flip', 'Sock-Ahead');
    const mine = await paid('flip', 'Sock-Mine');
    const client = connectSocket(socketUrl(t.origin, `${RECEIPT_PATHS.socket}?id=${mine.id}`), { origin: t.config.publicUrl });
    expect(receiptSchema.parse(await client.message(1))).toMatchObject({ id: mine.id, status: 'queued', position: 2 });

    const first = client.next((message) => (message as Receipt).position === 1);
    await next();
    expect((await first).message).toMatchObject({ id: mine.id, status: 'queued', position: 1 });
    const playing = client.next((message) => (message as Receipt).status === 'playing');
    await next();
    expect((await playing).message).toMatchObject({ id: mine.id, status: 'playing' });
    expect(ahead.id).not.toBe(mine.id);
    client.socket.close();

    const unknown = connectSocket(socketUrl(t.origin, `${RECEIPT_PATHS.socket}?id=987654`), { origin: t.config.publicUrl });
    expect(await unknown.closed).toMatchObject({ reason: 'Unknown request 987654' });
    await drainQueue();
  });
});

describe('the moment on stream, and what it became', () => {
  it('links into the recording once the sync brings the stream it played in, on the receipt and the history row', async () => {
    const startedAt = new Date(now.getTime() - 30 * 60_000);
    t.state.goLive('Requests night', startedAt);
    await pollLive(t.db, t.clients().twitch!, t.state.twitchLogin);
    const { id } = await paid('flip', 'Moment-Fan');
    await next();
    // Played 30 minutes into the stream; no recording yet.
    expect((await receipt(id)).moment).toBeUndefined();
    later(20 * 60);
    t.state.goOffline(now);
    await pollLive(t.db, t.clients().twitch!, t.state.twitchLogin);
    await t.app.sync.run('test');

    const rows = await t.db.select().from(songRequests).where(eq(songRequests.id, id));
    expect(rows[0]).toMatchObject({ liveStartedAt: startedAt, playedAt: new Date(startedAt.getTime() + 30 * 60_000) });
    const moment = (await receipt(id)).moment;
    expect(moment).toMatchObject({ seconds: 30 * 60, url: expect.stringMatching(/^https:\/\/www\.twitch\.tv\/videos\/\d+\?t=0h30m0s$/) });
    const stream = (await t.app.inject({ url: `/api/streams/${moment!.streamId}` })).json() as { name: string };
    expect(stream.name).toBe('Requests night');
    const row = songRequestSchema.parse((await t.app.inject({ url: `/api/requests/history/${id}` })).json());
    expect(row.moment).toEqual(moment);
    const page = (await t.app.inject({ url: '/api/requests/history?username=Moment-Fan' })).json() as { content: SongRequest[] };
    expect(page.content[0]!.moment).toEqual(moment);
    await drainQueue();
  });

  it('a request played offline has no moment; the song an admin set is what it became', async () => {
    const { id } = await paid('flip', 'Offline-Fan');
    await next();
    const song = (await t.app.inject({ url: '/api/media?size=1' })).json() as { content: { id: number; name: string }[] };
    const target = song.content[0]!;
    expect((await post(`/api/requests/history/${id}`, { username: 'Offline-Fan', mediaId: target.id })).statusCode).toBe(200);
    const answer = await receipt(id);
    expect(answer.moment).toBeUndefined();
    expect(answer).toMatchObject({ mediaId: target.id, mediaName: target.name });
    await drainQueue();
  });
});
