/**
 * The first screen's main-thread work, task by task (issue 23): what Lighthouse's total blocking time is
 * made of, measured without its simulation, so a change to the start-up can be judged on a busy host where
 * Lighthouse's scores move 5-10 points from run to run of the same build.
 *
 *   npx tsx bench/main-thread.ts [--url http://127.0.0.1:PORT] [--pages /,/radio] [--runs 5] [--slowdown 4] [--tasks]
 *
 * Each page loads `--runs` times, each in a fresh context of Debian's Chromium at a phone's viewport,
 * unthrottled, under a Chrome trace. The page's main-thread tasks from its first contentful paint until the
 * network is idle are weighed as Lighthouse's mobile preset weighs them after its 4x CPU slowdown:
 * blocking = Σ max(0, slowdown × duration − 50 ms). Medians over the runs are printed per page, with the
 * longest task (at the slowdown), the number of long tasks, and the unthrottled milliseconds of script and of
 * style and layout. `--tasks` lists each run's long tasks with what ran in them.
 *
 * Without --url the real server (server/main.ts) starts with a fresh demo catalogue serving dist/web
 * (`npm run build:web` first), as bench/lighthouse.ts does. Compare builds in one sitting: A, B, A, B.
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type Browser, chromium } from 'playwright-core';
import { startDemoServer } from '../scripts/demo-server';
import { median } from './median';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    pages: { type: 'string', default: '/,/latest,/media/{id},/radio,/request/flip' },
    runs: { type: 'string', default: '5' },
    slowdown: { type: 'string', default: '4' },
    tasks: { type: 'boolean', default: false },
  },
});
const runs = Number(args.runs);
const slowdown = Number(args.slowdown);
/** Lighthouse's long-task threshold */
const LONG_MS = 50;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args: { name?: string; frame?: string; data?: { url?: string; navigationId?: string; frame?: string; isMainFrame?: boolean } };
}

interface Task {
  startMs: number;
  durationMs: number;
  /** What ran inside it, in unthrottled ms, e.g. "v8.evaluateModule 73" */
  parts: string;
}

interface Run {
  blockingMs: number;
  longestMs: number;
  longTasks: number;
  scriptMs: number;
  styleLayoutMs: number;
  fcpMs: number;
  lcpMs: number;
  tasks: Task[];
}

const SCRIPT = new Set(['v8.evaluateModule', 'EvaluateScript', 'FunctionCall', 'TimerFire', 'EventDispatch']);
const STYLE_LAYOUT = new Set(['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize']);
const PARTS = new Set([...SCRIPT, ...STYLE_LAYOUT, 'RunMicrotasks', 'MinorGC', 'MajorGC', 'ParseHTML']);

/** An event's duration in ms (trace times are µs). */
const ms = (event: TraceEvent) => (event.dur ?? 0) / 1000;

const within = (outer: TraceEvent, inner: TraceEvent) =>
  inner.pid === outer.pid && inner.tid === outer.tid && inner.ts >= outer.ts && inner.ts + (inner.dur ?? 0) <= outer.ts + (outer.dur ?? 0);

/** Top-level events only (a FunctionCall inside a TimerFire counts once). */
function sumTopLevel(events: TraceEvent[], names: Set<string>): number {
  const picked = events.filter((event) => names.has(event.name)).sort((a, b) => a.ts - b.ts);
  let total = 0;
  let end = -1;
  for (const event of picked) {
    if (event.ts >= end) {
      total += event.dur ?? 0;
      end = event.ts + (event.dur ?? 0);
    }
  }
  return total / 1000;
}

function describeTask(inside: TraceEvent[]): string {
  const byName = new Map<string, number>();
  for (const event of inside) if (PARTS.has(event.name)) byName.set(event.name, (byName.get(event.name) ?? 0) + ms(event));
  const script =
    inside
      .find((event) => event.args.data?.url)
      ?.args.data?.url?.split('/')
      .pop() ?? '';
  const parts = [...byName].map(([name, total]) => `${name} ${Math.round(total)}`);
  return [...parts, ...(script ? [`(${script})`] : [])].join(', ');
}

