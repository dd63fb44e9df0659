import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { RADIO_PATHS } from '../../common/constants';
import {
  type RadioClientMessage,
  type RadioCrowd,
  radioCrowdSchema,
  radioHistorySchema,
  radioTrackSchema,
  type Station,
  votesNeeded,
} from '../../common/radio';
import { CLOSE } from '../../common/realtime';
import { radioPlays } from '../db/schema';
import type { SocketClient } from '../realtime/testing';
import { testClock } from '../testing/clock';
import { buildUser, type TestUser } from '../testing/users';
import { readPlays } from './queries';
import { type Instance, radioDatabase, seedSongs, startInstance } from './testing';

/**
 * Reactions and votes to skip (issue 25) through real sockets on two instances on one database, as
 * behind a balancer: what one listener sends reaches the /radio pages (`crowd=1` sockets) of both,
 * counted on the play's row; a vote skips the track once enough logged-in listeners of the station,
 * wherever they are connected, voted. Waits are for messages, never for time; the reactions' one
 * second is the test clock's.
 */

const clock = testClock();
const database = await radioDatabase();
const a = await startInstance(database, clock.now);
const b = await startInstance(database, clock.now);
const db = a.context.database.db;
const admin = await buildUser(db, { admin: true });
await seedSongs(db, 10);
await Promise.all([a.context.radio.start(), b.context.radio.start()]);

const send = (client: SocketClient, message: RadioClientMessage) => client.socket.send(JSON.stringify(message));
const crowdWhere = (accept: (crowd: RadioCrowd) => boolean) => (message: unknown) => {
  const crowd = radioCrowdSchema.safeParse(message);
  return crowd.success && accept(crowd.data);
};
const isTrack = (message: unknown) => radioTrackSchema.safeParse(message).success;

/** A /radio page on `instance`, once it has its track. */
async function tuneIn(instance: Instance, station: Station, user?: TestUser): Promise<SocketClient> {
  const client = instance.tuneIn(station, user);
  await client.message(1);
  return client;
}

const playing = async (station: Station) => (await a.context.radio.radio.playing(station))!;

describe('votes needed', () => {
  it('are more than half of the logged-in listeners, and at least 3', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map(votesNeeded)).toEqual([3, 3, 3, 3, 3, 3, 4, 4, 5]);
  });
});

