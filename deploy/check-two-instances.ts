import { RADIO_PATHS } from '../common/constants';
import type { Queue } from '../common/queue';
import { QUEUE_PATHS } from '../common/queue';
import type { RadioPlayed, RadioTrack } from '../common/radio';
import { checkBodyLimits } from './check-bodies';
import { checkEdgeCache } from './check-edge-cache';
import { checkSharedLimits } from './check-shared-limits';
import { expect, ok, raw } from './check-tools';
import {
  freePort,
  type Process,
  Stack,
  sampleBodyMax,
  seedCatalogue,
  startInstance,
  startNginx,
  startRedis,
  throwAwayDatabase,
} from './stack';
import { type Listening, listenTo, Visitor } from './visitor';

/**
 * The way operators run several instances, checked end to end (`npm run test:deploy`): nginx with
 * deploy/almanac.nginx.conf.template in front of two instances on one throw-away PostgreSQL
 * database and one in-memory redis-server (REDIS_URL), all on loopback ports, then through the balancer:
 *  - requests are spread over both instances, and a foreign Host is refused behind it;
 *  - each instance takes the client address from nginx's X-Forwarded-For (TRUST_PROXY=1);
 *  - the instances count writes in Redis together: a client spread over both gets the limit once;
 *  - a 3 MB sample passes nginx to an instance; a body past nginx's limits is refused by nginx
 *    with a 413 in the app's JSON error shape;
 *  - a demo login works whichever instance answers each step, and its session on both;
 *  - nginx's edge cache passes one of 50 concurrent logged-out reads of a URL to an instance, which
 *    builds it from the database once; a session, POSTs, /api/auth and non-public reads go past it
 *    (check-edge-cache.ts);
 *  - an admin's catalogue edit on one instance clears the other's read cache;
 *  - a paid flip (the PayPal stand-in) and an admin NEXT reach queue sockets on both instances,
 *    through nginx and directly, within 500 ms of the request's answer (the commit is just before);
 *  - an admin's radio skip through one instance reaches radio sockets on both within 250 ms, and
 *    moves the station exactly one track on.
 * Exits 1 on the first failed expectation; stops everything it started either way.
 * Needs nginx (NGINX, else /usr/sbin/nginx), redis-server (REDIS_SERVER, else /usr/bin/redis-server)
 * and PostgreSQL (CHECK_DATABASE_ADMIN_URL, else postgres://postgres@127.0.0.1:5432/postgres,
 * allowed to CREATE DATABASE).
 */

const ADMIN_URL = process.env.CHECK_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WITHIN_MS = 500;
/** The radio's budget: every listener hears a new track within 250 ms (issue 13) */
const RADIO_WITHIN_MS = 250;
/** WRITE_RATE_LIMIT of the instances: low, so a visitor's budget is used up quickly */
const WRITE_LIMIT = 6;
const VIDEO = 'https://www.youtube.com/watch?v=dEpLoY-0001';

