import { afterAll } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { connectSocket, type SocketClient, socketUrl } from '../realtime/testing';
import { ROOMY_LIMITS } from './app';

const BASE_ENV = { DATA_DIR: '/tmp/almanac-test-unused', READ_CACHE_MS: '0', LOG_LEVEL: 'silent', ...ROOMY_LIMITS };

/**
 * An app (an instance, as behind a balancer) listening on a free port, on `database`, with the
 * clock `now`; it stops as main.ts stops one (`jobs.stopAll()`: the radio, the jobs; then the app), after the file
 * or at `close()` (a clean stop in a test). Its sockets connect from the site's own origin.
 */
export async function startInstance(database: Database, now?: () => Date, env: Record<string, string> = {}) {
  const config = loadConfig({ ...BASE_ENV, ...env });
  // As in createTestApp: tests write catalogue rows directly, announcing nothing, and list them at once.
  const built = await buildApp({ config, database, serveWeb: false, now, listsFromIndex: false });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const address = built.app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const sockets: SocketClient[] = [];
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    for (const client of sockets) client.socket.terminate();
    await built.context.jobs.stopAll();
    await built.app.close();
  };
  afterAll(close);
  return {
    ...built,
    config,
    origin,
    close,
    /** A socket of this instance at `path` (with its query), from the site's own origin; `headers`: a user's session cookie */
    socket(path: string, headers: Record<string, string> = {}): SocketClient {
      const client = connectSocket(socketUrl(origin, path), { origin: config.publicUrl, headers });
      sockets.push(client);
      return client;
    },
  };
}
export type Instance = Awaited<ReturnType<typeof startInstance>>;
