import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { loadConfig } from '../server/config';

/**
 * The pieces of a several-instance deployment, started as child processes on loopback ports and
 * stopped by PID: a throw-away PostgreSQL database, Almanac instances (server/main.ts, as
 * `npm run serve` runs it), nginx with deploy/almanac.nginx.conf.template in its own prefix, and a
 * redis-server kept in memory (REDIS_URL: the rate limits every instance counts together).
 * Used by deploy/check-two-instances.ts and bench/ws.ts.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
export const TEMPLATE = path.join(ROOT, 'deploy', 'almanac.nginx.conf.template');
/** Room for the form around a sample's recording (boundaries, part headers, the nickname): nginx limits the whole body. */
export const SAMPLE_FORM_BYTES = 64 * 1024;

/** The template's ALMANAC_SAMPLE_BODY_MAX for instances started with `env`: their SAMPLE_MAX_BYTES and its form. */
export function sampleBodyMax(env: NodeJS.ProcessEnv = {}): number {
  return loadConfig(env).samples.maxBytes + SAMPLE_FORM_BYTES;
}

/** Added by the check's wrapper (never by the template): which instance answered a response. */
export const UPSTREAM_HEADER = 'x-almanac-upstream';

export interface Process {
  name: string;
  child: ChildProcess;
  /** Everything it printed, for the failure report */
  output: () => string;
}

/** The cleanup steps, run last-in first-out, each once, whatever failed before. */
export class Stack {
  private steps: { what: string; run: () => Promise<void> }[] = [];
  readonly dir = mkdtempSync(path.join(tmpdir(), 'almanac-stack-'));

  defer(what: string, run: () => Promise<void>) {
    this.steps.push({ what, run });
  }

