/**
 * Load benchmark of the catalogue read API on a 100,000-song catalogue in PostgreSQL.
 *
 *   npm run bench [-- --duration 10 --connections 100 --only latest,search]
 *
 * Database: BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/almanac_bench
 * (created when missing). When the catalogue has fewer songs than --songs, a generated one is added
 * with the seeder (`npm run cli -- seed`); on a database named by DATABASE_URL that needs --seed, so a
 * benchmark never fills a real database by accident. The app runs in a child process (bench/server.ts)
 * on 127.0.0.1; autocannon loads each endpoint for --duration seconds after a short warm-up, and a
 * markdown table of req/s and latency percentiles is printed. Only loopback is ever targeted.
 * `latest-user` reads as a logged-in viewer with likes (bench/viewer.ts); --pglite runs everything on
 * the embedded database of the demo (bench/.data/pglite-<songs>) instead of PostgreSQL.
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { catalogueCounts } from '../server/cli/queries';
import { seedCatalogue } from '../server/cli/seed';
import { loadConfig } from '../server/config';
import { openPglite, openPostgres } from '../server/db/client';
import { media } from '../server/db/schema';
import { searchQueries } from './search-queries';
import { ensureStatsActivity } from './stats-activity';
import { benchViewerCookies } from './viewer';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/almanac_bench';
/** Searches rotate over these: whole words, titles, misspellings and as-you-type prefixes (bench/search-queries.ts). */
const SEARCH_QUERIES = searchQueries();
/** The /stats page's answers (issue 25): each computed at most once a minute by the app (server/stats/computed.ts). */
const STATS_TIMELINE = ['?unit=month', '?unit=year', '?unit=year&what=tags', '?unit=month&what=tags'].map((q) => `/api/stats/timeline${q}`);
const STATS_TOP = [
  '?what=liked&kind=media',
  '?what=liked&kind=stream',
  '?what=liked&kind=clip',
  '?what=requested',
  '?what=requesters',
  '?what=radio',
].map((q) => `/api/stats/top${q}`);

/**
 * Catalogue lists as the site's pages ask for them: every kind, the common filters (provider, channel,
 * tags), periods and later pages (issue 23: lists without the read cache against a search page).
 */
