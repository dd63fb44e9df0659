/**
 * Start to /api/health and idle memory of the demo server (issue 23: < 8 s on an empty data
 * directory, < 3 s on an existing one, < 300 MB idle). Runs the server as `npm run serve` does, on
 * a fresh data directory (empty start, which also fills the demo catalogue), then again on the
 * same directory (existing start); after each start it waits for the jobs to settle and reads the
 * process's resident memory from /proc.
 *
 * Beside the wall time, the process's own CPU time until it answered (from /proc): on a shared host
 * the wall time says as much about the other processes as about the start.
 *
 *   npx tsx bench/cold-start.ts [--runs 3] [--settle-ms 15000] [--server-root <another checkout>]
 *
 * --server-root runs another checkout's server as its package.json's serve script does (a "before").
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../scripts/demo-server';
import { median } from './median';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'settle-ms': { type: 'string', default: '15000' },
    'server-root': { type: 'string' },
  },
});
const runs = Number(values.runs);
const settleMs = Number(values['settle-ms']);
const root = path.resolve(values['server-root'] ?? path.join(import.meta.dirname, '..'));

/** Resident memory of a process and its children, in MB (the server is one process; npm would add a shell). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** The CPU time (user + system) the process has used so far, in ms (/proc/<pid>/stat's utime and stime). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th of them.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

interface Start {
  startMs: number;
  cpuMs: number;
  idleMb: number;
}

async function startOnce(dataDir: string): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  // What `npm run serve` runs (package.json), without npm's own process in between.
  const serve = serveCommand();
  const child = spawn(process.execPath, serve.args, {
    cwd: root,
    env: { ...process.env, ...serve.env, ALMANAC_MODE: 'demo', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const startMs = performance.now() - started;
    const cpu = cpuMs(child.pid!);
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    return { startMs, cpuMs: cpu, idleMb: rssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

/** What node runs for package.json's serve script (`node <flags> <file>`, or `tsx <file>`). */
/** What the serve script runs: node's arguments and the environment it sets (`NAME=value node ...`). */
function serveCommand(): { args: string[]; env: Record<string, string> } {
  const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
  const words = (scripts.serve ?? 'tsx server/main.ts').split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_][A-Z0-9_]*=/.test(words[0] ?? '')) {
    const [name, ...value] = words.shift()!.split('=');
    env[name!] = value.join('=');
  }
  if (words[0] === 'tsx') return { args: ['--import', 'tsx', ...words.slice(1)], env };
  if (words[0] !== 'node') throw new Error(`The serve script is not a node command: ${scripts.serve}`);
  return { args: words.slice(1), env };
}

const empty: Start[] = [];
const existing: Start[] = [];
const load = () => loadavg()[0] ?? Number.NaN;
// A checkout whose serve script runs a prebuilt server builds it now, so that no measured start includes the build.
const scripts = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
if (scripts['build:server']) execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' });
const loadBefore = load();
for (let run = 0; run < runs; run++) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'almanac-cold-'));
  try {
    empty.push(await startOnce(dataDir));
    existing.push(await startOnce(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const column = (xs: number[], format: (x: number) => string) => `${xs.map(format).join(', ')} | ${format(median(xs))}`;
const row = (name: string, xs: Start[]) =>
  `| ${name} | ${column(
    xs.map((x) => x.startMs),
    seconds,
  )} | ${column(
    xs.map((x) => x.cpuMs),
    seconds,
  )} | ${column(
    xs.map((x) => x.idleMb),
    (x) => x.toFixed(0),
  )} |`;
console.log(
  `Demo server of ${root}, ${runs} runs, serve = ${Object.entries(serveCommand().env)
    .map(([name, value]) => `${name}=${value} `)
    .join('')}node ${serveCommand().args.join(' ')}; load ${loadBefore.toFixed(1)} → ${load().toFixed(1)}\n`,
);
console.log(
  '| data directory | start to /api/health (s) | median | its CPU until then (s) | median | idle RSS after %d s (MB) | median |'.replace(
    '%d',
    String(settleMs / 1000),
  ),
);
console.log('|---|---|---:|---|---:|---|---:|');
console.log(row('empty (creates and fills the demo catalogue)', empty));
console.log(row('existing', existing));
