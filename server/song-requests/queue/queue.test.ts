import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { QUEUE_PATHS, type Queue, queueSchema } from '../../../common/queue';
import { flipQueue, songRequests } from '../../db/schema';
import { connectSocket, type SocketClient, socketUrl } from '../../realtime/testing';
import { createSandboxedApp } from '../../sandbox/testing';
import { buildAdmin, buildUser } from '../../testing/users';
import { flipSteps } from '../flip/testing';
import { seedQueuedFlips } from './testing';

/**
 * The flip queue over HTTP and its socket, on a real listening app: the first message is the queue,
 * and a payment, NEXT and Set playing each reach a connected client.
 */

const t = await createSandboxedApp({ heartbeatMs: 50 });
const flip = flipSteps(t);
const admin = await buildAdmin(t.db);
const member = await buildUser(t.db);
const OWN = t.config.publicUrl;

const sockets: SocketClient[] = [];
afterEach(async () => {
  for (const client of sockets.splice(0)) client.socket.terminate();
  // Each test starts from an empty queue.
  await t.db
    .update(flipQueue)
    .set({ state: 'played' })
    .where(inArray(flipQueue.state, ['queued', 'playing']));
});

const open = (origin = OWN) => {
  const client = connectSocket(socketUrl(t.origin, QUEUE_PATHS.socket), { origin });
  sockets.push(client);
  return client;
};
const readQueue = async (): Promise<Queue> => queueSchema.parse((await t.app.inject({ url: QUEUE_PATHS.queue })).json());
const next = (id?: number, user = admin) =>
  t.app.inject({ method: 'POST', url: `${QUEUE_PATHS.next}${id === undefined ? '' : `?id=${id}`}`, headers: user.headers });
const titles = (queue: unknown) => (queue as Queue).map((item) => `${item.nowPlaying ? '>' : ''}${item.title}`);

describe('the flip queue', () => {
  it('answers what plays first, then the queued items oldest first, in the shape of spec 3', async () => {
    expect(await readQueue()).toEqual([]);
    await seedQueuedFlips(t.db, 3);
    expect((await next()).statusCode).toBe(200);
    const queue = await readQueue();
    expect(titles(queue)).toEqual(['>Seeded flip 1', 'Seeded flip 2', 'Seeded flip 3']);
    expect(queue[1]).toEqual({
      id: expect.any(Number),
      mediaId: 'vid00000001',
      mediaUrl: 'https://www.youtube.com/watch?v=vid00000001',
      title: 'Seeded flip 2',
      username: 'fan-2',
      nowPlaying: false,
    });
  });

  it('sends the queue on connect, then the whole queue after a payment', async () => {
    await seedQueuedFlips(t.db, 1);
    const client = open();
    expect(titles(await client.message(1))).toEqual(['Seeded flip 1']);
    const sid = await flip.validate('Night-Owl');
    const orderId = await flip.order(sid);
    t.state.paypal.approve(orderId, 'paid');
    expect((await flip.capture(sid, orderId)).statusCode).toBe(200);
    const pushed = (await client.next((m) => (m as Queue).length === 2)).message as Queue;
    expect(pushed[1]).toMatchObject({ mediaId: 'aB3-_xYz901', username: 'Night-Owl', nowPlaying: false });
    await t.state.paypal.webhooks.idle();
  });

  it('NEXT and Set playing reach a connected client; the history follows the states', async () => {
    await seedQueuedFlips(t.db, 3);
    const client = open();
    const first = (await client.message(1)) as Queue;
    expect(titles(first)).toEqual(['Seeded flip 1', 'Seeded flip 2', 'Seeded flip 3']);

    const answered = await next();
    expect(titles(answered.json())).toEqual(['>Seeded flip 1', 'Seeded flip 2', 'Seeded flip 3']);
    expect((await client.next()).message).toEqual(answered.json());

    const third = first[2]!.id;
    const promoted = await next(third);
    expect(titles(promoted.json())).toEqual(['>Seeded flip 3', 'Seeded flip 2']);
    expect((await client.next()).message).toEqual(promoted.json());

    const states = await t.db
      .select({ id: flipQueue.id, queue: flipQueue.state, history: songRequests.state })
      .from(flipQueue)
      .innerJoin(songRequests, eq(songRequests.id, flipQueue.songRequestId))
      .where(
        inArray(
          flipQueue.id,
          first.map((item) => item.id),
        ),
      );
    const byId = new Map(states.map((row) => [row.id, [row.queue, row.history]]));
    expect(first.map((item) => byId.get(item.id))).toEqual([
      ['played', 'played'],
      ['queued', 'queued'],
      ['playing', 'playing'],
    ]);
  });

  it('answers 404 for an id that is not queued, and changes nothing', async () => {
    await seedQueuedFlips(t.db, 2);
    const playing = (await next()).json() as Queue;
    expect((await next(playing[0]!.id)).statusCode).toBe(404);
    expect((await next(999_999)).json()).toMatchObject({ statusCode: 404, message: 'This request is not in the queue' });
    expect(await readQueue()).toEqual(playing);
  });

  it('NEXT on an empty queue answers the empty queue and announces nothing', async () => {
    const client = open();
    expect(await client.message(1)).toEqual([]);
    const version = await t.queue.version();
    const answered = await next();
    expect([answered.statusCode, answered.json()]).toEqual([200, []]);
    expect(await t.queue.version()).toBe(version);
  });

  it('advances one item per press when admins press NEXT at once: nothing skipped, nothing played twice', async () => {
    await seedQueuedFlips(t.db, 6);
    const before = await readQueue();
    const answers = await Promise.all(Array.from({ length: 4 }, () => next()));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    // The presses ran in turn: each answer is one step further than another's.
    expect(answers.map((a) => (a.json() as Queue)[0]!.title).sort()).toEqual([
      'Seeded flip 1',
      'Seeded flip 2',
      'Seeded flip 3',
      'Seeded flip 4',
    ]);
    expect(titles(await readQueue())).toEqual(['>Seeded flip 4', 'Seeded flip 5', 'Seeded flip 6']);
    const rows = await t.db
      .select()
      .from(flipQueue)
      .where(
        inArray(
          flipQueue.id,
          before.map((item) => item.id),
        ),
      );
    expect(rows.filter((row) => row.state === 'played')).toHaveLength(3);
    expect(rows.filter((row) => row.state === 'playing')).toHaveLength(1);
  });

  it('two admins setting the same item playing at once play it once', async () => {
    await seedQueuedFlips(t.db, 3);
    const target = (await readQueue())[1]!.id;
    const answers = await Promise.all([next(target), next(target)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    expect(titles(await readQueue())).toEqual(['>Seeded flip 2', 'Seeded flip 1', 'Seeded flip 3']);
  });

  it('lets only admins press NEXT', async () => {
    expect((await t.app.inject({ method: 'POST', url: QUEUE_PATHS.next })).statusCode).toBe(401);
    expect((await next(undefined, member)).statusCode).toBe(403);
  });

  it('refuses a socket from a page of another site', async () => {
    const foreign = open('https://evil.example');
    expect(await foreign.refused).toMatchObject({ status: 403 });
  });

  it('drops a client that stops answering heartbeats, and keeps one that answers', async () => {
    const dead = connectSocket(socketUrl(t.origin, QUEUE_PATHS.socket), { origin: OWN, autoPong: false });
    const live = open();
    sockets.push(dead);
    await Promise.all([dead.message(1), live.message(1)]);
    // Terminated without a close frame: 1006 on the client's side.
    expect((await dead.closed).code).toBe(1006);
    expect(live.socket.readyState).toBe(live.socket.OPEN);
  });
});
