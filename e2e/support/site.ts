import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DemoServer, type DemoServerOptions, freePort, startDemoServer } from '../../scripts/demo-server';
import { snapshotWeb, startFront } from './front';

const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

export interface Site {
  /** The front's address: what the browser and PUBLIC_URL use */
  baseURL: string;
  stop: () => Promise<void>;
}

/**
 * The real server (scripts/demo-server.ts) behind the front (front.ts) that serves a snapshot of the
 * built dist/web. The run's shared site (global-setup.ts) is one; a test file that needs settings the
 * shared one must not have (a tiny QUEUE_MAX) starts its own.
 */
export async function startSite(options: Pick<DemoServerOptions, 'dataDirPrefix' | 'readyWithinMs' | 'env'>): Promise<Site> {
  const web = snapshotWeb(path.join(root, 'dist', 'web'));
  const port = await freePort();
  let frontPort = await freePort();
  while (frontPort === port) frontPort = await freePort();
  const baseURL = `http://127.0.0.1:${frontPort}`;
  const front = await startFront(web, `http://127.0.0.1:${port}`, frontPort);
  let server: DemoServer;
  try {
    server = await startDemoServer({ ...options, port, publicUrl: baseURL });
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