async function main() {
  const stack = new Stack();
  const processes: Process[] = [];
  try {
    const databaseUrl = await throwAwayDatabase(stack, ADMIN_URL, 'almanac_deploy_check');
    const [lbPort, portA, portB] = [await freePort(), await freePort(), await freePort()];
    const a = `127.0.0.1:${portA}`;
    const b = `127.0.0.1:${portB}`;
    const redis = await startRedis(stack, await freePort());
    const env = { READ_CACHE_MS: '60000', WRITE_RATE_LIMIT: String(WRITE_LIMIT), REDIS_URL: redis.url };
    const lb = await startNginx(stack, { port: lbPort, instances: [a, b], instanceEnv: env });
    processes.push(lb.proc);
    const common = { databaseUrl, publicUrl: lb.url, sandboxBase: `${lb.url}/sandbox`, env };
    // One after the other: the first migrates the empty database.
    processes.push(await startInstance(stack, 'instance-a', { ...common, port: portA }));
    await seedCatalogue(databaseUrl, 20);
    processes.push(await startInstance(stack, 'instance-b', { ...common, port: portB }));
    ok(`nginx on ${lb.url} in front of ${a} and ${b}, one database, one Redis (${redis.url})`);

    const visitor = new Visitor(lb.url);
    await checkBalancing(visitor, lb.url, [a, b]);
    await checkClientAddress(lb.url, [a, b]);
    await checkSharedLimits(lb.url, [a, b], WRITE_LIMIT);
    await checkBodyLimits(lb.url, sampleBodyMax(env));
    const admin = new Visitor(lb.url);
    await admin.login(lb.url, 'demo_admin');
    await checkSessionEverywhere(admin, lb.url, [a, b]);
    await checkEdgeCache(lb.url, admin);
    await checkCatalogueCache(admin, lb.url, { [a]: `http://${a}`, [b]: `http://${b}` });
    await checkQueue(admin, lb.url, [a, b]);
    await checkRadio(admin, lb.url, [a, b]);
    console.log('\nAll deployment checks passed.');
  } catch (error) {
    console.error(`\nFAILED: ${(error as Error).message}`);
    for (const proc of processes) console.error(`\n--- ${proc.name} (last output) ---\n${proc.output().slice(-4000)}`);
    process.exitCode = 1;
  } finally {
    await stack.close();
  }
}

/** Answers through nginx come from both instances; a Host that is not the site's is refused. */
async function checkBalancing(visitor: Visitor, lb: string, instances: string[]) {
  const seen = new Set<string>();
  for (let i = 0; i < 6; i++) {
    const health = await visitor.request('GET', `${lb}/api/health`);
    expect(health.status === 200, `health through nginx answered ${health.status}`);
    seen.add(health.upstream);
  }
  expect(
    instances.every((i) => seen.has(i)),
    `nginx sent requests only to ${[...seen].join(', ')}`,
  );
  ok(`requests spread over both instances (${[...seen].join(', ')})`);

  const { status } = await raw(lb, 'GET', '/api/health', { headers: { host: 'evil.example' } });
  expect(status === 403, `a foreign Host through nginx answered ${status}, not 403`);
  ok('a foreign Host is passed through and refused (403)');
}

/**
 * TRUST_PROXY=1 with nginx's X-Forwarded-For: the instances limit logged-out writes per client
 * address. A visitor at 127.0.0.2 who used up its budget (one for both, in Redis) is refused by
 * both, even when it claims another address in its own X-Forwarded-For (only nginx's entry is believed), while
 * one at 127.0.0.3 still writes. With the proxy's address taken as the client's, all three would
 * share one budget; with the forwarded header believed blindly, the claim would get through.
 */
async function checkClientAddress(lb: string, instances: string[]) {
  const write = (from: string, headers: Record<string, string> = {}) =>
    raw(lb, 'POST', '/api/requests/flip/validate', { from, headers, json: { mediaUrl: VIDEO, username: 'Address-Check' } });
  const refused = new Set<string>();
  for (let i = 0; i < 4 * WRITE_LIMIT && refused.size < instances.length; i++) {
    const answer = await write('127.0.0.2');
    if (answer.status === 429) refused.add(answer.upstream);
    else expect(answer.status === 200, `a write from 127.0.0.2 answered ${answer.status}`);
  }
  expect(refused.size === instances.length, `127.0.0.2 was never refused by ${instances.filter((i) => !refused.has(i)).join(', ')}`);
  for (let i = 0; i < instances.length; i++) {
    const claimed = await write('127.0.0.2', { 'x-forwarded-for': '10.9.8.7' });
    expect(claimed.status === 429, `127.0.0.2 claiming to be 10.9.8.7 answered ${claimed.status} on ${claimed.upstream}`);
  }
  const other = await write('127.0.0.3');
  expect(other.status === 200, `a write from 127.0.0.3 answered ${other.status} after 127.0.0.2 used up its budget`);
  ok(
    `the instances limit writes by the address nginx forwards (127.0.0.2 refused by both at ${WRITE_LIMIT}/min, also when claiming another, 127.0.0.3 not)`,
  );
}

