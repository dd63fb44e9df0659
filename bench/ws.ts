import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { RADIO_PATHS } from '../common/constants';
import { QUEUE_PATHS, type Queue } from '../common/queue';
import type { RadioListeners, RadioTrack } from '../common/radio';
import { freePort, Stack, seedCatalogue, startInstance, throwAwayDatabase } from '../deploy/stack';
import { Visitor } from '../deploy/visitor';
import type { FromClients, ToClients } from './ws-clients';

/**
 * `npm run bench:ws`: N WebSocket clients on one instance's queue socket, one change (an admin's
 * NEXT through the HTTP API: transaction, NOTIFY, the bus, the gateway's broadcast), and the time
 * from sending NEXT until each client has the new queue. `--socket radio`: the same with N
 * listeners of the radio's top station and an admin's skip (the station's advance, NOTIFY, the
 * radio feed's re-read, the broadcast) instead of NEXT. At 1,000 / 5,000 / 10,000 clients by
 * default: per-delivery p50 / p99 / max (max = until every client has it), the server's RSS, and
 * the load average. The server is a child process (server/main.ts, demo mode, on a throw-away
 * PostgreSQL database); the clients run in forked processes (bench/ws-clients.ts) so neither
 * shares the other's event loop. Budget (issue 11): 5,000 clients with p99 under 250 ms.
 * `--instances 2`: the clients listen on a second instance on the same database while the change
 * goes through the first, so the latency includes PostgreSQL's NOTIFY reaching the other instance
 * (budget: 500 ms, as the deploy check's; server/song-requests/queue/instances.test.ts asserts only
 * that the changes arrive, in order).
 *
 * 10,000 sockets need 10,000+ descriptors in the server: raise `ulimit -n` (20000 is plenty) first.
 */

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000,5000,10000' },
    rounds: { type: 'string', default: '5' },
    workers: { type: 'string', default: '4' },
    socket: { type: 'string', default: 'queue' },
    instances: { type: 'string', default: '1' },
  },
});
const LEVELS = args.clients.split(',').map(Number);
const ROUNDS = Number(args.rounds);
const WORKERS = Number(args.workers);
const INSTANCES = Number(args.instances);
if (INSTANCES !== 1 && INSTANCES !== 2) throw new Error('--instances must be 1 or 2');
const ADMIN_URL = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CLIENTS_SCRIPT = path.join(import.meta.dirname, 'ws-clients.ts');

/** What the clients listen to, and the one change each round makes. */
interface Target {
  /** The socket's path and query */
  socket: string;
  /** What the change is called in the report */
  change: string;
  /** Gives the server what the rounds need (queued flips; songs and a playing station) */
  prepare(base: string, databaseUrl: string, admin: Visitor, rounds: number): Promise<void>;
  /** Makes the change; answers a check that a client's message is this change */
  make(base: string, admin: Visitor): Promise<(sample: unknown) => boolean>;
}

const TARGETS: Record<string, Target> = {
  queue: {
    socket: QUEUE_PATHS.socket,
    change: 'NEXT',
    prepare: (base, _databaseUrl, _admin, rounds) => fillQueue(base, rounds + 1),
    async make(base, admin) {
      const next = await admin.request('POST', `${base}${QUEUE_PATHS.next}`, { json: {} });
      if (next.status !== 200) throw new Error(`NEXT answered ${next.status}: ${next.body.slice(0, 200)}`);
      const playing = next.json<Queue>().find((item) => item.nowPlaying)?.id;
      return (sample) => (sample as Queue | undefined)?.find((item) => item.nowPlaying)?.id === playing;
    },
  },
  radio: {
    socket: `${RADIO_PATHS.socket}?station=top`,
    change: 'skip',
    async prepare(base, databaseUrl, admin) {
      // The instance started with an empty catalogue; a first skip starts the station at once.
      await seedCatalogue(databaseUrl, 5_000);
      await TARGETS.radio?.make(base, admin);
    },
    async make(base, admin) {
      const skip = await admin.request('POST', `${base}${RADIO_PATHS.skip}?station=top`);
      if (skip.status !== 200) throw new Error(`skip answered ${skip.status}: ${skip.body.slice(0, 200)}`);
      const { id } = skip.json<RadioTrack>();
      return (sample) => (sample as RadioTrack | undefined)?.id === id;
    },
  },
  listeners: {
    socket: RADIO_PATHS.listenersSocket,
    change: 'join',
    prepare: async () => {},
    async make(base) {
      // One more radio listener, kept open to the end of the run: the count goes up by one each round.
      const joiner = new WebSocket(`${base.replace('http', 'ws')}${RADIO_PATHS.socket}?station=top`);
      await new Promise((resolve, reject) => {
        joiner.once('open', resolve);
        joiner.once('error', reject);
      });
      joiners.push(joiner);
      const expected = joiners.length;
      return (sample) => (sample as RadioListeners | undefined)?.top === expected;
    },
  },
};
/** The radio listeners `--socket listeners` opened */
const joiners: WebSocket[] = [];
const chosen = TARGETS[args.socket];
if (!chosen) throw new Error(`--socket must be one of ${Object.keys(TARGETS).join(', ')}`);
const TARGET: Target = chosen;

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : Number.NaN;
};
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const now = () => performance.timeOrigin + performance.now();
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