  async close() {
    for (const step of this.steps.reverse()) {
      await step.run().catch((error: Error) => console.error(`cleanup: ${step.what} failed: ${error.message}`));
    }
    this.steps = [];
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Creates a database of its own on the PostgreSQL server of `adminUrl`; dropped at cleanup. */
export async function throwAwayDatabase(stack: Stack, adminUrl: string, prefix: string): Promise<string> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  stack.defer(`drop database ${name}`, async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function startProcess(stack: Stack, name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Process {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  stack.defer(`stop ${name}`, () => stopProcess(child));
  return { name, child, output: () => output };
}

/** SIGTERM by PID, SIGKILL if it has not exited after five seconds. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid !== undefined && process.kill(child.pid, 'SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Polls `url` until it answers 200, or fails naming the process and its last output. */
export async function waitForHttp(url: string, proc: Process, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited (${proc.child.exitCode}):\n${proc.output()}`);
    const ok = await fetch(url)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${proc.name} did not answer ${url} within ${timeoutMs} ms:\n${proc.output()}`);
}

export interface InstanceOptions {
  port: number;
  databaseUrl: string;
  publicUrl: string;
  /** Where the provider stand-ins live (demo mode): PUBLIC_URL/sandbox behind the balancer */
  sandboxBase?: string;
  env?: NodeJS.ProcessEnv;
}

/** The settings that point every instance at one sandbox, whose state is in one process's memory. */
export function sandboxEnv(base: string): NodeJS.ProcessEnv {
  return {
    YOUTUBE_API_BASE: `${base}/youtube/v3`,
    SOUNDCLOUD_API_BASE: `${base}/soundcloud`,
    SOUNDCLOUD_AUTH_BASE: `${base}/soundcloud`,
    TWITCH_API_BASE: `${base}/twitch/helix`,
    TWITCH_AUTH_BASE: `${base}/twitch/oauth2`,
    PAYPAL_API_BASE: `${base}/paypal`,
  };
}

/** One Almanac instance in demo mode on PostgreSQL, quiet and without the demo catalogue or jobs' chatter. */
export async function startInstance(stack: Stack, name: string, options: InstanceOptions): Promise<Process> {
  const dataDir = path.join(stack.dir, name);
  mkdirSync(dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    ALMANAC_MODE: 'demo',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    PUBLIC_URL: options.publicUrl,
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: dataDir,
    TRUST_PROXY: '1',
    DEMO_SEED: 'false',
    LIVE_POLL_SECONDS: '0',
    LOG_LEVEL: 'warn',
    ...(options.sandboxBase ? sandboxEnv(options.sandboxBase) : {}),
    ...options.env,
  };
  const proc = startProcess(stack, name, process.execPath, ['--import', 'tsx', 'server/main.ts'], env);
  await waitForHttp(`http://127.0.0.1:${options.port}/api/health`, proc);
  return proc;
}

/**
 * redis-server on a loopback port, in memory only (`--save ''`, no append-only file), its working
 * directory in the stack's: what the instances count their rate limits in. Answers its URL once it
 * answers PING. REDIS_SERVER names the binary, else Debian's /usr/bin/redis-server.
 */
export async function startRedis(stack: Stack, port: number): Promise<{ url: string; proc: Process }> {
  const binary = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';
  if (!existsSync(binary)) throw new Error(`no redis-server at ${binary}: install Debian's redis-server, or set REDIS_SERVER`);
  const dir = path.join(stack.dir, 'redis');
  mkdirSync(dir, { recursive: true });
  const args = ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--dir', dir];
  const proc = startProcess(stack, 'redis', binary, args, { PATH: process.env.PATH });
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`redis-server exited (${proc.child.exitCode}):\n${proc.output()}`);
    const client = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, retryStrategy: () => null });
    client.on('error', () => undefined);
    const answered = await client
      .connect()
      .then(() => client.ping())
      .catch(() => null);
    client.disconnect();
    if (answered === 'PONG') return { url, proc };
    if (Date.now() > deadline) throw new Error(`redis-server did not answer on ${url} within 10 s:\n${proc.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `npm run cli -- seed --songs N` on the database: a catalogue for instances started with DEMO_SEED=false. */
export async function seedCatalogue(databaseUrl: string, songs: number): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', 'seed', '--songs', String(songs)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, ALMANAC_MODE: 'demo', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`seeding the catalogue exited with ${code}`);
}

export interface Balancer {
  url: string;
  port: number;
  proc: Process;
  errorLog: () => string;
}

/** Fills the template's ${ALMANAC_*} names as envsubst would, refusing one left unset. */
export function renderTemplate(values: Record<string, string>): string {
  return readFileSync(TEMPLATE, 'utf8').replace(/\$\{(ALMANAC_[A-Z_]+)\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`the template needs ${key}`);
    return value;
  });
}

/**
 * A header naming the instance that answered, beside every add_header of the rendered site: nginx
 * inherits add_header from the level above only where a level has none of its own.
 */
function withUpstreamHeader(site: string): string {
  return site.replace(/^(\s*)(add_header .*;)$/gm, `$1$2\n$1add_header X-Almanac-Upstream $upstream_addr always;`);
}

/**
 * nginx in the foreground (`daemon off`) with the deploy template, every path in a temporary prefix
 * (no root paths, the edge cache's directory too), and one addition for the checks: a header naming
 * the instance that answered. `instanceEnv`: the settings the instances run with, which the upload
 * limit is derived from. `edgeCache: false` renders the template with ALMANAC_EDGE_CACHE=off.
 */
export async function startNginx(
  stack: Stack,
  options: { port: number; instances: [string, string]; instanceEnv?: NodeJS.ProcessEnv; edgeCache?: boolean },
): Promise<Balancer> {
  // One prefix per balancer: a stack may run two (bench/go-live.ts: the edge cache on and off).
  const prefix = path.join(stack.dir, `nginx-${options.port}`);
  mkdirSync(prefix, { recursive: true });
  // Run as root, nginx's workers drop to nobody, who must reach the temp directories.
  chmodSync(stack.dir, 0o755);
  chmodSync(prefix, 0o755);
  const site = renderTemplate({
    ALMANAC_LISTEN: `127.0.0.1:${options.port}`,
    ALMANAC_SERVER_NAME: '127.0.0.1',
    ALMANAC_INSTANCE_A: options.instances[0],
    ALMANAC_INSTANCE_B: options.instances[1],
    ALMANAC_ACCESS_LOG: path.join(prefix, 'access.log'),
    ALMANAC_SAMPLE_BODY_MAX: String(sampleBodyMax(options.instanceEnv)),
    ALMANAC_CACHE_DIR: path.join(prefix, 'cache'),
    ALMANAC_EDGE_CACHE: options.edgeCache === false ? 'off' : 'almanac_reads',
  });
  writeFileSync(path.join(prefix, 'almanac.conf'), withUpstreamHeader(site));
  const errorLog = path.join(prefix, 'error.log');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${path.join(prefix, kind)};`);
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${path.join(prefix, 'nginx.pid')};
error_log ${errorLog} warn;
events { worker_connections 4096; }
http {
  access_log off;
  ${temp.join('\n  ')}
  include ${path.join(prefix, 'almanac.conf')};
}
`,
  );
  const nginx = process.env.NGINX ?? '/usr/sbin/nginx';
  const conf = path.join(prefix, 'nginx.conf');
  const proc = startProcess(stack, 'nginx', nginx, ['-p', prefix, '-e', errorLog, '-c', conf], process.env);
  const readLog = () => {
    try {
      return readFileSync(errorLog, 'utf8');
    } catch {
      return '';
    }
  };
  // Not waited for here: it answers 502 until an instance is up (start it first, so instances can
  // reach the sandbox through it as soon as they start).
  return {
    url: `http://127.0.0.1:${options.port}`,
    port: options.port,
    proc: { ...proc, output: () => `${proc.output()}${readLog()}` },
    errorLog: readLog,
  };
}