async function checkSessionEverywhere(admin: Visitor, lb: string, instances: string[]) {
  const seen = new Set<string>();
  for (let i = 0; i < 4; i++) {
    const user = await admin.request('GET', `${lb}/api/auth/user`);
    const body = user.json<{ admin?: boolean } | null>();
    expect(user.status === 200 && body?.admin === true, `the admin's session on ${user.upstream} answered ${user.body}`);
    seen.add(user.upstream);
  }
  expect(
    instances.every((i) => seen.has(i)),
    `the session was only checked on ${[...seen].join(', ')}`,
  );
  ok('demo login through nginx; the admin session holds on both instances');
}

/** Reads the song from one instance directly (its port), as nginx would pass it on. */
async function readSong(base: string, id: number) {
  const res = await fetch(`${base}/api/media/${id}`);
  const body = (await res.json()) as { lyrics: string | null };
  return { cache: res.headers.get('x-read-cache'), lyrics: body.lyrics };
}

async function checkCatalogueCache(admin: Visitor, lb: string, direct: Record<string, string>) {
  const latest = await admin.request('GET', `${lb}/api/media/latest?size=1`);
  const id = latest.json<{ content: { id: number }[] }>().content[0]?.id;
  expect(id !== undefined, `no song to edit: ${latest.body.slice(0, 200)}`);
  for (const base of Object.values(direct)) {
    await readSong(base, id);
    const cached = await readSong(base, id);
    expect(cached.cache === 'hit', `the second read on ${base} was not cached (${cached.cache})`);
  }
  const lyrics = `Written through nginx at ${new Date().toISOString()}`;
  const saved = await admin.request('POST', `${lb}/api/media/${id}`, { json: { lyrics, tags: [], streamId: null, streamTimestamp: null } });
  const wrote = performance.now();
  expect(saved.status === 200, `the edit through nginx answered ${saved.status}: ${saved.body.slice(0, 200)}`);
  const [other] = Object.entries(direct).filter(([upstream]) => upstream !== saved.upstream);
  expect(other, `the edit was answered by ${saved.upstream || 'no known instance'}`);
  const [otherName, otherBase] = other;
  for (;;) {
    const read = await readSong(otherBase, id);
    const waited = performance.now() - wrote;
    if (read.lyrics === lyrics) {
      expect(read.cache === 'miss', `the fresh answer on ${otherName} was a cache ${read.cache}`);
      ok(
        `an edit on ${saved.upstream} cleared ${otherName}'s read cache (fresh answer ${waited.toFixed(0)} ms after the write's answer; READ_CACHE_MS=60000)`,
      );
      return;
    }
    expect(waited < WITHIN_MS, `${otherName} still answered the old lyrics ${waited.toFixed(0)} ms after the edit on ${saved.upstream}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Sockets of `path`: one directly on each instance, and through nginx until one lands on each. */
async function openSockets(lb: string, instances: string[], path: string): Promise<Listening[]> {
  const sockets: Listening[] = [];
  for (const instance of instances) sockets.push(await listenTo(`ws://${instance}${path}`, lb, instance));
  const through = new Map<string, Listening>();
  for (let i = 0; i < 8 && through.size < instances.length; i++) {
    const socket = await listenTo(`${lb.replace('http', 'ws')}${path}`, lb);
    if (through.has(socket.upstream) || !instances.includes(socket.upstream)) socket.socket.close();
    else through.set(socket.upstream, socket);
  }
  expect(through.size === instances.length, `sockets through nginx reached only ${[...through.keys()].join(', ')}`);
  return [...sockets, ...through.values()];
}

const describe = (s: Listening, lb: string) =>
  `${s.upstream} ${s.socket.url.startsWith(lb.replace('http', 'ws')) ? 'via nginx' : 'direct'}`;

/**
 * Waits until every socket has a queue message that `accept` takes. The change commits inside the
 * request, just before its answer: a socket's delay is counted from the answer (negative when the
 * message came first), an upper bound of the commit-to-delivery time once the answer's own few ms
 * are added; the time since the request was sent is shown beside it.
 */
async function allHear(sockets: Listening[], times: { sent: number; answered: number }, accept: (queue: Queue) => boolean) {
  return Promise.all(
    sockets.map(async (s) => {
      const { at } = await s.next((data) => Array.isArray(data) && accept(data as Queue), 5_000);
      return { socket: s, ms: at - times.answered, sinceSent: at - times.sent };
    }),
  );
}

async function checkQueue(admin: Visitor, lb: string, instances: string[]) {
  const sockets = await openSockets(lb, instances, QUEUE_PATHS.socket);
  try {
    for (const s of sockets) await s.next((data) => Array.isArray(data), 5_000);
    ok(`queue sockets open on both instances, directly and through nginx; each got the queue first (${sockets.length} sockets)`);

    const fan = new Visitor(lb);
    const username = 'Deploy-Check';
    const validated = await fan.request('POST', `${lb}/api/requests/flip/validate`, { json: { mediaUrl: VIDEO, username } });
    expect(validated.status === 200, `validate answered ${validated.status}: ${validated.body.slice(0, 200)}`);
    const { sid } = validated.json<{ sid: string }>();
    const order = await fan.request('POST', `${lb}/api/requests/flip/create`, { json: { sid, paymentSource: 'paypal' } });
    expect(order.status === 200, `create answered ${order.status}: ${order.body.slice(0, 200)}`);
    const orderId = order.json<{ id: string }>().id;
    const approved = await fan.request('POST', `${lb}/sandbox/paypal/checkoutnow`, { form: { token: orderId, action: 'pay' } });
    expect(approved.status === 200, `the PayPal stand-in's approval answered ${approved.status}`);
    const paidAt = performance.now();
    const captured = await fan.request('POST', `${lb}/api/requests/flip/capture`, { json: { sid, orderId } });
    const paidTimes = { sent: paidAt, answered: performance.now() };
    expect(captured.status === 200, `capture answered ${captured.status}: ${captured.body.slice(0, 200)}`);
    const paid = await allHear(sockets, paidTimes, (queue) => queue.some((item) => item.username === username));
    report('a paid flip', captured.upstream, paid, lb);

    const queue = (await admin.request('GET', `${lb}${QUEUE_PATHS.queue}`)).json<Queue>();
    const item = queue.find((i) => i.username === username);
    expect(item, `the paid flip is not in GET ${QUEUE_PATHS.queue}: ${JSON.stringify(queue)}`);
    const nextAt = performance.now();
    const next = await admin.request('POST', `${lb}${QUEUE_PATHS.next}`, { json: {} });
    const nextTimes = { sent: nextAt, answered: performance.now() };
    expect(next.status === 200, `NEXT answered ${next.status}: ${next.body.slice(0, 200)}`);
    const played = await allHear(sockets, nextTimes, (q) => q.some((i) => i.id === item.id && i.nowPlaying));
    report('an admin NEXT', next.upstream, played, lb);
  } finally {
    for (const s of sockets) s.socket.close();
  }
}

function report(
  what: string,
  upstream: string,
  heard: { socket: Listening; ms: number; sinceSent: number }[],
  lb: string,
  withinMs = WITHIN_MS,
) {
  const others = heard.filter((h) => h.socket.upstream !== upstream);
  expect(others.length >= 2, `no socket of the other instance saw ${what} made on ${upstream}`);
  const slow = heard.filter((h) => h.ms > withinMs);
  const figures = heard.map((h) => `${describe(h.socket, lb)} ${h.ms.toFixed(0)} ms (${h.sinceSent.toFixed(0)} since sent)`).join(', ');
  expect(slow.length === 0, `${what} on ${upstream} reached some sockets after more than ${withinMs} ms: ${figures}`);
  ok(`${what} made on ${upstream} reached every socket within ${withinMs} ms of its answer (${figures})`);
}

/**
 * Radio sockets of the top station on both instances (directly and through nginx): an admin's skip
 * through nginx reaches all of them within 250 ms of its answer, and the station moved one track
 * on: the track that played is now the newest of the history, right above the history before.
 */
async function checkRadio(admin: Visitor, lb: string, instances: string[]) {
  const skipUrl = `${lb}${RADIO_PATHS.skip}?station=top`;
  const historyUrl = `${lb}${RADIO_PATHS.history}?station=top`;
  // The first skip makes a fresh track current (or starts a station still idle): its answer is what
  // plays, with its whole length (45 s at least) left for the second or so this check takes.
  const started = await admin.request('POST', skipUrl);
  expect(started.status === 200, `the first skip answered ${started.status}: ${started.body.slice(0, 200)}`);
  const playing = started.json<RadioTrack>();
  const sockets = await openSockets(lb, instances, `${RADIO_PATHS.socket}?station=top`);
  try {
    const isTrack = (data: unknown) => typeof (data as RadioTrack)?.startAtSecs === 'number';
    const isPlay = (data: unknown, play: { id: number; startedAt: string }) =>
      isTrack(data) && (data as RadioTrack).id === play.id && (data as RadioTrack).startedAt === play.startedAt;
    const firsts = await Promise.all(sockets.map((s) => s.next(isTrack, 5_000)));
    // A socket may join before its instance has heard of the first skip (the NOTIFY and the feed's
    // re-read take some ms): it gets the track its feed read last, the one the skip replaced, and
    // the skip's track right after. Any other track, or never the skip's, is a fault.
    const before = (await admin.request('GET', historyUrl)).json<RadioPlayed[]>();
    const replaced = before[0];
    const joined = (data: unknown) => isPlay(data, playing) || (replaced !== undefined && isPlay(data, replaced));
    expect(
      firsts.every(({ data }) => joined(data)),
      `radio sockets joined on tracks other than the current one (${playing.id}) or the one it replaced (${replaced?.id}): ${firsts.map(({ data }) => (data as RadioTrack).id).join(', ')}`,
    );
    await Promise.all(sockets.map((s) => s.next((data) => isPlay(data, playing), 5_000)));
    const late = firsts.filter(({ data }) => !isPlay(data, playing)).length;
    ok(
      `radio sockets open on both instances, directly and through nginx; each got the current track (${playing.name}; ${late} of ${sockets.length} first got the one it replaced)`,
    );
    const sent = performance.now();
    const skipped = await admin.request('POST', skipUrl);
    const times = { sent, answered: performance.now() };
    expect(skipped.status === 200, `the skip answered ${skipped.status}: ${skipped.body.slice(0, 200)}`);
    const next = skipped.json<RadioTrack>();
    const heard = await Promise.all(
      sockets.map(async (s) => {
        const { at } = await s.next((data) => isTrack(data) && (data as RadioTrack).id === next.id, 5_000);
        return { socket: s, ms: at - times.answered, sinceSent: at - times.sent };
      }),
    );
    report('a radio skip', skipped.upstream, heard, lb, RADIO_WITHIN_MS);
    const after = (await admin.request('GET', historyUrl)).json<RadioPlayed[]>();
    const moved = after[0]?.id === playing.id && after[0]?.startedAt === playing.startedAt;
    const once = JSON.stringify(after.slice(1).map((t) => t.startedAt)) === JSON.stringify(before.slice(0, 19).map((t) => t.startedAt));
    expect(
      moved && once,
      `the history after one skip is not the history before plus ${playing.name}: ${JSON.stringify(after.slice(0, 3))}`,
    );
    ok('the skip moved the station exactly one track on (the history gained the track that played, nothing else)');
  } finally {
    for (const s of sockets) s.socket.close();
  }
}

await main();
