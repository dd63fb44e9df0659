import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../common/api';
import { REQUEST_FEATURES_SOCKET, requestFeaturesMessageSchema } from '../../../common/realtime';
import { QUEUE_FULL_MESSAGE, REQUEST_LIMITS_PATH, requestLimitsSchema } from '../../../common/request-limits';
import { OPEN_REQUEST_STATES, REQUEST_LIFECYCLE_PATHS } from '../../../common/request-states';
import { ConfigError, loadConfig } from '../../config';
import { flipRequests, sampleRequests, songRequests } from '../../db/schema';
import { connectSocket, type SocketClient, socketUrl } from '../../realtime/testing';
import { createSandboxedApp, type SandboxedApp } from '../../sandbox/testing';
import { buildAdmin, buildUser } from '../../testing/users';
import { flipSteps } from '../flip/testing';
import { FIXTURE, fixtureBytes, multipart, sampleSteps } from '../sample/testing';
import { buyerOfRequest, perBuyerMessage } from './service';
import { buildRequest, buildRequests } from './testing';

/**
 * The fair limits of issue 19, checked at VERIFY before anyone pays: REQUEST_LIMIT_PER_BUYER open
 * requests per buyer (the user, or a nickname from one address) and QUEUE_MAX requests waiting to
 * play, flips and samples counted together; the features socket tells open pages when the queue
 * fills and empties; checkLimits is the same check for the capture.
 */

// The defaults, set explicitly: the test apps are otherwise roomy (server/testing/app.ts).
const t = await createSandboxedApp({ env: { REQUEST_LIMIT_PER_BUYER: '3', QUEUE_MAX: '50' } });
/** A site whose streamer changed both settings */
const small = await createSandboxedApp({ env: { REQUEST_LIMIT_PER_BUYER: '1', QUEUE_MAX: '2' } });
const member = await buildUser(t.db, { displayName: 'Member-One' });
const other = await buildUser(t.db, { displayName: 'Member-Two' });
const HOME = '203.0.113.7';
const ELSEWHERE = '198.51.100.20';
const THREE_OPEN = 'You have 3 requests waiting or playing, the most one person may have at once. Try again once one has played.';

/** Each test starts from an empty queue: whatever it left open has played. */
afterEach(async () => {
  for (const app of [t, small]) {
    await app.db
      .update(songRequests)
      .set({ state: 'played' })
      .where(inArray(songRequests.state, [...OPEN_REQUEST_STATES]));
  }
});

interface Caller {
  nickname?: string;
  address?: string;
  headers?: Record<string, string>;
}

const verifyFlip = (caller: Caller, app: SandboxedApp = t) =>
  app.app.inject({
    method: 'POST',
    url: '/api/requests/flip/validate',
    payload: { mediaUrl: 'https://www.youtube.com/watch?v=aB3-_xYz901', username: caller.nickname ?? null },
    remoteAddress: caller.address ?? HOME,
    headers: caller.headers ?? {},
  });

const verifySample = (caller: Caller, app: SandboxedApp = t) => {
  const body = multipart(caller.nickname ? { username: caller.nickname } : {}, {
    name: 'fileKey',
    bytes: fixtureBytes(FIXTURE.webm1.file),
  });
  return app.app.inject({
    method: 'POST',
    url: '/api/requests/recording/validate',
    payload: body.payload,
    remoteAddress: caller.address ?? HOME,
    headers: { ...body.headers, ...caller.headers },
  });
};

/** Both kinds' VERIFY refuse with 409 and `message`, and store nothing. */
async function expectRefused(caller: Caller, message: string, app: SandboxedApp = t) {
  const stored = async () => (await app.db.select().from(flipRequests)).length + (await app.db.select().from(sampleRequests)).length;
  const before = await stored();
  for (const res of [await verifyFlip(caller, app), await verifySample(caller, app)]) {
    expect(res.statusCode, res.body).toBe(409);
    expect(errorSchema.parse(res.json()).message).toBe(message);
  }
  expect(await stored()).toBe(before);
}

async function expectAccepted(caller: Caller, app: SandboxedApp = t) {
  for (const res of [await verifyFlip(caller, app), await verifySample(caller, app)]) expect(res.statusCode, res.body).toBe(200);
}

