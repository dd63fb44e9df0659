/**
 * Failed requests while the database connections are cut under load (issue 9, defect 1).
 *
 *   npx tsx bench/cut.ts [--duration 20 --connections 50 --every 2000 --songs 5000 --reads-only]
 *
 * The app (bench/server.ts in a child process, the production pool) serves uncached catalogue reads
 * under autocannon load while a sync runs back to back (it holds the job lock's connection and
 * writes in transactions), and every --every ms all of the app's sessions are ended with
 * pg_terminate_backend, as a restart or failover would (--reads-only: no sync). It prints how many requests failed and how,
 * and whether the server process survived. Database: BENCH_CUT_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/almanac_cut_bench (created, migrated and seeded when missing).
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { catalogueCounts } from '../server/cli/queries';
import { seedCatalogue } from '../server/cli/seed';
import { loadConfig } from '../server/config';
import { openPostgres } from '../server/db/client';
import { media } from '../server/db/schema';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    every: { type: 'string', default: '2000' },
    songs: { type: 'string', default: '5000' },
    'reads-only': { type: 'boolean', default: false },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const everyMs = Number(args.every);
const databaseUrl = process.env.BENCH_CUT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/almanac_cut_bench';
if (!['127.0.0.1', 'localhost', '::1'].includes(new URL(databaseUrl).hostname)) {
  console.error('bench/cut.ts ends every session of its database: it runs on a local throw-away database only');
  process.exit(2);
}

async function prepare(): Promise<number[]> {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  target.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: target.toString() });
  await admin.connect();
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!rowCount) await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  await admin.end();
  const database = await openPostgres(databaseUrl, 4);
  try {
    await database.migrate();
    if ((await catalogueCounts(database.db)).songs < Number(args.songs)) {
      await seedCatalogue(database.db, loadConfig({ DATABASE_URL: databaseUrl }), { songs: Number(args.songs) });
    }
    const rows = await database.db
      .select({ id: media.id })
      .from(media)
      .where(eq(media.unavailable, false))
      .orderBy(sql`random()`)
      .limit(500);
    return rows.map((r) => r.id);
  } finally {
    await database.close();
  }
}

const ids = await prepare();
const server = fork(new URL('./server.ts', import.meta.url).pathname, [], {
  env: { ...process.env, BENCH_DATABASE_URL: databaseUrl, READ_CACHE_MS: '0' },
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
});
let serverExit: string | null = null;
let serverStderr = '';
server.stderr?.on('data', (chunk) => {
  serverStderr += chunk;
});
server.on('exit', (code, signal) => {
  serverExit = `exited (${signal ?? `code ${code}`}) at ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`;
});
const ports = await new Promise<{ app: number; uncached: number }>((resolve, reject) => {
  server.once('message', (message) => resolve(message as { app: number; uncached: number }));
  server.once('exit', () => reject(new Error(`bench/server.ts exited before listening:\n${serverStderr}`)));
});
let loadStarted = performance.now();

// Syncs back to back on the app (the sandbox stands in for the providers), so the job lock's
// connection and the sync's transactions are in use when the connections are cut.
let syncing = !args['reads-only'];
let syncs = 0;
const syncLoop = (async () => {
  while (syncing && !serverExit) {
    await fetch(`http://127.0.0.1:${ports.app}/api/sync`, { method: 'POST' })
      .then(() => syncs++)
      .catch(() => {});
  }
})();

const operator = new pg.Client({ connectionString: databaseUrl });
await operator.connect();
let cuts = 0;
let sessionsEnded = 0;
const cutter = setInterval(async () => {
  const { rows } = await operator.query<{ n: number }>(
    'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  cuts++;
  sessionsEnded += rows[0]!.n;
}, everyMs);

const statuses = new Map<number, number>();
loadStarted = performance.now();
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon(
    {
      url: `http://127.0.0.1:${ports.uncached}`,
      connections,
      duration,
      requests: [
        { method: 'GET', path: '/api/media/latest?size=21' },
        { method: 'GET', path: '/api/media/top?period=month&size=21' },
        { method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/media/${ids[Math.floor(Math.random() * ids.length)]}` }) },
      ],
    },
    (error, done) => (error ? reject(error) : resolve(done)),
  );
  instance.on('response', (_client, statusCode) => statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1));
});
clearInterval(cutter);
syncing = false;
await Promise.race([syncLoop, new Promise((resolve) => setTimeout(resolve, 5_000))]);
await operator.end();

const total = result.requests.total;
const failed = total - (statuses.get(200) ?? 0) + result.errors + result.timeouts;
console.log(
  `| ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)} | ${duration} s, ${connections} connections, cut every ${everyMs} ms |`,
);
console.log(
  JSON.stringify(
    {
      requests: total,
      ok: statuses.get(200) ?? 0,
      failed,
      statuses: Object.fromEntries(statuses),
      socketErrors: result.errors,
      timeouts: result.timeouts,
      reqPerSec: Math.round(result.requests.average),
      p99ms: result.latency.p99,
      cuts,
      sessionsEnded,
      syncsFinished: syncs,
      server: serverExit ?? 'up',
    },
    null,
    2,
  ),
);
if (serverExit) console.log(serverStderr.split('\n').slice(0, 8).join('\n'));
server.kill();
process.exit(0);