class Clients {
  private children: ChildProcess[] = [];

  constructor(count: number) {
    for (let i = 0; i < count; i++) this.children.push(fork(CLIENTS_SCRIPT, [], { execArgv: ['--import', 'tsx'] }));
  }

  private ask<K extends FromClients['kind']>(child: ChildProcess, message: ToClients, kind: K) {
    return new Promise<Extract<FromClients, { kind: K }>>((resolve) => {
      const on = (answer: FromClients) => {
        if (answer.kind !== kind) return;
        child.off('message', on);
        resolve(answer as Extract<FromClients, { kind: K }>);
      };
      child.on('message', on);
      child.send(message);
    });
  }

  async open(url: string, origin: string, total: number, addressBase: number) {
    const per = Math.ceil(total / this.children.length);
    const answers = await Promise.all(
      this.children.map((child, i) =>
        this.ask(
          child,
          {
            cmd: 'open',
            url,
            origin,
            count: Math.min(per, total - i * per),
            localAddress: `127.0.${addressBase}.${i + 2}`,
            concurrency: 50,
          },
          'opened',
        ),
      ),
    );
    return {
      opened: answers.reduce((n, a) => n + a.opened, 0),
      failed: answers.reduce((n, a) => n + a.failed, 0),
      error: answers.find((a) => a.firstError)?.firstError,
    };
  }

  arm(round: number) {
    return Promise.all(this.children.map((child) => this.ask(child, { cmd: 'arm', round }, 'armed')));
  }

  collect(round: number) {
    return Promise.all(this.children.map((child) => this.ask(child, { cmd: 'collect', round, timeoutMs: 30_000 }, 'collected')));
  }

  async close() {
    await Promise.all(
      this.children.map(
        (child) =>
          new Promise<void>((resolve) => {
            child.once('exit', () => resolve());
            child.send({ cmd: 'close' });
          }),
      ),
    );
  }
}

/** Paid flips through the real path (the PayPal stand-in), so NEXT always has something to play. */
async function fillQueue(base: string, count: number) {
  const fan = new Visitor(base);
  for (let i = 0; i < count; i++) {
    const username = `Bench-${i}`;
    const mediaUrl = `https://www.youtube.com/watch?v=bEnCh${String(i).padStart(6, '0')}`;
    const { sid } = (await fan.request('POST', `${base}/api/requests/flip/validate`, { json: { mediaUrl, username } })).json<{
      sid: string;
    }>();
    const { id } = (await fan.request('POST', `${base}/api/requests/flip/create`, { json: { sid, paymentSource: 'paypal' } })).json<{
      id: string;
    }>();
    await fan.request('POST', `${base}/sandbox/paypal/checkoutnow`, { form: { token: id, action: 'pay' } });
    const captured = await fan.request('POST', `${base}/api/requests/flip/capture`, { json: { sid, orderId: id } });
    if (captured.status !== 200) throw new Error(`flip ${i}: capture answered ${captured.status}: ${captured.body.slice(0, 200)}`);
  }
}

interface Row {
  clients: number;
  opened: number;
  p50: number;
  p99: number;
  max: number;
  maxPerRound: number[];
  /** The first client's delay each round: NEXT's transaction, NOTIFY, the re-read, the first send */
  firstPerRound: number[];
  missing: number;
  nextMs: number;
  rssIdle: number;
  rssConnected: number;
  rssAfter: number;
  loadBefore: string;
}

/** Where the change is made, and the instance the clients listen to (the same one, or a second on the same database). */
interface Servers {
  changeBase: string;
  listenBase: string;
  /** The listening instance's process (its RSS is reported) */
  listenPid: number;
}