const queueFull = async (app: SandboxedApp = t) =>
  requestLimitsSchema.strict().parse((await app.app.inject({ url: REQUEST_LIMITS_PATH })).json()).queueFull;

describe('the settings', () => {
  it('default to 3 open requests per buyer and 50 in the queue', () => {
    expect(loadConfig({}).requests.limits).toEqual({ perBuyer: 3, queueMax: 50 });
    expect(loadConfig({ REQUEST_LIMIT_PER_BUYER: '5', QUEUE_MAX: '200' }).requests.limits).toEqual({ perBuyer: 5, queueMax: 200 });
  });

  it.each([
    ['REQUEST_LIMIT_PER_BUYER', '0'],
    ['REQUEST_LIMIT_PER_BUYER', '1001'],
    ['REQUEST_LIMIT_PER_BUYER', 'three'],
    ['QUEUE_MAX', '0'],
    ['QUEUE_MAX', '100001'],
    ['QUEUE_MAX', '2.5'],
  ])('refuse %s=%s at start, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});

describe('REQUEST_LIMIT_PER_BUYER at VERIFY (a logged-out buyer: the nickname from one address)', () => {
  it('verifies with two open and keeps the address; refuses at three for both kinds, saying how many', async () => {
    await buildRequest(t.db, { kind: 'flip', state: 'queued', username: 'Night-Owl' });
    await buildRequest(t.db, { kind: 'sample', state: 'held', username: 'Night-Owl' });
    const passed = await verifyFlip({ nickname: 'Night-Owl' });
    expect(passed.statusCode, passed.body).toBe(200);
    const [stored] = await t.db.select().from(flipRequests).where(eq(flipRequests.sid, passed.json().sid));
    expect(stored).toMatchObject({ username: 'Night-Owl', userId: null, clientAddress: HOME });
    const sample = await verifySample({ nickname: 'Night-Owl' });
    expect(sample.statusCode, sample.body).toBe(200);
    const [storedSample] = await t.db.select().from(sampleRequests).where(eq(sampleRequests.sid, sample.json().sid));
    expect(storedSample).toMatchObject({ username: 'Night-Owl', userId: null, clientAddress: HOME });

    // Verified but unpaid requests are nobody's open requests; a third paid one is.
    await buildRequest(t.db, { kind: 'flip', state: 'playing', username: 'Night-Owl' });
    await expectRefused({ nickname: 'Night-Owl' }, THREE_OPEN);
  });

  it('one past the limit (the setting lowered since) says how many must play first', async () => {
    for (let i = 0; i < 4; i++) await buildRequest(t.db, { kind: i % 2 ? 'sample' : 'flip', username: 'Night-Owl' });
    await expectRefused(
      { nickname: 'Night-Owl' },
      'You have 4 requests waiting or playing, and one person may have 3 at most. Try again once 2 have played.',
    );
  });

  it('the same nickname from another address is another buyer; the nickname is matched in any case', async () => {
    for (let i = 0; i < 3; i++) await buildRequest(t.db, { username: 'Night-Owl' });
    await expectAccepted({ nickname: 'Night-Owl', address: ELSEWHERE });
    await expectAccepted({ nickname: 'Other-Fan' });
    await expectRefused({ nickname: 'nIGHT-oWL' }, THREE_OPEN);
  });

  it('counts only open requests: played, rejected, refunded and refund_failed ones do not', async () => {
    for (const state of ['played', 'played', 'rejected', 'refunded', 'refund_failed'] as const) {
      await buildRequest(t.db, { kind: 'sample', state, username: 'Night-Owl' });
    }
    await buildRequest(t.db, { state: 'held', username: 'Night-Owl' });
    await buildRequest(t.db, { state: 'queued', username: 'Night-Owl' });
    await expectAccepted({ nickname: 'Night-Owl' });
  });

  it('leaves alone requests kept before addresses were (no address is no one)', async () => {
    for (let i = 0; i < 3; i++) await buildRequest(t.db, { username: 'Night-Owl', clientAddress: null });
    await expectAccepted({ nickname: 'Night-Owl' });
  });
});

describe('REQUEST_LIMIT_PER_BUYER at VERIFY (a logged-in buyer: the user)', () => {
  it('refuses the user at three open, from any address; logged out with that name from that address is another buyer', async () => {
    await buildRequest(t.db, { kind: 'flip', username: member.displayName, userId: member.id });
    await buildRequest(t.db, { kind: 'sample', state: 'held', username: member.displayName, userId: member.id });
    await expectAccepted({ headers: member.headers });
    const [stored] = await t.db.select().from(flipRequests).where(eq(flipRequests.userId, member.id)).orderBy(flipRequests.id);
    expect(stored!.clientAddress).toBe(HOME);

    await buildRequest(t.db, { kind: 'flip', state: 'playing', username: member.displayName, userId: member.id, clientAddress: ELSEWHERE });
    await expectRefused({ headers: member.headers }, THREE_OPEN);
    await expectRefused({ headers: member.headers, address: '192.0.2.99' }, THREE_OPEN);
    await expectAccepted({ nickname: member.displayName });
    await expectAccepted({ headers: other.headers });
  });
});

describe('QUEUE_MAX at VERIFY', () => {
  it('lets everyone verify at 49 waiting; at 50 refuses everyone with the spec text, and GET /api/requests/limits says so', async () => {
    await buildRequests(t.db, 30, { kind: 'flip', state: 'queued' });
    await buildRequests(t.db, 19, { kind: 'sample', state: 'held' });
    expect(await queueFull()).toBe(false);
    await expectAccepted({ nickname: 'Night-Owl' });

    await buildRequest(t.db, { kind: 'sample', state: 'queued', username: 'Someone-Else' });
    expect(await queueFull()).toBe(true);
    await expectRefused({ nickname: 'Night-Owl' }, QUEUE_FULL_MESSAGE);
    await expectRefused({ headers: member.headers }, QUEUE_FULL_MESSAGE);
  });

  it('counts what waits: playing, played and refunded requests are not in the queue', async () => {
    await buildRequests(t.db, 49, { state: 'queued' });
    await buildRequest(t.db, { state: 'playing', username: 'Playing-Now' });
    await buildRequests(t.db, 3, { kind: 'sample', state: 'played' });
    await buildRequests(t.db, 3, { state: 'refunded' });
    expect(await queueFull()).toBe(false);
    await expectAccepted({ nickname: 'Night-Owl' });
  });

  it("answers the full queue before the buyer's own limit", async () => {
    for (let i = 0; i < 3; i++) await buildRequest(t.db, { username: 'Night-Owl' });
    await expectRefused({ nickname: 'Night-Owl' }, THREE_OPEN);
    await buildRequests(t.db, 47);
    await expectRefused({ nickname: 'Night-Owl' }, QUEUE_FULL_MESSAGE);
  });
});

describe('the settings changed (1 per buyer, a queue of 2)', () => {
  it('refuses a buyer with one open, and everyone once two wait', async () => {
    await buildRequest(small.db, { username: 'Night-Owl' });
    await expectRefused(
      { nickname: 'Night-Owl' },
      'You have 1 request waiting or playing, the most one person may have at once. Try again once one has played.',
      small,
    );
    expect(await queueFull(small)).toBe(false);
    await expectAccepted({ nickname: 'Other-Fan' }, small);
    await buildRequest(small.db, { kind: 'sample', username: 'Other-Fan' });
    expect(await queueFull(small)).toBe(true);
    await expectRefused({ nickname: 'Third-Fan' }, QUEUE_FULL_MESSAGE, small);
  });
});

describe('checkLimits (the capture-time re-check)', () => {
  it('reads through the executor it is given: a settle transaction sees its own writes', async () => {
    const limits = t.app.requestLimits;
    const buyer = { nickname: 'Night-Owl', clientAddress: HOME };
    await buildRequest(t.db, { username: 'Night-Owl' });
    await t.db.transaction(async (tx) => {
      expect(await limits.checkLimits(tx, buyer)).toBeNull();
      await buildRequest(tx, { username: 'Night-Owl' });
      await buildRequest(tx, { kind: 'sample', username: 'Night-Owl' });
      expect(await limits.checkLimits(tx, buyer)).toBe(THREE_OPEN);
      expect(await limits.checkLimits(tx, { userId: member.id })).toBeNull();
    });
  });

  it('finds the buyer of a stored request, as VERIFY kept it', async () => {
    const sid = (await verifyFlip({ nickname: 'Night-Owl' })).json().sid as string;
    const [request] = await t.db.select().from(flipRequests).where(eq(flipRequests.sid, sid));
    expect(buyerOfRequest(request!)).toEqual({ nickname: 'Night-Owl', clientAddress: HOME });
    expect(buyerOfRequest({ userId: member.id, username: 'Member-One', clientAddress: null })).toEqual({ userId: member.id });
    expect(buyerOfRequest({ userId: null, username: 'Old-Fan', clientAddress: null })).toBeNull();
    for (let i = 0; i < 3; i++) await buildRequest(t.db, { username: 'Night-Owl' });
    expect(await t.app.requestLimits.checkLimits(t.db, buyerOfRequest(request!)!)).toBe(THREE_OPEN);
    await buildRequests(t.db, 47);
    expect(await t.app.requestLimits.checkLimits(t.db, { userId: other.id })).toBe(QUEUE_FULL_MESSAGE);
  });

  it('words the count', () => {
    expect(perBuyerMessage(3, 3)).toBe(THREE_OPEN);
    expect(perBuyerMessage(5, 2)).toBe(
      'You have 5 requests waiting or playing, and one person may have 2 at most. Try again once 4 have played.',
    );
  });
});

describe('the features socket tells open pages when the queue fills and empties', () => {
  const sockets: SocketClient[] = [];
  afterEach(() => {
    for (const client of sockets.splice(0)) client.socket.terminate();
  });
  const open = () => {
    const client = connectSocket(socketUrl(small.origin, REQUEST_FEATURES_SOCKET), { origin: small.config.publicUrl });
    sockets.push(client);
    return client;
  };
  const full = (value: boolean) => (message: unknown) => requestFeaturesMessageSchema.strict().parse(message).queueFull === value;

  it("on a paid flip and sample, NEXT, and the lifecycle's approval and rejection (request.changed)", async () => {
    const admin = await buildAdmin(small.db);
    const post = (url: string, payload?: object) => small.app.inject({ method: 'POST', url, headers: admin.headers, payload });
    const flip = flipSteps(small);
    const sample = sampleSteps(small);
    const client = open();
    expect(await client.message(1)).toEqual({ flip: true, recording: true, queueFull: false });

    // A flip paid: one waits (queue.changed); then a sample paid, held for approval: two wait, the queue is full.
    const flipSid = await flip.validate('Flip-Fan');
    const flipOrder = await flip.order(flipSid);
    small.state.paypal.approve(flipOrder, 'paid');
    const filled = client.next(full(true));
    expect((await flip.capture(flipSid, flipOrder)).statusCode).toBe(200);
    const sampleSid = await sample.validate('Sample-Fan', FIXTURE.webm1.file);
    const sampleOrder = await sample.order(sampleSid);
    small.state.paypal.approve(sampleOrder, 'paid');
    expect((await sample.capture(sampleSid, sampleOrder)).statusCode).toBe(200);
    expect((await filled).message).toEqual({ flip: true, recording: true, queueFull: true });
    expect(await queueFull(small)).toBe(true);
    await small.state.paypal.webhooks.idle();

    // NEXT: the flip plays, the held sample waits (queue.changed).
    const emptied = client.next(full(false));
    expect((await post('/api/requests/flip/next')).statusCode).toBe(200);
    await emptied;

    // The lifecycle's changes (request.changed): a request written without a word fills the queue
    // unheard; an admin's approval of the held sample (held → queued, still waiting) is heard.
    const { history } = await sample.rowsOf(sampleSid);
    expect(history[0]!.state).toBe('held');
    await buildRequest(small.db, { username: 'Silent-Fan' });
    const refilled = client.next(full(true));
    expect((await post(REQUEST_LIFECYCLE_PATHS.approve(history[0]!.id))).statusCode).toBe(200);
    await refilled;
    // Rejected (and refunded), it waits no more.
    const drained = client.next(full(false));
    expect((await post(REQUEST_LIFECYCLE_PATHS.reject(history[0]!.id), {})).statusCode).toBe(200);
    await drained;
    await small.state.paypal.webhooks.idle();
  });
});
