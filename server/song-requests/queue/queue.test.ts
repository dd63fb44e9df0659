import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { QUEUE_PATHS, type Queue, queueSchema } from '../../../common/queue';
import { flipQueue, songRequests } from '../../db/schema';
import { connectSocket, type SocketClient, socketUrl } from '../../realtime/testing';
import { createSandboxedApp } from '../../sandbox/testing';
import { buildAdmin, buildUser } from '../../testing/users';
import { flipSteps } from '../flip/testing';
import { createQueueFeed } from './service';
import { seedQueuedFlips } from './testing';

/**
 * The flip queue over HTTP and its socket, on a real listening app: the first message is the queue,
 * and a payment, NEXT and Set playing each reach a connected client, in order. Waits fail when the
 * socket closes and are never timed (realtime/testing.ts); heartbeats are the gateway's, tested in
 * realtime/gateway.test.ts for every channel, so this app keeps the production period: a shortened
 * one dropped live clients whenever a busy machine stalled the process for longer than it.
 */

const t = await createSandboxedApp();
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
/** The successive states of a list, a repeat of the one before left out. */
const inTurn = <T>(states: T[]) => states.filter((state, i) => i === 0 || JSON.stringify(state) !== JSON.stringify(states[i - 1]));

describe('the flip queue', () => {
  it('answers what plays first, then the queued items oldest first, in the shape of spec 3', async () => {
    expect(await readQueue()).toEqual([]);
    await seedQueuedFlips(t.db, 3);
    expect((await next()).statusCode).toBe(200);
    const queue = await readQueue();
    expect(titles(queue)).toEqual(['>Seeded flip 1', 'Seeded flip 2', 'Seeded flip 3']);
    expect(queue[1]).toEqual({
      id: expect.any(Number),
      requestId: expect.any(Number),
      mediaId: 'vid00000001',
      mediaUrl: 'https://www.youtube.com/watch?v=vid00000001',
      title: 'Seeded flip 2',
      username: 'fan-2',
      nowPlaying: false,
    });
  });

  it('sends the queue on connect, then the whole queue after a payment and after its refund, in that order', async () => {
    await seedQueuedFlips(t.db, 1);
    const client = open();
    expect(titles(await client.message(1))).toEqual(['Seeded flip 1']);
    const sid = await flip.validate('Night-Owl');
    const orderId = await flip.order(sid);
    // Listening before paying: the approval's webhook may settle before the capture call answers.
    const paid = client.next((m) => (m as Queue).length === 2);
    t.state.paypal.approve(orderId, 'paid');
    expect((await flip.capture(sid, orderId)).statusCode).toBe(200);
    const pushed = (await paid).message as Queue;
    expect(pushed[1]).toMatchObject({ mediaId: 'aB3-_xYz901', username: 'Night-Owl', nowPlaying: false });
    await t.state.paypal.webhooks.idle();

    // The refund's webhook takes it out of the queue (flip's onReversed), and the socket hears it.
    const refunded = client.next((m) => (m as Queue).length === 1);
    t.state.paypal.refund(orderId, 'REFUNDED');
    expect(titles((await refunded).message)).toEqual(['Seeded flip 1']);
    await t.state.paypal.webhooks.idle();
    // Every message is the whole queue as it was then: a coalesced re-read may send one twice, never out of order.
    expect(inTurn(client.messages.map(titles))).toEqual([['Seeded flip 1'], titles(pushed), ['Seeded flip 1']]);
  });

  it('pushes a change announced while the feed is reading: the read delivers, then one more read has the change', async () => {
    await seedQueuedFlips(t.db, 1);
    // The feed the app builds (createQueueFeed over the queue's read), subscribed to the bus as
    // registerQueue does, with a gate between its first read and that read's delivery.
    let openGate = () => {};
    let firstReadDone = () => {};
    const reading = new Promise<void>((resolve) => (firstReadDone = resolve));
    let reads = 0;
    const feed = createQueueFeed(async () => {
      const queue = await t.queue.read();
      if (++reads === 1) {
        firstReadDone();
        await new Promise<void>((resolve) => (openGate = resolve));
      }
      return queue;
    }, t.app.log);
    const delivered: Queue[] = [];
    feed.watch(
      (queue) => delivered.push(queue),
      () => true,
    );
    let heard = () => {};
    const announced = new Promise<void>((resolve) => (heard = resolve));
    const off = t.app.events.subscribe('queue.changed', () => {
      void feed.refresh();
      heard();
    });
    try {
      const first = feed.refresh();
      await reading;
      // NEXT commits while the first read holds the queue as it was; its queue.changed comes through
      // the real NOTIFY and LISTEN (PGlite's or PostgreSQL's) while that read has not delivered yet.
      expect((await next()).statusCode).toBe(200);
      await announced;
      expect(delivered).toEqual([]);
      openGate();
      await first;
      expect(delivered.map(titles)).toEqual([['Seeded flip 1'], ['>Seeded flip 1']]);
      expect(reads).toBe(2);
    } finally {
      off();
    }
  });

  it('NEXT and Set playing reach a connected client; the history follows the states', async () => {
    await seedQueuedFlips(t.db, 3);
    const client = open();
    const first = (await client.message(1)) as Queue;
    expect(titles(first)).toEqual(['Seeded flip 1', 'Seeded flip 2', 'Seeded flip 3']);

    // Listening before pressing: the push may arrive before the answer.
    const heard = client.next();
    const answered = await next();
    expect(titles(answered.json())).toEqual(['>Seeded flip 1', 'Seeded flip 2', 'Seeded flip 3']);
    expect((await heard).message).toEqual(answered.json());

    const third = first[2]!.id;
    const heardAgain = client.next();
    const promoted = await next(third);
    expect(titles(promoted.json())).toEqual(['>Seeded flip 3', 'Seeded flip 2']);
    expect((await heardAgain).message).toEqual(promoted.json());

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
});
