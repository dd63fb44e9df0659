/**
 * Issue 23's search-index timings on a benchmark database (BENCH_DATABASE_URL, seeded by
 * bench/load.ts): how long the start-up build of every index takes (what a first search used to
 * wait), whether the first search after it waits at all, how long a write naming its item takes to
 * show in a search (a patch), and one announced without ids (a rebuild, what every write cost before).
 * `BENCH_DATABASE_URL=… npx tsx bench/search-writes.ts`
 */
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { media } from '../server/db/schema';

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) {
  console.error('Set BENCH_DATABASE_URL to a database seeded by bench/load.ts');
  process.exit(2);
}
const config = loadConfig({
  DATABASE_URL: databaseUrl,
  DATA_DIR: 'bench/.data',
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'silent',
  DEMO_SEED: 'false',
  READ_CACHE_MS: '0',
});
const database = await openDatabase({ databaseUrl, dataDir: 'bench/.data' });
const { app, context } = await buildApp({ config, database, logger: false, serveWeb: false });
const { search } = context.catalogue;
const ms = (from: number) => `${Math.round(performance.now() - from)} ms`;
const ids = async (q: string) =>
  (await app.inject({ url: `/api/media?q=${encodeURIComponent(q)}&size=21` })).json().content.map((m: { id: number }) => m.id);

let started = performance.now();
await app.listen({ host: '127.0.0.1', port: 0 });
console.log(`listening in ${ms(started)}`);
await search.warming;
console.log(
  `every index built in the background in ${ms(started)} after listen: ${search
    .stats()
    .map((s) => `${s.kind} ${s.items}`)
    .join(', ')}`,
);
started = performance.now();
await ids('neon');
console.log(`first search after that: ${ms(started)}`);

const [song] = await database.db.select({ id: media.id, name: media.name }).from(media).orderBy(sql`${media.id} desc`).limit(1);
const rename = (name: string) => database.db.update(media).set({ name, updatedAt: new Date() }).where(eq(media.id, song!.id));
await rename(`Zyxwvut ${song!.name}`);
started = performance.now();
context.catalogue.changed({ media: [song!.id] });
const found = (await ids('zyxwvut')).includes(song!.id);
console.log(`a write naming its item, to the search that finds it: ${ms(started)} (found: ${found})`);
await rename(song!.name);
started = performance.now();
context.catalogue.changed();
const gone = !(await ids('zyxwvut')).includes(song!.id);
console.log(`a write announced without ids (a rebuild), to the next search: ${ms(started)} (old name gone: ${gone})`);
await app.close();
await database.close();