const LISTS = [
  '/api/media/latest?size=21',
  '/api/media/latest?providers=youtube&size=21',
  '/api/media/latest?sources=nova_music,nova_daily&size=21&page=2',
  '/api/media?sort=top&tags=3&size=21',
  '/api/media?sort=duration&tags=5,7&providers=sound_cloud&size=21',
  '/api/media/top?size=21',
  '/api/media/top?period=week&size=21',
  '/api/media/top?period=year&providers=youtube&size=21&page=3',
  '/api/streams/latest?size=21',
  '/api/streams/top?period=six_months&size=21',
  '/api/playlists/latest?size=21',
  '/api/clips/top?size=21',
];

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '100' },
    songs: { type: 'string', default: '100000' },
    only: { type: 'string' },
    'server-root': { type: 'string' },
    seed: { type: 'boolean', default: false },
    pglite: { type: 'boolean', default: false },
    viewers: { type: 'string', default: '100' },
    profile: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  },
});
if (args.help) {
  console.log(
    'Usage: npm run bench [-- --duration 10 --warmup 2 --connections 100 --songs 100000 --only latest,latest-user,top,lists,search,suggest,by-id,stats-timeline,stats-top,latest-uncached,latest-user-uncached,top-uncached,lists-uncached,search-uncached,suggest-uncached,by-id-uncached,stats-timeline-uncached,stats-top-uncached,bare --seed --pglite --viewers 100 --profile --server-root /path/to/another/checkout]',
  );
  process.exit(0);
}
const positive = (name: string, value: string | undefined) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number`);
    process.exit(2);
  }
  return n;
};
const duration = positive('duration', args.duration);
const warmup = positive('warmup', args.warmup);
const viewers = Math.max(1, positive('viewers', args.viewers));
const connections = positive('connections', args.connections);
const songsWanted = positive('songs', args.songs);

const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? DEFAULT_URL;
/** --pglite: the embedded database of the demo instead (its own directory per catalogue size, kept between runs). */
const pgliteDir = args.pglite ? path.resolve(`bench/.data/pglite-${songsWanted}`) : undefined;
const fromAppUrl = !process.env.BENCH_DATABASE_URL && Boolean(process.env.DATABASE_URL);
const redacted = (() => {
  const url = new URL(databaseUrl);
  if (url.password) url.password = '***';
  return url.toString();
})();
if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(new URL(databaseUrl).hostname)) {
  console.warn(`Note: the database is not on this machine (${redacted}); network latency will be part of the figures.`);
}

/** Creates the database when the server answers "does not exist". */
async function ensureDatabase(url: string) {
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    await probe.end();
    return;
  } catch (error) {
    await probe.end().catch(() => {});
    if ((error as { code?: string }).code !== '3D000') throw error;
  }
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  target.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: target.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    console.log(`Created database ${name}`);
  } finally {
    await admin.end();
  }
}

/** Makes sure the catalogue is large enough; answers sample song ids and what is in it. */
async function prepare() {
  if (!pgliteDir) await ensureDatabase(databaseUrl);
  const database = pgliteDir ? await openPglite(pgliteDir) : await openPostgres(databaseUrl, 4);
  try {
    await database.migrate();
    let counts = await catalogueCounts(database.db);
    if (counts.songs < songsWanted) {
      if (fromAppUrl && !args.seed && !pgliteDir) {
        throw new Error(
          `The catalogue at DATABASE_URL (${redacted}) has ${counts.songs} songs and the benchmark needs ${songsWanted}. ` +
            'Set BENCH_DATABASE_URL to a throw-away database, or run with --seed to add a generated catalogue to this one.',
        );
      }
      console.log(`The catalogue has ${counts.songs} songs; adding ${songsWanted} generated songs (takes about a minute)...`);
      const config = loadConfig({ DATABASE_URL: databaseUrl });
      await seedCatalogue(database.db, config, { songs: songsWanted }, (m) => console.log(`  ${m}`));
      counts = await catalogueCounts(database.db);
    }
    const ids = await database.db
      .select({ id: media.id })
      .from(media)
      .where(eq(media.unavailable, false))
      .orderBy(sql`random()`)
      .limit(2000);
    const [version] = await database.db.select({ v: sql<string>`current_setting('server_version')` }).from(sql`(SELECT 1) AS one`);
    const viewer = await benchViewerCookies(database.db, viewers);
    // The fans' likes, requests and radio plays the stats rows rank (bench/stats-activity.ts); added once.
    const activity = await ensureStatsActivity(database.db, (m) => console.log(m));
    return {
      counts,
      ids: ids.map((r) => r.id),
      postgres: `${pgliteDir ? 'PGlite (embedded) ' : ''}${version?.v ?? '?'}`,
      viewer,
      activity,
    };
  } finally {
    await database.close();
  }
}

interface BenchServer {
  ports: { app: number; uncached: number; bare: number };
  /** CPU microseconds (user + system) the server process has used so far */
  cpu: () => Promise<number>;
  stop: () => void;
}

function startServer(): Promise<BenchServer> {
  // --server-root: the server of another checkout (its code, this database and load), e.g. the code before a change.
  const script = args['server-root']
    ? pathToFileURL(path.resolve(args['server-root'], 'bench/server.ts'))
    : new URL('./server.ts', import.meta.url);
  const child = fork(script, {
    // --profile: a V8 CPU profile of the server, to open in Chrome DevTools or speedscope.
    execArgv: ['--import', 'tsx', ...(args.profile ? ['--cpu-prof', '--cpu-prof-dir=bench/.data/profiles'] : [])],
    env: pgliteDir ? { ...process.env, BENCH_PGLITE_DIR: pgliteDir } : { ...process.env, BENCH_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The benchmark server did not start within 180 s')), 180_000);
    child.once('exit', (code) => reject(new Error(`The benchmark server exited (code ${code})`)));
    child.once('message', (ports) => {
      clearTimeout(timer);
      resolve({
        ports: ports as { app: number; uncached: number; bare: number },
        cpu: () =>
          new Promise((answer) => {
            child.once('message', (reply) => {
              const { cpu } = reply as { cpu: NodeJS.CpuUsage };
              answer(cpu.user + cpu.system);
            });
            child.send('cpu');
          }),
        stop: () => {
          if (child.connected) child.send('stop');
          setTimeout(() => child.kill('SIGKILL'), 5000).unref();
        },
      });
    });
  });
}

interface Endpoint {
  name: string;
  /** what the table shows */
  label: string;
  server: 'app' | 'uncached' | 'bare';
  paths: string[];
  /** The logged-in rows' session cookies, one per request in turn (distinct viewers) */
  cookies?: string[];
}

interface Outcome {
  endpoint: Endpoint;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** server process CPU per successful request, µs */
  cpuPerRequest: number;
  failures: string;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One autocannon run; every response time is kept, so percentiles are exact (autocannon has no p95). */
async function load(port: number, paths: string[], seconds: number, conns: number, cookies: string[] = []) {
  let next = 0;
  let nextCookie = 0;
  const withCookie = <Headers extends object>(headers: Headers | undefined) =>
    cookies.length === 0 ? headers : { ...headers, cookie: cookies[nextCookie++ % cookies.length]! };
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: conns,
        duration: seconds,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]!, headers: withCookie(request.headers) }),
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      times.push(responseTime);
    });
  });
  return { result, times: Float64Array.from(times).sort() };
}

/**
 * Waits until the server answers a cheap request quickly again, so work queued by the previous
 * endpoint (requests still in the pool or the database) does not land in the next one's figures.
 */
async function settle(port: number, path: string) {
  const deadline = Date.now() + 30_000;
  let quick = 0;
  while (quick < 3 && Date.now() < deadline) {
    const started = performance.now();
    await fetch(`http://127.0.0.1:${port}${path}`).then((res) => res.arrayBuffer());
    quick = performance.now() - started < 25 ? quick + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function measure(endpoint: Endpoint, server: BenchServer): Promise<Outcome> {
  const port = server.ports[endpoint.server];
  await settle(port, endpoint.paths[0]!);
  if (warmup > 0) await load(port, endpoint.paths, warmup, Math.min(connections, 10), endpoint.cookies);
  const cpuBefore = await server.cpu();
  const { result, times } = await load(port, endpoint.paths, duration, connections, endpoint.cookies);
  const cpuUsed = (await server.cpu()) - cpuBefore;
  const failures = [
    result.non2xx ? `${result.non2xx} non-2xx` : '',
    result.errors ? `${result.errors} errors` : '',
    result.timeouts ? `${result.timeouts} timeouts` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return {
    endpoint,
    requests: result['2xx'],
    rps: result['2xx'] / result.duration,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times.length ? times[times.length - 1]! : Number.NaN,
    cpuPerRequest: result['2xx'] ? cpuUsed / result['2xx'] : Number.NaN,
    failures,
  };
}

const ms = (n: number) => (Number.isNaN(n) ? '-' : n < 10 ? n.toFixed(1) : Math.round(n).toString());

async function main() {
  const started = Date.now();
  const loadBefore = os.loadavg()[0]!;
  console.log(`Database: ${pgliteDir ?? redacted}`);
  const { counts, ids, postgres, viewer, activity } = await prepare();

  const reads: Omit<Endpoint, 'server'>[] = [
    { name: 'latest', label: 'latest `/api/media/latest?size=21`', paths: ['/api/media/latest?size=21'] },
    {
      name: 'latest-user',
      label: `logged-in latest \`/api/media/latest?size=21\` (${viewer.cookies.length} viewers in turn, ~${viewer.likes} likes each)`,
      paths: ['/api/media/latest?size=21'],
      cookies: viewer.cookies,
    },
    { name: 'top', label: 'top `/api/media/top?period=month&size=21`', paths: ['/api/media/top?period=month&size=21'] },
    { name: 'lists', label: `lists \`/api/{kind}[/latest|/top]?…\` (${LISTS.length} lists: filters, periods, pages)`, paths: LISTS },
    {
      name: 'search',
      label: `search \`/api/media?q=…&sort=relevance&size=21\` (${SEARCH_QUERIES.length} queries)`,
      paths: SEARCH_QUERIES.map((q) => `/api/media?q=${encodeURIComponent(q)}&sort=relevance&size=21`),
    },
    {
      name: 'suggest',
      label: `suggest \`/api/search/suggest?q=…\` (${SEARCH_QUERIES.length} queries)`,
      paths: SEARCH_QUERIES.map((q) => `/api/search/suggest?q=${encodeURIComponent(q)}`),
    },
    { name: 'by-id', label: `by id \`/api/media/{id}\` (${ids.length} ids)`, paths: ids.map((id) => `/api/media/${id}`) },
    { name: 'stats-timeline', label: `stats timeline \`/api/stats/timeline?…\` (${STATS_TIMELINE.length} answers)`, paths: STATS_TIMELINE },
    { name: 'stats-top', label: `stats top \`/api/stats/top?…\` (${STATS_TOP.length} lists)`, paths: STATS_TOP },
  ];
  const endpoints: Endpoint[] = [
    ...reads.map((read) => ({ ...read, server: 'app' as const })),
    // The same reads with the read cache off: every request is built from the database.
    ...reads.map((read) => ({
      ...read,
      name: `${read.name}-uncached`,
      label: `${read.label}, read cache off`,
      server: 'uncached' as const,
    })),
    { name: 'bare', label: 'ceiling: bare Fastify JSON route', server: 'bare', paths: ['/ping'] },
  ];
  const only = args.only?.split(',').map((s) => s.trim());
  const chosen = only ? endpoints.filter((e) => only.includes(e.name)) : endpoints;
  if (chosen.length === 0) {
    console.error(`--only takes ${endpoints.map((e) => e.name).join(', ')}`);
    process.exit(2);
  }

  const server = await startServer();
  const outcomes: Outcome[] = [];
  try {
    for (const endpoint of chosen) {
      process.stdout.write(`${endpoint.name}: ${warmup} s warm-up, ${duration} s at ${connections} connections... `);
      const outcome = await measure(endpoint, server);
      outcomes.push(outcome);
      console.log(`${Math.round(outcome.rps)} req/s, p95 ${ms(outcome.p95)} ms${outcome.failures ? ` (${outcome.failures})` : ''}`);
    }
  } finally {
    server.stop();
  }

  const cpus = os.cpus();
  console.log('');
  console.log(
    `Catalogue: ${counts.songs.toLocaleString('en-US')} songs, ${counts.streams.toLocaleString('en-US')} streams, ` +
      `${counts.playlists.toLocaleString('en-US')} playlists, ${counts.clips.toLocaleString('en-US')} clips; PostgreSQL ${postgres}`,
  );
  console.log(
    `Stats activity: ${activity.likes.toLocaleString('en-US')} likes, ${activity.requests.toLocaleString('en-US')} request history rows, ` +
      `${activity.plays.toLocaleString('en-US')} radio plays`,
  );
  console.log(
    `Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`,
  );
  console.log(
    `Load average (1 min) before the run: ${loadBefore.toFixed(2)}` +
      (loadBefore > 0.5 ? ' (other work was running on this machine; an idle one gives better figures)' : ''),
  );
  if (args['server-root']) console.log(`Server: ${path.resolve(args['server-root'])}/bench/server.ts`);
  console.log(`Load: autocannon, ${connections} connections, ${duration} s per endpoint after a ${warmup} s warm-up, 127.0.0.1`);
  console.log('');
  console.log('| endpoint | req/s | p50 ms | p95 ms | p99 ms | max ms | server CPU µs/req | failures |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const o of outcomes) {
    const cpu = Number.isNaN(o.cpuPerRequest) ? '-' : Math.round(o.cpuPerRequest);
    console.log(
      `| ${o.endpoint.label} | ${Math.round(o.rps)} | ${ms(o.p50)} | ${ms(o.p95)} | ${ms(o.p99)} | ${ms(o.max)} | ${cpu} | ${o.failures || 'none'} |`,
    );
  }
  console.log('');
  console.log(`Finished in ${Math.round((Date.now() - started) / 1000)} s.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
