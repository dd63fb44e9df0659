import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM } from './chromium';
import { type Site, startSite } from './site';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    wsEndpoint: string;
  }
}

/** The run's site (site.ts): the real server with a fresh demo catalogue, behind the front. */
function startServer(): Promise<Site> {
  // Fails before the setup's hookTimeout (120 s in e2e/vitest.config.ts), with the server's output.
  // Every file pays on this one site, mostly as demo_viewer or from this machine's address: the fair
  // limits would refuse the fourth open request. They have their own site and test (queue-full.test.ts,
  // and server/song-requests/limits on both databases).
  return startSite({
    dataDirPrefix: 'almanac-e2e-',
    readyWithinMs: 110_000,
    env: { REQUEST_LIMIT_PER_BUYER: '1000', QUEUE_MAX: '100000' },
  });
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

function started(project: TestProject, server: Site, browser: BrowserServer) {
  project.provide('baseURL', server.baseURL);
  project.provide('wsEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await server.stop();
  };
}
