import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM } from './chromium';
import { snapshotWeb, startFront } from './front';

const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    wsEndpoint: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The demo start fills the catalogue through the sync after listening; tests need all of it. */
const CATALOGUE_READY = 'demo catalogue ready';

async function waitForCatalogue(server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 110_000;
  while (!output().includes(CATALOGUE_READY)) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}):\n${output()}`);
    if (Date.now() > deadline) throw new Error(`The demo catalogue was not ready in time:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The real server (server/main.ts) on a free loopback port with a fresh DATA_DIR, behind the front
 * (front.ts) that serves a snapshot of the built dist/web. The browser and PUBLIC_URL use the front.
 */
async function startServer(): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  const web = snapshotWeb(path.join(root, 'dist', 'web'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'almanac-e2e-'));
  const port = await freePort();
  let frontPort = await freePort();
  while (frontPort === port) frontPort = await freePort();
  const baseURL = `http://127.0.0.1:${frontPort}`;
  const front = await startFront(web, `http://127.0.0.1:${port}`, frontPort);
  // Logs are kept until the catalogue is ready (to find the ready line); later ones are drained unread.
  let log = '';
  let collecting = true;
  const server = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'info',
      ALMANAC_MODE: 'demo',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Never outlive the test run, even when it is interrupted.
  process.once('exit', () => server.kill('SIGKILL'));
  const collect = (chunk: Buffer) => {
    if (collecting) log += chunk;
  };
  server.stdout?.on('data', collect);
  server.stderr?.on('data', collect);
  const stop = async () => {
    await front.close();
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForCatalogue(server, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  collecting = false;
  log = '';
  return { baseURL, stop };
}

export default async function setup(project: TestProject) {
  // Start both at once; if either fails, stop the other so nothing outlives the run.
  const [server, browser] = await Promise.allSettled([startServer(), chromium.launchServer(CHROMIUM)]);
  if (server.status === 'rejected' || browser.status === 'rejected') {
    if (server.status === 'fulfilled') await server.value.stop();
    if (browser.status === 'fulfilled') await browser.value.close();
    throw server.status === 'rejected' ? server.reason : (browser as PromiseRejectedResult).reason;
  }
  return started(project, server.value, browser.value);
}

function started(project: TestProject, server: Awaited<ReturnType<typeof startServer>>, browser: BrowserServer) {
  project.provide('baseURL', server.baseURL);
  project.provide('wsEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await server.stop();
  };
}