async function level(servers: Servers, admin: Visitor, clients: number, index: number): Promise<Row> {
  const { changeBase: base, listenBase, listenPid: serverPid } = servers;
  const loadBefore = load();
  const rssIdle = rssMb(serverPid);
  const pool = new Clients(Math.min(WORKERS, Math.ceil(clients / 1000)));
  const url = `${listenBase.replace('http', 'ws')}${TARGET.socket}`;
  // Each level's sockets come from other loopback addresses, so closed ones in TIME_WAIT never exhaust the ports.
  const opened = await pool.open(url, listenBase, clients, index + 1);
  if (opened.failed) console.warn(`  ${opened.failed} of ${clients} sockets failed to open (${opened.error})`);
  const rssConnected = rssMb(serverPid);
  const latencies: number[] = [];
  const maxPerRound: number[] = [];
  const firstPerRound: number[] = [];
  let missing = 0;
  let nextMs = 0;
  for (let round = 0; round < ROUNDS; round++) {
    await pool.arm(round);
    const sent = now();
    const isThisChange = await TARGET.make(base, admin);
    nextMs += now() - sent;
    const answers = await pool.collect(round);
    const sample = answers.find((a) => a.sample)?.sample;
    if (!isThisChange(sample)) throw new Error(`round ${round}: the clients heard ${JSON.stringify(sample)}`);
    const round_ = answers.flatMap((a) => a.times.map((t) => t - sent));
    missing += answers.reduce((n, a) => n + a.missing, 0);
    maxPerRound.push(Math.max(...round_));
    firstPerRound.push(Math.min(...round_));
    latencies.push(...round_);
  }
  const rssAfter = rssMb(serverPid);
  await pool.close();
  latencies.sort((a, b) => a - b);
  return {
    clients,
    opened: opened.opened,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    maxPerRound,
    firstPerRound,
    missing,
    nextMs: nextMs / ROUNDS,
    rssIdle,
    rssConnected,
    rssAfter,
    loadBefore,
  };
}

function print(rows: Row[]) {
  console.log(
    `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}`,
  );
  const change = TARGET.change;
  const where = INSTANCES === 2 ? `, clients on a second instance, ${change} through the first` : '';
  console.log(
    `${TARGET.socket}: ${ROUNDS} ${change}s per level${where}; latency from sending ${change} to a client's receipt of the change\n`,
  );
  console.log(
    `| clients | opened | p50 ms | p99 ms | max ms (all have it) | first → last client per round ms | missed | ${change} answer ms | server RSS MB: idle → connected → after the rounds | load avg before (1/5/15 min) |`,
  );
  console.log('|---:|---:|---:|---:|---:|---|---:|---:|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.clients} | ${r.opened} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.max.toFixed(0)} | ${r.maxPerRound.map((m, i) => `${r.firstPerRound[i]?.toFixed(0)}→${m.toFixed(0)}`).join(', ')} | ${r.missing} | ${r.nextMs.toFixed(0)} | ${r.rssIdle.toFixed(0)} → ${r.rssConnected.toFixed(0)} → ${r.rssAfter.toFixed(0)} | ${r.loadBefore} |`,
    );
  }
  console.log(`\nLoad average after: ${load()}`);
}

async function main() {
  const stack = new Stack();
  try {
    const databaseUrl = await throwAwayDatabase(stack, ADMIN_URL, 'almanac_ws_bench');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startInstance(stack, 'server', {
      port,
      databaseUrl,
      publicUrl: base,
      env: { WRITE_RATE_LIMIT: '100000', LOG_LEVEL: 'error' },
    });
    const servers: Servers = { changeBase: base, listenBase: base, listenPid: server.child.pid ?? 0 };
    if (INSTANCES === 2) {
      const portB = await freePort();
      servers.listenBase = `http://127.0.0.1:${portB}`;
      const second = await startInstance(stack, 'server-b', {
        port: portB,
        databaseUrl,
        publicUrl: servers.listenBase,
        env: { WRITE_RATE_LIMIT: '100000', LOG_LEVEL: 'error' },
      });
      servers.listenPid = second.child.pid ?? 0;
    }
    const admin = new Visitor(base);
    await admin.login(base, 'demo_admin');
    await TARGET.prepare(base, databaseUrl, admin, LEVELS.length * ROUNDS);
    const rows: Row[] = [];
    for (const [index, clients] of LEVELS.entries()) {
      console.log(`${clients} clients…`);
      rows.push(await level(servers, admin, clients, index));
    }
    print(rows);
  } finally {
    for (const joiner of joiners) joiner.terminate();
    await stack.close();
  }
}

await main();
