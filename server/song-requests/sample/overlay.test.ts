import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_OVERLAY_KEY, OVERLAY_PATHS, type SamplePlays, samplePlaysSchema } from '../../../common/overlays';
import { connectSocket, type SocketClient, socketUrl } from '../../realtime/testing';
import { createSandboxedApp } from '../../sandbox/testing';
import { buildAdmin, buildUser } from '../../testing/users';
import { FIXTURE, sampleSteps } from './testing';

/** The sample player's socket: the latest plays on connect, and again after each payment or replay. */

let now = new Date('2026-03-01T12:00:00Z');
// The paid path without the hold (approval has its own tests: song-requests/lifecycle).
const t = await createSandboxedApp({ now: () => now, env: { SAMPLES_REQUIRE_APPROVAL: 'false' } });
const steps = sampleSteps(t);
const paypal = t.state.paypal;
const admin = await buildAdmin(t.db);
const sockets: SocketClient[] = [];
afterAll(() => {
  for (const client of sockets) client.socket.terminate();
});

const open = (key = DEMO_OVERLAY_KEY) => {
  const client = connectSocket(socketUrl(t.origin, `${OVERLAY_PATHS.samplesSocket}?key=${encodeURIComponent(key)}`), {
    origin: t.config.publicUrl,
  });
  sockets.push(client);
  return client;
};
const keysOf = (message: unknown) => samplePlaysSchema.parse(message).plays.map((p) => p.key);

async function paidSample(username: string) {
  const sid = await steps.validate(username, FIXTURE.webm1.file);
  const orderId = await steps.order(sid);
  paypal.approve(orderId, 'paid');
  const res = await steps.capture(sid, orderId);
  expect(res.statusCode, res.body).toBe(200);
  now = new Date(now.getTime() + 1000);
  return Number(steps.parseCaptured(res.json()).sampleId);
}

describe('WebSocket /api/ws/overlays/samples', () => {
  it('refuses a wrong key, over the socket and over HTTP', async () => {
    expect((await open('wrong').refused).status).toBe(403);
    expect((await t.app.inject({ url: `${OVERLAY_PATHS.samples}?key=wrong` })).statusCode).toBe(403);
    expect((await t.app.inject({ url: OVERLAY_PATHS.samples })).statusCode).toBe(403);
  });

  it('sends the plays on connect, then each paid sample and each replay, oldest first', async () => {
    const first = await paidSample('Early-Bird');
    const player = open();
    expect(keysOf(await player.message(1))).toEqual([`${first}:0`]);

    const paidNext = player.next((m) => keysOf(m).length === 2);
    const second = await paidSample('Night-Owl');
    const { message } = await paidNext;
    const plays = (message as SamplePlays).plays;
    expect(plays.map((p) => [p.key, p.username])).toEqual([
      [`${first}:0`, 'Early-Bird'],
      [`${second}:0`, 'Night-Owl'],
    ]);

    const history = (await t.app.inject({ url: '/api/requests/history' })).json().content as { id: number; sampleRequestId: number }[];
    const firstItem = history.find((h) => h.sampleRequestId === first)!;
    const replayed = player.next((m) => keysOf(m).includes(`${first}:1`));
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/requests/flip/replay?id=${firstItem.id}`, headers: admin.headers })).statusCode,
    ).toBe(204);
    expect(keysOf((await replayed).message)).toEqual([`${first}:0`, `${second}:0`, `${first}:1`]);
    // A player that reconnects hears the same plays again: nothing missed while away.
    expect(keysOf(await open().message(1))).toEqual([`${first}:0`, `${second}:0`, `${first}:1`]);
    const read = await t.app.inject({ url: `${OVERLAY_PATHS.samples}?key=${DEMO_OVERLAY_KEY}` });
    expect(keysOf(read.json())).toEqual([`${first}:0`, `${second}:0`, `${first}:1`]);
  });

  it('asks every open player for a test sound (admins only)', async () => {
    const player = open();
    await player.message(1);
    const member = await buildUser(t.db);
    const test = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: OVERLAY_PATHS.samplesTest, headers });
    expect((await test({})).statusCode).toBe(401);
    expect((await test(member.headers)).statusCode).toBe(403);
    const asked = player.next((m) => samplePlaysSchema.parse(m).test !== undefined);
    expect((await test(admin.headers)).statusCode).toBe(204);
    const { message } = await asked;
    expect(samplePlaysSchema.parse(message).test).toMatch(/^[0-9a-f-]{36}$/);
  });
});