describe('reactions', () => {
  it('reach the pages of both instances with the track’s counts, and plain listeners get tracks only', async () => {
    const now = await playing('top');
    const pages = [await tuneIn(a, 'top'), await tuneIn(b, 'top')];
    const plain = b.listen('top');
    await plain.message(1);
    const seen = pages.map((page) => page.next(crowdWhere((c) => c.startedAt === now.track.startedAt && c.reactions.fire === 1)));
    send(pages[0]!, { type: 'react', reaction: 'fire' });
    for (const { message } of await Promise.all(seen)) {
      expect(message).toMatchObject({ type: 'crowd', station: 'top', reactions: { fire: 1, heart: 0, laugh: 0, clap: 0 } });
    }
    expect(plain.messages.every(isTrack)).toBe(true);
  });

  it('count one per listener per second, the rest dropped without closing the socket; the play keeps them', async () => {
    const now = await playing('top');
    const page = await tuneIn(a, 'top');
    const other = await tuneIn(b, 'top');
    clock.advance(1_000);
    const taken = () => {
      const { counted, dropped } = a.context.radio.crowd.stats();
      return counted + dropped;
    };
    const before = taken();
    // The clock stands still until the server took all three: only the first counts.
    send(page, { type: 'react', reaction: 'heart' });
    send(page, { type: 'react', reaction: 'laugh' });
    send(page, { type: 'react', reaction: 'laugh' });
    await vi.waitFor(() => expect(taken()).toBe(before + 3), { timeout: 20_000 });
    expect(a.context.radio.crowd.stats().dropped).toBeGreaterThanOrEqual(2);
    clock.advance(1_000);
    const seen = other.next(crowdWhere((c) => c.reactions.clap === 1));
    send(page, { type: 'react', reaction: 'clap' });
    // Messages of one socket are taken in order: once the clap is counted, so is everything before it.
    expect((await seen).message).toMatchObject({ startedAt: now.track.startedAt, reactions: { fire: 1, heart: 1, laugh: 0, clap: 1 } });
    const [row] = await db.select({ reactions: radioPlays.reactions }).from(radioPlays).where(eq(radioPlays.id, now.playId));
    expect(row!.reactions).toEqual({ fire: 1, heart: 1, clap: 1 });
    expect(page.socket.readyState).toBe(page.socket.OPEN);
  });

  it('a flood still closes the socket, as any socket’s', async () => {
    const page = await tuneIn(b, 'top');
    for (let i = 0; i < 25; i++) send(page, { type: 'react', reaction: 'fire' });
    expect(await page.closed).toEqual({ code: CLOSE.policyViolation, reason: 'Too many messages' });
  });

  it('anything else than a reaction or a vote of the right shape closes the socket', async () => {
    const page = await tuneIn(a, 'top');
    page.socket.send(JSON.stringify({ type: 'react', reaction: 'poop' }));
    expect((await page.closed).code).toBe(CLOSE.unsupportedData);
  });

  it('the history shows each track’s reactions once it has played', async () => {
    const reacted = await playing('top');
    const page = await tuneIn(a, 'top');
    const next = page.next(isTrack);
    const res = await b.app.inject({ method: 'POST', url: `${RADIO_PATHS.skip}?station=top`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    await next;
    // Whatever an instance received is written to the play it was for, even after the track ended.
    await Promise.all([a.context.radio.crowd.flush(), b.context.radio.crowd.flush()]);
    const history = radioHistorySchema.parse((await a.app.inject({ url: `${RADIO_PATHS.history}?station=top` })).json());
    expect(history[0]).toMatchObject({
      id: reacted.track.id,
      startedAt: reacted.track.startedAt,
      reactions: { fire: 2, heart: 1, laugh: 0, clap: 1 },
    });
    // (the flood's first reaction counted)
  });
});

const users = await Promise.all(Array.from({ length: 6 }, () => buildUser(db)));

describe('votes to skip', () => {
  const station = 'everything';
  const [u1, u2, u3, u4, u5, u6] = users as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];
  const pages = new Map<TestUser, SocketClient>();
  const join = async (instance: Instance, user: TestUser) => pages.set(user, await tuneIn(instance, station, user));
  const page = (user: TestUser) => pages.get(user)!;
  const vote = (user: TestUser, startedAt: string) => send(page(user), { type: 'vote', startedAt });
  /** The crowd every open page gets next that `accept` takes */
  const everyPage = (accept: (crowd: RadioCrowd) => boolean) =>
    Promise.all([...pages.values()].filter((p) => p.socket.readyState === p.socket.OPEN).map((p) => p.next(crowdWhere(accept))));

  it('need at least 3 votes: two logged-in listeners voting skip nothing', async () => {
    const now = await playing(station);
    const plays = (await readPlays(db, station)).length;
    const anonymous = await tuneIn(a, station);
    await join(a, u1);
    await join(b, u2);
    // Both counted, wherever they are connected; the anonymous listener is not a voter.
    await page(u2).next(crowdWhere((c) => c.voters === 2));
    const twoVotes = everyPage((c) => c.votes === 2);
    send(anonymous, { type: 'vote', startedAt: now.track.startedAt });
    vote(u1, now.track.startedAt);
    vote(u1, now.track.startedAt);
    vote(u2, now.track.startedAt);
    for (const { message } of await twoVotes)
      expect(message).toMatchObject({ startedAt: now.track.startedAt, votes: 2, voters: 2, needed: 3 });
    const third = page(u1).next(crowdWhere((c) => c.voters === 3));
    await join(b, u3);
    expect((await third).message).toMatchObject({ votes: 2, needed: 3 });
    expect(await readPlays(db, station)).toHaveLength(plays);
  });

  it('skip the track once when more than half voted: each user once, a vote for another track counts for nothing', async () => {
    const now = await playing(station);
    const plays = (await readPlays(db, station)).length;
    const votesTaken = () => a.context.radio.crowd.stats().votes + b.context.radio.crowd.stats().votes;
    const before = votesTaken();
    vote(u3, new Date(Date.parse(now.track.startedAt) - 60_000).toISOString());
    vote(u1, now.track.startedAt);
    // Neither counts, so nothing is announced: wait until both instances have taken them.
    await vi.waitFor(() => expect(votesTaken()).toBe(before + 2), { timeout: 20_000 });
    const tracks = Promise.all(
      [...pages.values()].map((p) => p.next((m) => isTrack(m) && (m as { startedAt: string }).startedAt !== now.track.startedAt)),
    );
    const emptied = everyPage((c) => c.startedAt !== now.track.startedAt && c.votes === 0 && c.voters === 3);
    vote(u3, now.track.startedAt);
    await tracks;
    await emptied;
    expect(await readPlays(db, station)).toHaveLength(plays + 1);
  });

  it('count the listeners still here: a voter of six leaving with three votes in skips the track', async () => {
    await join(a, u4);
    await join(b, u5);
    await join(a, u6);
    await page(u6).next(crowdWhere((c) => c.voters === 6));
    const now = await playing(station);
    const plays = (await readPlays(db, station)).length;
    const three = everyPage((c) => c.votes === 3);
    for (const user of [u1, u2, u3]) vote(user, now.track.startedAt);
    for (const { message } of await three)
      expect(message).toMatchObject({ startedAt: now.track.startedAt, votes: 3, voters: 6, needed: 4 });
    expect(await readPlays(db, station)).toHaveLength(plays);
    const leaving = page(u4);
    pages.delete(u4);
    const skipped = page(u5).next((m) => isTrack(m) && (m as { startedAt: string }).startedAt !== now.track.startedAt);
    const emptied = everyPage((c) => c.startedAt !== now.track.startedAt && c.voters === 5);
    // u4 closes the page: 3 of 5 is more than half.
    leaving.socket.close();
    await skipped;
    await emptied;
    expect(await readPlays(db, station)).toHaveLength(plays + 1);
  });
});
