import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { LockLostError, lockKey } from '../jobs/lock';
import { createSandboxedApp } from '../sandbox/testing';
import { DATABASE_UNAVAILABLE, isConnectionLost, isRead } from './connection';
import { jobRuns, media } from './schema';

/**
 * Lost database connections (a restart, a failover): on PostgreSQL the app's sessions are ended
 * with pg_terminate_backend, as an operator or a failover would; the process must stay up (an
 * unhandled 'error' event would fail this file), the job lock is taken again or the run recorded
 * as failed, reads are retried and requests answer 503 at worst. PGlite is one in-process
 * connection that cannot be cut: there the same steps show the work simply going through.
 */

const t = await createSandboxedApp();
const postgres = t.database.kind === 'postgres';
const warnings: string[] = [];
t.database.setLogger({ warn: (message) => warnings.push(message) });
const url = postgres ? (t.database.db as unknown as { $client: pg.Pool }).$client.options.connectionString : '';

/** A session of its own on the test database (another instance, or the operator's psql). */
async function session(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

const CUT =
  'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()';

/** Ends every other session on the test database; answers how many. PGlite: nothing to cut. */
async function cutConnections(): Promise<number> {
  if (!postgres) return 0;
  const operator = await session();
  try {
    return (await operator.query<{ n: number }>(CUT)).rows[0]!.n;
  } finally {
    await operator.end();
  }
}

/** Pauses the sync on its first YouTube uploads page, so it is mid-run (holding the job lock) when the test acts. */
function pauseSync() {
  const fault = t.state.faults.inject({ provider: 'youtube', path: '/v3/playlistItems', delayMs: 400 });
  return () => vi.waitFor(() => expect(fault.hits()).toBe(1), { timeout: 10_000, interval: 10 });
}

const songCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(media))[0]!.n;

describe('telling a lost connection', () => {
  it('by SQLSTATE, node error code or driver message, also when wrapped', () => {
    for (const code of ['57P01', '57P02', '57P03', '08000', '08003', '08006', 'ECONNRESET']) expect(isConnectionLost({ code })).toBe(true);
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLost(new Error('Failed query: select 1', { cause: Object.assign(new Error('x'), { code: '57P01' }) }))).toBe(true);
    expect(isConnectionLost(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isConnectionLost(new Error('Something else'))).toBe(false);
  });

  it('retries only statements that read', () => {
    expect(isRead('select "id" from "media" where "id" = $1')).toBe(true);
    expect(isRead('with x as (select 1) select * from x')).toBe(true);
    expect(isRead('insert into "media" values ($1)')).toBe(false);
    expect(isRead('with x as (update media set name = $1 returning id) select * from x')).toBe(false);
    expect(isRead('select * from edit_requests where id = $1 for update')).toBe(false);
    expect(isRead('SELECT pg_try_advisory_lock($1, $2)')).toBe(false);
    // An event sent twice would be announced twice.
    expect(isRead('SELECT pg_notify($1, $2)')).toBe(false);
  });
});

describe('a database connection lost under the app', () => {
  it('a read in flight is answered from a fresh connection', async () => {
    // Drizzle queries start when awaited: then() sends it now.
    const read = t.db.execute(sql`SELECT pg_sleep(0.3), 42 AS answer`).then((r) => r as unknown as { rows: { answer: number }[] });
    if (postgres) {
      const operator = await session();
      try {
        await vi.waitFor(
          async () => {
            const { rows } = await operator.query(
              "SELECT 1 FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(0.3)%' AND state = 'active'",
            );
            expect(rows).toHaveLength(1);
          },
          { timeout: 5_000, interval: 10 },
        );
        expect((await operator.query<{ n: number }>(CUT)).rows[0]!.n).toBeGreaterThan(0);
      } finally {
        await operator.end();
      }
    }
    expect((await read).rows.map((row) => row.answer)).toEqual([42]);
  });

  it('a request whose connection is lost answers 503 with the error shape, and the next one is served', async () => {
    const { app } = await buildApp({ config: t.config, database: t.database, serveWeb: false });
    // Ends its own session on PostgreSQL, the retry's too; PGlite cannot end its only session (false).
    app.get('/test/lost', async () => {
      const result = await t.db.execute(sql`SELECT pg_terminate_backend(pg_backend_pid()) AS ended`);
      return (result as unknown as { rows: unknown[] }).rows[0];
    });
    await app.ready();
    try {
      const lost = await app.inject({ url: '/test/lost' });
      if (postgres) {
        expect(lost.statusCode).toBe(503);
        expect(lost.json()).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message: DATABASE_UNAVAILABLE,
          requestId: expect.any(String),
        });
      } else {
        expect(lost.json()).toEqual({ ended: false });
      }
      expect((await app.inject({ url: '/api/stats' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('requests served while the connections are cut answer 200 or 503, and later ones 200', async () => {
    await t.sync.run('fill');
    const urls = ['/api/media/latest?size=5', '/api/stats', '/api/live', '/api/media/top?period=month', '/api/tag'];
    const burst = () => Promise.all(Array.from({ length: 40 }, (_, i) => t.app.inject({ url: urls[i % urls.length]! })));
    const during = burst();
    await cutConnections();
    for (const res of await during) {
      expect([200, 503]).toContain(res.statusCode);
      if (res.statusCode === 503)
        expect(res.json()).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message: DATABASE_UNAVAILABLE,
          requestId: expect.any(String),
        });
    }
    expect((await burst()).map((res) => res.statusCode)).toEqual(Array(40).fill(200));
  });

  it('a sync whose connections are cut keeps running on a lock taken again, and the process stays up', async () => {
    const paused = pauseSync();
    const run = t.sync.run('cut');
    await paused();
    expect(t.jobs.isRunningHere('sync')).toBe(true);
    const cut = await cutConnections();
    if (postgres) expect(cut).toBeGreaterThan(0);
    const report = await run;
    expect(report.ok).toBe(true);
    expect(await songCount()).toBe(t.world.songs.length);
    // The lock's connection was the one in use; had it not been taken again, the run would have failed (next test).
    if (postgres)
      expect(warnings).toContain('database: a connection in use was lost (terminating connection due to administrator command)');
    const [row] = await t.db.select().from(jobRuns).where(sql`${jobRuns.name} = 'sync'`);
    expect(row).toMatchObject({ ok: true, error: null });
  });

  it('a sync that loses its lock to another instance is recorded as failed, and the next run completes', async () => {
    const paused = pauseSync();
    const run = t.sync.run('cut').then(
      (report) => report,
      (error: unknown) => error,
    );
    await paused();
    // Another instance: ends the app's sessions and queues for the job's lock in the same statement,
    // so it holds the lock before the app has reconnected.
    const other = postgres ? await session() : null;
    await other?.query(`SELECT pg_advisory_lock(72017002, $1) FROM (${CUT}) AS cut`, [lockKey('sync')]);
    const outcome = await run;
    const [row] = await t.db.select().from(jobRuns).where(sql`${jobRuns.name} = 'sync'`);
    if (other) {
      expect(outcome).toBeInstanceOf(LockLostError);
      expect(row).toMatchObject({ ok: false, error: 'The sync job lost its lock (another instance holds it now)' });
      expect(row!.finishedAt).not.toBeNull();
      await other.end();
    } else {
      expect(outcome).toMatchObject({ ok: true });
    }
    const next = await t.sync.run('next');
    expect(next.ok).toBe(true);
    expect(await songCount()).toBe(t.world.songs.length);
  });
});
