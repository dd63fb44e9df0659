import { afterAll } from 'vitest';
import { RADIO_PATHS } from '../../common/constants';
import type { Station } from '../../common/radio';
import type { Database } from '../db/client';
import type { media } from '../db/schema';
import { createTestDatabase } from '../db/testing';
import type { SocketClient } from '../realtime/testing';
import { buildSong } from '../testing/factories';
import { startInstance as startAppInstance } from '../testing/instance';

/** An instance (server/testing/instance.ts) whose `listen` opens a radio socket of a station. */
export async function startInstance(database: Database, now: () => Date, env: Record<string, string> = {}) {
  const instance = await startAppInstance(database, now, env);
  return {
    ...instance,
    listen: (station: Station): SocketClient => instance.socket(`${RADIO_PATHS.socket}?station=${station}`),
    /** A /radio page's socket (`crowd=1`: tracks and crowds), as `user` when given (its session cookie) */
    tuneIn: (station: Station, user?: { headers: { cookie: string } }): SocketClient =>
      instance.socket(`${RADIO_PATHS.socket}?station=${station}&crowd=1`, user?.headers),
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
