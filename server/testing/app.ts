import { afterAll } from 'vitest';
import { type AppContext, buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { createTestDatabase } from '../db/testing';
import type { App } from '../http/types';

export interface TestApp extends AppContext {
  app: App;
  db: Database['db'];
}

/**
 * Fair limits no test reaches by accident: many tests pay several requests as one buyer (the same
 * nickname from inject's address) and leave them queued. The limits have their own tests
 * (song-requests/limits/limits.test.ts), which set the settings they check.
 */
export const ROOMY_LIMITS = { REQUEST_LIMIT_PER_BUYER: '1000', QUEUE_MAX: '100000' } as const;

/**
 * A real app on a fresh database for one test file, closed after the file.
 * Call at module level or in beforeAll: `const t = await createTestApp()`.
 * `now`: the app's clock (server/testing/clock.ts), for tests that move time instead of waiting.
 * `slices` boots only those (and the ones they need), e.g. `{ slices: ['likes'] }`; the others' context is absent.
 * `listsFromIndex`: lists from the search index as deployed (off by default, see below).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { now?: () => Date; slices?: string[]; listsFromIndex?: boolean } = {},
): Promise<TestApp> {
  // Tests write rows directly and read them back at once, announcing nothing: the read cache and the
  // lists answered from the search index have their own tests (READ_CACHE_MS, listsFromIndex set there).
  const config = loadConfig({ DATA_DIR: '/tmp/almanac-test-unused', READ_CACHE_MS: '0', ...ROOMY_LIMITS, ...env });
  const database = await createTestDatabase();
  const { app, context } = await buildApp({
    config,
    database,
    serveWeb: false,
    now: options.now,
    slices: options.slices,
    listsFromIndex: options.listsFromIndex ?? false,
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { ...context, app, db: database.db };
}