function analyse(events: TraceEvent[], url: string): Run {
  // The renderer that committed the page, its first paint there, and the navigation that paint belongs to.
  const commit = events.find((e) => e.name === 'CommitLoad' && e.args.data?.url === url && e.args.data.isMainFrame);
  if (!commit) throw new Error(`the trace has no commit of ${url}`);
  const onMain = (e: TraceEvent) => e.pid === commit.pid && e.tid === commit.tid;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && onMain(e) && e.args.frame === commit.args.data?.frame);
  if (!fcp) throw new Error(`the trace has no first contentful paint of ${url}`);
  const navigationId = fcp.args.data?.navigationId;
  const navigation = events.find((e) => e.name === 'navigationStart' && onMain(e) && e.args.data?.navigationId === navigationId);
  if (!navigation) throw new Error(`the trace has no start of the navigation to ${url}`);
  const lcp = events
    .filter((e) => e.name === 'largestContentfulPaint::Candidate' && onMain(e) && e.args.data?.navigationId === navigationId)
    .at(-1);
  const complete = events.filter((e) => e.ph === 'X' && onMain(e) && e.ts >= fcp.ts);
  const tasks = complete.filter((e) => e.name === 'RunTask');
  const weighed = tasks.map((task) => ms(task) * slowdown);
  const long = tasks.filter((task) => ms(task) * slowdown > LONG_MS);
  return {
    blockingMs: weighed.reduce((sum, ms) => sum + Math.max(0, ms - LONG_MS), 0),
    longestMs: Math.max(0, ...weighed),
    longTasks: long.length,
    scriptMs: sumTopLevel(complete, SCRIPT),
    styleLayoutMs: sumTopLevel(complete, STYLE_LAYOUT),
    fcpMs: (fcp.ts - navigation.ts) / 1000,
    lcpMs: lcp ? (lcp.ts - navigation.ts) / 1000 : Number.NaN,
    tasks: long.map((task) => ({
      startMs: (task.ts - navigation.ts) / 1000,
      durationMs: ms(task),
      parts: describeTask(complete.filter((event) => event !== task && within(task, event))),
    })),
  };
}

async function measure(browser: Browser, url: string): Promise<Run> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing'],
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const trace = await browser.stopTracing();
    return analyse((JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents, url);
  } finally {
    await context.close();
  }
}

/** Now and then a trace lacks the page's commit or first paint (its events were not flushed): that run is taken again. */
async function measureOnce(browser: Browser, url: string, attempts = 3): Promise<Run> {
  try {
    return await measure(browser, url);
  } catch (error) {
    if (attempts <= 1) throw error;
    return measureOnce(browser, url, attempts - 1);
  }
}

async function main() {
  if (!args.url && !existsSync(path.join(root, 'dist', 'web', 'index.html')))
    throw new Error('dist/web is missing: run `npm run build:web` first');
  const server = args.url ? undefined : await startDemoServer({ dataDirPrefix: 'almanac-main-thread-' });
  const base = args.url ?? server!.baseURL;
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking'],
  });
  try {
    const latest = (await (await fetch(`${base}/api/media/latest?size=1`)).json()) as { content: { id: number }[] };
    const pages = (args.pages ?? '').split(',').map((page) => page.replace('{id}', String(latest.content[0]?.id ?? 1)));
    console.log(
      `load ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}; ${runs} runs per page; tasks weighed at ${slowdown}x`,
    );
    console.log('| page | blocking ms | longest task ms | long tasks | script ms (1x) | style+layout ms (1x) | FCP / LCP ms (1x) |');
    console.log('|---|---:|---:|---:|---:|---:|---|');
    for (const page of pages) {
      const results: Run[] = [];
      for (let run = 0; run < runs; run++) results.push(await measureOnce(browser, base + page));
      const of = (pick: (run: Run) => number) => Math.round(median(results.map(pick)));
      console.log(
        `| ${page} | ${of((r) => r.blockingMs)} | ${of((r) => r.longestMs)} | ${of((r) => r.longTasks)} | ${of((r) => r.scriptMs)} | ${of((r) => r.styleLayoutMs)} | ${of((r) => r.fcpMs)} / ${of((r) => r.lcpMs)} |`,
      );
      if (args.tasks) {
        results.forEach((result, index) => {
          console.log(`  run ${index + 1}: blocking ${Math.round(result.blockingMs)} ms`);
          for (const task of result.tasks)
            console.log(`    @${Math.round(task.startMs)} ${Math.round(task.durationMs)} ms (1x): ${task.parts}`);
        });
      }
    }
  } finally {
    await browser.close();
    await server?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
