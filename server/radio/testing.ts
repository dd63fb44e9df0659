import { afterAll } from 'vitest';
import { RADIO_PATHS, type Station } from '../../common/radio';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import type { media } from '../db/schema';
import { createTestDatabase } from '../db/testing';
import { connectSocket, type SocketClient, socketUrl } from '../realtime/testing';
import { buildSong } from '../testing/factories';

const BASE_ENV = { DATA_DIR: '/tmp/almanac-test-unused', READ_CACHE_MS: '0', LOG_LEVEL: 'silent' };

/** An app (an instance) listening on a free port, on `database`, with the clock `now`; closed after the file. */
export async function startInstance(database: Database, now: () => Date, env: Record<string, string> = {}) {
  const config = loadConfig({ ...BASE_ENV, ...env });
  const built = await buildApp({ config, database, serveWeb: false, now });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const address = built.app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const sockets: SocketClient[] = [];
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    for (const client of sockets) client.socket.terminate();
    await built.context.radio.stop();
    await built.context.jobs.stop();
    await built.app.close();
  };
  afterAll(close);
  return {
    ...built,
    config,
    origin,
    close,
    /** A radio socket of this instance, from the site's own origin */
    listen(station: Station): SocketClient {
      const client = connectSocket(socketUrl(origin, `${RADIO_PATHS.socket}?station=${station}`), { origin: config.publicUrl });
      sockets.push(client);
      return client;
    },
  };
}
export type Instance = Awaited<ReturnType<typeof startInstance>>;

/** A fresh database for the file, closed after it (after the instances, registered before them). */
export async function radioDatabase(): Promise<Database> {
  const database = await createTestDatabase();
  afterAll(() => database.close());
  return database;
}

/** `count` playable songs, the first the most viewed. */
export async function seedSongs(
  db: Database['db'],
  count: number,
  overrides: (i: number) => Partial<typeof media.$inferInsert> = () => ({}),
) {
  const songs = [];
  for (let i = 0; i < count; i++) songs.push(await buildSong(db, { views: 100_000 - i * 100, duration: 120 + i, ...overrides(i) }));
  return songs;
}
