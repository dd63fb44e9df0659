/**
 * The real server (server/main.ts) in a process of its own, as the browser tests
 * (e2e/support/global-setup.ts) and the Lighthouse run (bench/lighthouse.ts) measure it: on a free
 * loopback port, with a fresh demo catalogue in a temporary DATA_DIR, ready once the demo fill is
 * complete. A module of the tooling, not of server/ or web/: nothing the site ships imports it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

/** The demo start fills the catalogue through the sync after listening; callers need all of it. */
const CATALOGUE_READY = 'demo catalogue ready';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface DemoServerOptions {
  /** Start of the temporary DATA_DIR's name, telling whose it is (e.g. `almanac-e2e-`) */
  dataDirPrefix: string;
  /** The port to listen on; a free one when absent */
  port?: number;
  /** PUBLIC_URL when browsers reach the server through something in front of it; its own address when absent */
  publicUrl?: string;
  /** How long the demo fill may take before the start counts as failed */
  readyWithinMs?: number;
  /**
   * More settings (e.g. `QUEUE_MAX` for a test of its own). With `DEMO_SEED: 'false'` there is no
   * demo catalogue to wait for: the server is ready once it listens.
   */
  env?: Record<string, string>;
}

export interface DemoServer {
  /** The server's own address, http://127.0.0.1:<port> */
  baseURL: string;
  /** Stops the server and removes its DATA_DIR */
  stop: () => Promise<void>;
}

/** Resolves once the demo catalogue is complete; a server that exits or is not ready in time is stopped and the start rejects with its last output. */
export async function startDemoServer(options: DemoServerOptions): Promise<DemoServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), options.dataDirPrefix));
  const port = options.port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${port}`;
  const publicUrl = options.publicUrl ?? baseURL;
  // server/main.ts's start line, logged once it listens: enough when no catalogue is filled.
  const readyLine = options.env?.DEMO_SEED === 'false' ? `(demo mode) on ${publicUrl}` : CATALOGUE_READY;
  const server = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: publicUrl,
      LOG_LEVEL: 'info',
      ALMANAC_MODE: 'demo',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Never outlive the process that started it, even when that one is interrupted.
  const killOnExit = () => server.kill('SIGKILL');
  process.once('exit', killOnExit);
  // The ready line is an info log among many request logs (the demo fill syncs over HTTP from the
  // server's own sandbox): a rolling tail is watched for it, and later output is drained unread.
  let log = '';
  let ready = false;
  const collect = (chunk: Buffer) => {
    if (ready) return;
    const seen = log + chunk;
    ready = seen.includes(readyLine);
    log = seen.slice(-8000);
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + (options.readyWithinMs ?? 120_000);
  while (!ready) {
    if (server.exitCode !== null || Date.now() > deadline) {
      const why = server.exitCode !== null ? `The server exited (${server.exitCode})` : 'The demo catalogue was not ready in time';
      await stop();
      throw new Error(`${why}:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  log = '';
  return { baseURL, stop };
}
