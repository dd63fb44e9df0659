import type pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { openPostgres } from '../db/client';
import { createSandboxedApp } from '../sandbox/testing';

/**
 * GET /api/sync tells whether a sync runs anywhere, not only in the instance asked. On PostgreSQL a
 * second app on its own connection pool (another instance) asks while the first syncs; PGlite has
 * one instance per database, so there the instance that syncs is asked.
 */

const t = await createSandboxedApp();

async function otherInstance() {
  if (t.database.kind !== 'postgres') return t.app;
  const url = (t.database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
  const database = await openPostgres(url, 2);
  const { app } = await buildApp({ config: t.config, database, serveWeb: false });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return app;
}

const other = await otherInstance();
const running = async () => (await other.inject({ method: 'GET', url: '/api/sync' })).json().running;

describe('GET /api/sync', () => {
  it('says a sync is running while any instance runs one, and not once it is done', async () => {
    expect(await running()).toBe(false);
    // Holds the sync on its first YouTube uploads page.
    const fault = t.state.faults.inject({ provider: 'youtube', path: '/v3/playlistItems', delayMs: 500 });
    const sync = t.sync.run('elsewhere');
    await vi.waitFor(() => expect(fault.hits()).toBe(1), { timeout: 10_000, interval: 10 });
    expect(await running()).toBe(true);
    expect((await sync).ok).toBe(true);
    expect(await running()).toBe(false);
  });
});
