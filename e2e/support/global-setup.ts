import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { type DemoServer, freePort, startDemoServer } from '../../scripts/demo-server';
import { CHROMIUM } from './chromium';
import { snapshotWeb, startFront } from './front';

const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    wsEndpoint: string;
  }
}

/**
 * The real server (scripts/demo-server.ts) behind the front (front.ts) that serves a snapshot of the
 * built dist/web. The browser and PUBLIC_URL use the front.
 */
async function startServer(): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  const web = snapshotWeb(path.join(root, 'dist', 'web'));
  const port = await freePort();
  let frontPort = await freePort();
  while (frontPort === port) frontPort = await freePort();
  const baseURL = `http://127.0.0.1:${frontPort}`;
  const front = await startFront(web, `http://127.0.0.1:${port}`, frontPort);
  let server: DemoServer;
  try {
    // Fails before the setup's hookTimeout (120 s in e2e/vitest.config.ts), with the server's output.
    server = await startDemoServer({ dataDirPrefix: 'almanac-e2e-', port, publicUrl: baseURL, readyWithinMs: 110_000 });
  } catch (error) {
    await front.close();
    throw error;
  }
  const stop = async () => {
    await front.close();
    await server.stop();
  };
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
