/**
 * The go-live spike (issue 22): the streamer goes live and 2,000 visitors open the site within 10 s.
 *
 *   npm run bench:go-live [-- --visitors 2000 --seconds 10 --songs 20000 --only on,off]
 *
 * nginx with deploy/almanac.nginx.conf.template in front of two instances on one throw-away
 * PostgreSQL database (deploy/stack.ts, as `npm run test:deploy` runs them), a catalogue seeded
 * with `--songs`, and two balancers on the same instances: one with the edge cache on, one rendered
 * with ALMANAC_EDGE_CACHE=off. For each, visitors arrive evenly over `--seconds`; each makes the
 * home page's API calls at once, as the browser does (HOME_CALLS below), logged out. Reported:
 * requests per second answered, per-request latency percentiles, each visitor's time until every
 * call had answered, where answers came from (nginx's X-Cache-Status; how many reached an
 * instance) and PostgreSQL's transactions per second for the database (pg_stat_database
 * xact_commit + xact_rollback, less the idle rate measured first: each read is an autocommit
 * statement, so this is about queries per second). Everything runs on 127.0.0.1, on this machine.
 * The instances run as deployed: their own read cache on (READ_CACHE_MS, default 2000).
 */
import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  type Balancer,
  freePort,
  type Process,
  Stack,
  seedCatalogue,
  startInstance,
  startNginx,
  throwAwayDatabase,
  UPSTREAM_HEADER,
  waitForHttp,
} from '../deploy/stack';

/**
 * What the home page asks for on a first visit, logged out, on a screen at least 640 px wide
 * (web/routes/home.tsx and the shell): the user menu, the live indicator, the last stream, the
 * channel stats and top tags (one call), and short pages (8) of this month's top and latest songs.
 */
export const HOME_CALLS = [
  '/api/auth/user',
  '/api/live',
  '/api/streams/latest?page=1&size=1',
  '/api/stats',
  '/api/media/top?period=month&page=1&size=8',
  '/api/media/latest?page=1&size=8',
];

const ADMIN_URL = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** PostgreSQL (15) flushes a backend's counters when it goes idle, or up to 10 s later: wait that out. */
const STATS_FLUSH_MS = 11_000;

