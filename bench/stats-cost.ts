/**
 * What one computation of each /stats answer costs (issue 25): the SQL of server/stats/timeline and
 * server/stats/top, run one after another against the benchmark database, each answer `--runs` times
 * after a warm-up. The endpoints serve an answer computed at most once a minute (server/stats/computed.ts),
 * so the load benchmark's stats rows measure that; this measures the minute's one computation.
 *
 *   npx tsx bench/stats-cost.ts [--runs 20]
 *
 * Database: BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/almanac_bench (already seeded
 * by `npm run bench`, which also adds the fans' activity: bench/stats-activity.ts).
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { TOP_SIZE } from '../common/stats-paths';
import { openPostgres } from '../server/db/client';
import { periodStart } from '../server/db/filters';
import { readTagPeriods, readUploads } from '../server/stats/timeline/queries';
import { readTopLiked, readTopRadio, readTopRequested, readTopRequesters } from '../server/stats/top/queries';
import { ensureStatsActivity } from './stats-activity';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const runs = Math.max(1, Number(args.runs) || 20);
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/almanac_bench';

const database = await openPostgres(url, 2);
const { db } = database;
const loadBefore = os.loadavg()[0]!;
const activity = await ensureStatsActivity(db, console.log);
const month = () => periodStart('month', new Date());

const answers: [string, () => Promise<unknown>][] = [
  ['timeline?unit=month', () => readUploads(db, 'month')],
  ['timeline?unit=year', () => readUploads(db, 'year')],
  ['timeline?unit=year&what=tags', () => readTagPeriods(db, 'year', TOP_SIZE)],
  ['timeline?unit=month&what=tags', () => readTagPeriods(db, 'month', TOP_SIZE)],
  ['top?what=liked&kind=media', () => readTopLiked(db, 'media', undefined, TOP_SIZE)],
  ['top?what=liked&kind=media&period=month', () => readTopLiked(db, 'media', month(), TOP_SIZE)],
  ['top?what=liked&kind=stream', () => readTopLiked(db, 'stream', undefined, TOP_SIZE)],
  ['top?what=requested', () => readTopRequested(db, undefined, TOP_SIZE)],
  ['top?what=requesters', () => readTopRequesters(db, undefined, TOP_SIZE)],
  ['top?what=radio (30 days)', () => readTopRadio(db, month(), TOP_SIZE)],
];

const ms = (n: number) => (n < 10 ? n.toFixed(1) : Math.round(n).toString());
const lines: string[] = [];
for (const [name, run] of answers) {
  await run();
  await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
  lines.push(`| \`${name}\` | ${ms(at(50))} | ${ms(at(95))} | ${ms(times.at(-1)!)} |`);
  process.stdout.write('.');
}
await database.close();

console.log('');
console.log(
  `Activity: ${activity.fans.toLocaleString('en-US')} bench fans, ${activity.likes.toLocaleString('en-US')} likes, ` +
    `${activity.requests.toLocaleString('en-US')} request history rows, ${activity.plays.toLocaleString('en-US')} radio plays`,
);
console.log(
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}; load average (1 min) before: ${loadBefore.toFixed(2)}, after: ${os.loadavg()[0]!.toFixed(2)}`,
);
console.log(`One computation at a time, ${runs} runs each after 2 warm-ups:`);
console.log('');
console.log('| answer | p50 ms | p95 ms | max ms |');
console.log('|---|---:|---:|---:|');
for (const line of lines) console.log(line);
