/**
 * Issue 23's search-index timings on a benchmark database (BENCH_DATABASE_URL, seeded by
 * bench/load.ts or `npm run cli -- seed`): a search sent the moment the server listens (while every
 * index is still being built), how long the start-up build of every index takes, how long a write
 * naming its item takes to show in a search (a patch), and a write announced without ids: how long
 * the next search takes, and how long until a search shows the write (a rebuild).
 * `BENCH_DATABASE_URL=… npx tsx bench/search-writes.ts [--server-root /path/to/another/checkout]`
 * (--server-root: that checkout's server code, e.g. the code before a change, on this database)
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';

const { values: args } = parseArgs({ options: { 'server-root': { type: 'string' } } });
const root = path.resolve(args['server-root'] ?? path.join(import.meta.dirname, '..'));
const { buildApp } = (await import(path.join(root, 'server/app.ts'))) as typeof import('../server/app');
const { loadConfig } = (await import(path.join(root, 'server/config.ts'))) as typeof import('../server/config');
const { openDatabase } = (await import(path.join(root, 'server/db/client.ts'))) as typeof import('../server/db/client');
const { media } = (await import(path.join(root, 'server/db/schema.ts'))) as typeof import('../server/db/schema');

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
const page = async (q: string) => (await app.inject({ url: `/api/media?q=${encodeURIComponent(q)}&size=21` })).json();
const ids = async (q: string): Promise<number[]> => (await page(q)).content.map((m: { id: number }) => m.id);
const mediaBuiltAt = () =>
  search
    .stats()
    .find((s) => s.kind === 'media')
    ?.builtAt.getTime();
console.log(`server code: ${root}`);

let started = performance.now();
await app.listen({ host: '127.0.0.1', port: 0 });
const listened = performance.now();
console.log(`listening in ${ms(started)}`);
// Sent at once: every index is being built now (media first).
const first = await page('neon');
console.log(`a search sent as the server listens: answered in ${ms(listened)} (${first.totalElements} matches)`);
await search.warm();
console.log(
  `every index built in the background in ${ms(listened)} after listen: ${search
    .stats()
    .map((s) => `${s.kind} ${s.items}`)
    .join(', ')}`,
);
started = performance.now();
const built = await page('neon');
console.log(`first search once built: ${ms(started)} (${built.totalElements} matches)`);

const [song] = await database.db.select({ id: media.id, name: media.name }).from(media).orderBy(sql`${media.id} desc`).limit(1);
const rename = (name: string) => database.db.update(media).set({ name, updatedAt: new Date() }).where(eq(media.id, song!.id));
await rename(`Zyxwvut ${song!.name}`);
started = performance.now();
context.catalogue.changed({ media: [song!.id] });
const found = (await ids('zyxwvut')).includes(song!.id);
console.log(`a write naming its item, to the search that finds it: ${ms(started)} (found: ${found})`);

await rename(song!.name);
const before = mediaBuiltAt();
started = performance.now();
context.catalogue.changed();
const shown = !(await ids('zyxwvut')).includes(song!.id);
console.log(`a write announced without ids, to the next search's answer: ${ms(started)} (shows the write: ${shown})`);
// Until a search shows it: the rebuild landed (polled every 10 ms, a search each time).
while (mediaBuiltAt() === before || (await ids('zyxwvut')).includes(song!.id)) await new Promise((r) => setTimeout(r, 10));
console.log(`… and to the first search that shows it (the rebuild in place): ${ms(started)}`);
await app.close();
await database.close();