const { values: args } = parseArgs({
  options: {
    visitors: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '10' },
    songs: { type: 'string', default: '20000' },
    only: { type: 'string', default: 'on,off' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  console.log('Usage: npm run bench:go-live [-- --visitors 2000 --seconds 10 --songs 20000 --only on,off]');
  process.exit(0);
}
const visitors = Number(args.visitors);
const seconds = Number(args.seconds);
const songs = Number(args.songs);
const modes = (args.only ?? '').split(',').filter((m): m is 'on' | 'off' => m === 'on' || m === 'off');
if (![visitors, seconds, songs].every((n) => Number.isInteger(n) && n > 0) || modes.length === 0) {
  console.error('--visitors, --seconds and --songs are whole numbers above 0; --only is on, off or both');
  process.exit(2);
}

interface Call {
  path: string;
  ms: number;
  status: number;
  cache: string;
  reachedInstance: boolean;
}

/** Up to 6 connections per visitor in a browser; here one pool, bounded so nginx is not flooded with sockets. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 600 });

function call(base: URL, path: string): Promise<Call> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.get({ host: base.hostname, port: base.port, path, agent, headers: { accept: 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          path,
          ms: performance.now() - started,
          status: res.statusCode ?? 0,
          cache: String(res.headers['x-cache-status'] ?? '-'),
          reachedInstance: Boolean(res.headers[UPSTREAM_HEADER]),
        }),
      );
    });
    req.on('error', () => resolve({ path, ms: performance.now() - started, status: 0, cache: 'error', reachedInstance: false }));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function visit(base: URL): Promise<{ calls: Call[]; ms: number }> {
  const started = performance.now();
  const calls = await Promise.all(HOME_CALLS.map((path) => call(base, path)));
  return { calls, ms: performance.now() - started };
}

/** Transactions the database has counted so far (committed and rolled back). */
async function transactions(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

interface Row {
  mode: string;
  requests: number;
  failed: number;
  elapsedS: number;
  reqPerS: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  visitorP95: number;
  reached: number;
  statuses: string;
  xactPerS: number;
  xactRun: number;
  /** p50 / p95 ms of each home call */
  byPath: Map<string, [number, number]>;
}

/** Visitors arrive evenly over `seconds`; each makes the home page's calls at once. */
async function goLive(base: URL, mode: string, databaseUrl: string, idlePerS: number): Promise<Row> {
  // A few visitors first (compiled code paths, pooled connections), then both caches left to expire.
  for (let i = 0; i < 5; i++) await visit(base);
  await sleep(3_000 + STATS_FLUSH_MS);
  const before = await transactions(databaseUrl);
  const windowStart = performance.now();
  const gapMs = (seconds * 1000) / visitors;
  const visits: Promise<{ calls: Call[]; ms: number }>[] = [];
  for (let i = 0; i < visitors; i++) {
    const due = windowStart + i * gapMs;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    visits.push(visit(base));
  }
  const done = await Promise.all(visits);
  const elapsedS = (performance.now() - windowStart) / 1000;
  await sleep(STATS_FLUSH_MS);
  const xactWindowS = (performance.now() - windowStart) / 1000;
  const xactRun = Math.max(0, (await transactions(databaseUrl)) - before - idlePerS * xactWindowS);

  const calls = done.flatMap((d) => d.calls);
  const latencies = calls.map((c) => c.ms).sort((a, b) => a - b);
  const pages = done.map((d) => d.ms).sort((a, b) => a - b);
  const statusCounts = new Map<string, number>();
  for (const c of calls) statusCounts.set(c.cache, (statusCounts.get(c.cache) ?? 0) + 1);
  return {
    mode,
    requests: calls.length,
    failed: calls.filter((c) => c.status !== 200).length,
    elapsedS,
    reqPerS: calls.length / elapsedS,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
    visitorP95: percentile(pages, 95),
    reached: calls.filter((c) => c.reachedInstance).length,
    statuses: [...statusCounts]
      .sort((a, b) => b[1] - a[1])
      .map(([s, n]) => `${s} ${n}`)
      .join(', '),
    xactPerS: xactRun / elapsedS,
    xactRun,
    byPath: new Map(
      HOME_CALLS.map((path) => {
        const ms = calls
          .filter((c) => c.path === path)
          .map((c) => c.ms)
          .sort((a, b) => a - b);
        return [path, [percentile(ms, 50), percentile(ms, 95)]];
      }),
    ),
  };
}

/** Transactions per second with nobody visiting: the instances' own jobs, timers and listeners. */
async function idleRate(databaseUrl: string): Promise<number> {
  await sleep(STATS_FLUSH_MS);
  const before = await transactions(databaseUrl);
  const started = performance.now();
  await sleep(STATS_FLUSH_MS);
  return ((await transactions(databaseUrl)) - before) / ((performance.now() - started) / 1000);
}

function printTable(rows: Row[], idlePerS: number, loadBefore: number[]) {
  console.log(
    `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}; load average before: ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `Load: ${visitors} visitors within ${seconds} s, ${HOME_CALLS.length} calls each (${HOME_CALLS.join(', ')}); ${songs} songs; idle database ${idlePerS.toFixed(1)} transactions/s (subtracted)\n`,
  );
  console.log(
    '| edge cache | requests | failed | took s | req/s | p50 ms | p95 ms | p99 ms | max ms | visitor p95 ms | reached an instance | X-Cache-Status | DB transactions | DB transactions/s |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|');
  for (const r of rows) {
    const f = (n: number) => n.toFixed(n < 10 ? 1 : 0);
    console.log(
      `| ${r.mode} | ${r.requests} | ${r.failed} | ${r.elapsedS.toFixed(1)} | ${f(r.reqPerS)} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${f(r.max)} | ${f(r.visitorP95)} | ${r.reached} | ${r.statuses} | ${Math.round(r.xactRun)} | ${f(r.xactPerS)} |`,
    );
  }
  console.log(`\n| call (p50 / p95 ms) | ${rows.map((r) => `edge cache ${r.mode}`).join(' | ')} |`);
  console.log(`|---|${rows.map(() => '---:').join('|')}|`);
  for (const path of HOME_CALLS) {
    const cells = rows.map((r) => {
      const [p50, p95] = r.byPath.get(path) ?? [0, 0];
      return `${p50.toFixed(1)} / ${p95.toFixed(0)}`;
    });
    console.log(`| \`${path}\` | ${cells.join(' | ')} |`);
  }
}

async function main() {
  const stack = new Stack();
  const processes: Process[] = [];
  try {
    const databaseUrl = await throwAwayDatabase(stack, ADMIN_URL, 'almanac_go_live');
    const [portOn, portOff, portA, portB] = [await freePort(), await freePort(), await freePort(), await freePort()];
    const instances: [string, string] = [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`];
    const env = process.env.READ_CACHE_MS ? { READ_CACHE_MS: process.env.READ_CACHE_MS } : {};
    const balancers: Record<'on' | 'off', Balancer> = {
      on: await startNginx(stack, { port: portOn, instances, instanceEnv: env }),
      off: await startNginx(stack, { port: portOff, instances, instanceEnv: env, edgeCache: false }),
    };
    processes.push(balancers.on.proc, balancers.off.proc);
    const common = { databaseUrl, publicUrl: balancers.on.url, env };
    processes.push(await startInstance(stack, 'instance-a', { ...common, port: portA }));
    console.log(`Seeding ${songs} songs…`);
    await seedCatalogue(databaseUrl, songs);
    processes.push(await startInstance(stack, 'instance-b', { ...common, port: portB }));
    for (const lb of Object.values(balancers)) await waitForHttp(`${lb.url}/api/health`, lb.proc);
    console.log('Measuring the idle database…');
    const idlePerS = await idleRate(databaseUrl);
    const loadBefore = os.loadavg();
    const rows: Row[] = [];
    for (const mode of modes) {
      console.log(`Edge cache ${mode}: ${visitors} visitors within ${seconds} s…`);
      rows.push(await goLive(new URL(balancers[mode].url), mode, databaseUrl, idlePerS));
    }
    printTable(rows, idlePerS, loadBefore);
  } catch (error) {
    console.error(`\nFAILED: ${(error as Error).message}`);
    for (const proc of processes) console.error(`\n--- ${proc.name} (last output) ---\n${proc.output().slice(-3000)}`);
    process.exitCode = 1;
  } finally {
    agent.destroy();
    await stack.close();
  }
}

await main();
