/**
 * The server side of the load benchmark, run by bench/load.ts in a child process so the load
 * generator does not share an event loop with it: the real app (buildApp, PostgreSQL at
 * BENCH_DATABASE_URL, the production pool; or PGlite in BENCH_PGLITE_DIR, as the demo runs) with its read cache on and off, and a bare Fastify JSON
 * route as the ceiling, all on 127.0.0.1 at free ports. Reports the ports over IPC; exits when its parent goes away.
 */
import Fastify from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, openPglite } from '../server/db/client';

const databaseUrl = process.env.BENCH_DATABASE_URL;
/** load.ts --pglite: the embedded database in this directory, as the demo runs */
const pgliteDir = process.env.BENCH_PGLITE_DIR;
if ((!databaseUrl && !pgliteDir) || !process.send) {
  console.error('bench/server.ts is started by bench/load.ts (npm run bench)');
  process.exit(2);
}

const configFor = (readCacheMs: string) =>
  loadConfig({
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    DATA_DIR: pgliteDir ?? 'bench/.data',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    DEMO_SEED: 'false',
    READ_CACHE_MS: readCacheMs,
  });
const database = pgliteDir ? await openPglite(pgliteDir) : await openDatabase({ databaseUrl, dataDir: 'bench/.data' });
// The app as deployed (read cache on, its default TTL), and the same app with it off: what a request
// costs when it has to be built.
const { app } = await buildApp({ config: configFor(process.env.READ_CACHE_MS ?? '2000'), database, logger: false, serveWeb: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const { app: uncached } = await buildApp({ config: configFor('0'), database, logger: false, serveWeb: false });
await uncached.listen({ host: '127.0.0.1', port: 0 });

const bare = Fastify({ logger: false });
bare.get('/ping', async () => ({ hello: 'world' }));
await bare.listen({ host: '127.0.0.1', port: 0 });

const portOf = (server: typeof bare.server) => {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

async function stop() {
  await Promise.allSettled([app.close(), uncached.close(), bare.close()]);
  await database.close().catch(() => {});
  process.exit(0);
}
process.on('disconnect', () => void stop());
process.on('message', (message) => {
  if (message === 'stop') void stop();
  // CPU time this process has used, so the runner can report server CPU per request.
  if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
});
// Both apps build their search indexes once they listen: ready only then, so no row measures the builds.
await Promise.all([app.catalogue.search.warm(), uncached.catalogue.search.warm()]);
process.send({ app: portOf(app.server), uncached: portOf(uncached.server), bare: portOf(bare.server) });
