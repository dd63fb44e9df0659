import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { QUEUE_PATHS, type Queue } from '../../../common/queue';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { flipQueue } from '../../db/schema';
import { createTestApp } from '../../testing/app';
import { startInstance } from '../../testing/instance';
import { buildAdmin } from '../../testing/users';
import { seedQueuedFlips } from './testing';

/**
 * Two instances (two apps) on one database, as behind a balancer: every change made through A reaches
 * a socket client of B, in order (how fast is measured by `npm run bench:ws -- --instances 2` and the
 * deploy check, never asserted here: a busy machine takes longer); a new app on the same database
 * (a restart) finds the queue as it was.
 */

const env = { DATA_DIR: '/tmp/almanac-test-unused', READ_CACHE_MS: '0' };
const a = await createTestApp(env);
const b = await startInstance(a.database);
const admin = await buildAdmin(a.db);
await seedQueuedFlips(a.db, 8);

const openOnB = () => b.socket(QUEUE_PATHS.socket);
const nextOnA = () => a.app.inject({ method: 'POST', url: QUEUE_PATHS.next, headers: admin.headers });
const playing = (queue: unknown) => (queue as Queue).find((item) => item.nowPlaying)?.title ?? null;

describe('the queue across instances', () => {
  it('every NEXT through A reaches a socket client of B, in order', async () => {
    const client = openOnB();
    expect(playing(await client.message(1))).toBeNull();
    for (const expected of ['Seeded flip 1', 'Seeded flip 2', 'Seeded flip 3']) {
      const heard = client.next((m) => playing(m) === expected);
      const answered = await nextOnA();
      expect(answered.statusCode).toBe(200);
      expect((await heard).message).toEqual(answered.json());
    }
    // One change at a time, each heard before the next was made: the client saw them in that order
    // (a re-read may send a queue twice, never an older one after a newer).
    const seen = client.messages.map(playing).filter((title, i, all) => i === 0 || title !== all[i - 1]);
    expect(seen).toEqual([null, 'Seeded flip 1', 'Seeded flip 2', 'Seeded flip 3']);
  });

  it('after a burst of changes, B’s clients end on the latest queue', async () => {
    const client = openOnB();
    await client.message(1);
    // Waiting from before the writes: B's push may arrive before the three answers do.
    const latest = client.next((m) => playing(m) === 'Seeded flip 6');
    const answers = await Promise.all(Array.from({ length: 3 }, () => nextOnA()));
    const last = answers.map((res) => res.json() as Queue).find((queue) => playing(queue) === 'Seeded flip 6')!;
    expect((await latest).message).toEqual(last);
    // Coalesced: never more messages than changes, after the snapshot.
    expect(client.messages.length).toBeLessThanOrEqual(4);
  });

  it('a restart (a new app on the same database) keeps the queue and its version', async () => {
    const before = (await a.app.inject({ url: QUEUE_PATHS.queue })).json();
    const version = await a.queue.version();
    const restarted = await buildApp({ config: loadConfig(env), database: a.database, serveWeb: false });
    try {
      expect((await restarted.app.inject({ url: QUEUE_PATHS.queue })).json()).toEqual(before);
      expect(await restarted.context.queue.version()).toBe(version);
      expect(playing(before)).toBe('Seeded flip 6');
    } finally {
      await restarted.app.close();
    }
  });
});

describe('the queue socket after the bus lost its connection', () => {
  // PGlite's listener lives in this process and cannot be cut; PostgreSQL's can.
  if (process.env.TEST_DB !== 'postgres') {
    it('listens in-process on PGlite', () => {
      expect(a.database.kind).toBe('pglite');
    });
    return;
  }

  it('re-reads and sends the queue once listening again, so a change it did not hear is not lost', async () => {
    const client = openOnB();
    const first = (await client.message(1)) as Queue;
    const resynced = new Promise<void>((resolve) => {
      const off = b.context.events.onResync(() => {
        off();
        resolve();
      });
    });
    // A change that announces nothing, then the listening connections cut.
    await a.db.update(flipQueue).set({ state: 'played' }).where(sql`${flipQueue.id} = ${first[1]!.id}`);
    await a.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN%'`,
    );
    await resynced;
    const pushed = (await client.next()).message as Queue;
    expect(pushed.map((item) => item.id)).toEqual(first.filter((_, i) => i !== 1).map((item) => item.id));
  });
});
