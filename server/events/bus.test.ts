import type { AddressInfo } from 'node:net';
import { connect, createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../db/client';
import { createTestDatabase } from '../db/testing';
import { createEventBus, type EventBus, EventTooLargeError } from './bus';
import { EVENTS_CHANNEL, type EventName, type EventPayload } from './types';

const quiet = { warn: () => {}, error: () => {} };

let database: Database;
let first: EventBus;
let second: EventBus;

beforeAll(async () => {
  database = await createTestDatabase();
  // Two buses on one database are two instances: each must hear the other.
  first = createEventBus({ database, log: quiet, backoffMs: 20 });
  second = createEventBus({ database, log: quiet, backoffMs: 20 });
  await Promise.all([first.start(), second.start()]);
});

afterAll(async () => {
  await first.stop();
  await second.stop();
  await database.close();
});

/** Resolves with the next `name` event `bus` hears that `accept` takes. */
function next<E extends EventName>(bus: EventBus, name: E, accept: (payload: EventPayload<E>) => boolean = () => true) {
  return new Promise<{ payload: EventPayload<E>; local: boolean }>((resolve) => {
    const off = bus.subscribe(name, (delivery) => {
      if (!accept(delivery.payload)) return;
      off();
      resolve(delivery);
    });
  });
}

describe('event bus', () => {
  it('delivers an event to every instance, telling each whether it was its own', async () => {
    const heardHere = next(first, 'queue.changed', (p) => p.version === 1);
    const heardThere = next(second, 'queue.changed', (p) => p.version === 1);
    await first.publish(database.db, 'queue.changed', { version: 1 });
    expect(await heardHere).toEqual({ payload: { version: 1 }, local: true });
    expect(await heardThere).toEqual({ payload: { version: 1 }, local: false });
  });

  it('announces a transaction’s event only when it commits', async () => {
    const seen: number[] = [];
    const off = second.subscribe('queue.changed', ({ payload }) => {
      seen.push(payload.version);
    });
    await database.db
      .transaction(async (tx) => {
        await first.publish(tx, 'queue.changed', { version: 10 });
        throw new Error('roll back');
      })
      .catch(() => {});
    const committed = next(second, 'queue.changed', (p) => p.version === 11);
    await database.db.transaction(async (tx) => {
      await first.publish(tx, 'queue.changed', { version: 11 });
    });
    await committed;
    // Notifications arrive in commit order, so the rolled-back one would have come first.
    expect(seen).toEqual([11]);
    off();
  });

  it('ignores malformed and unknown notifications and keeps delivering', async () => {
    const warnings: string[] = [];
    const watched = createEventBus({ database, log: { warn: (m) => warnings.push(m), error: () => {} } });
    await watched.start();
    try {
      const after = next(watched, 'sample.paid', (p) => p.sampleRequestId === 7);
      await database.db.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, 'not json')`);
      await database.db.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ e: 'nope', p: {}, from: 'x' })})`);
      await database.db.execute(
        sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ e: 'sample.paid', p: { sampleRequestId: 'x' }, from: 'x' })})`,
      );
      await first.publish(database.db, 'sample.paid', { sampleRequestId: 7 });
      expect((await after).payload).toEqual({ sampleRequestId: 7 });
      expect(warnings).toHaveLength(3);
    } finally {
      await watched.stop();
    }
  });

  it('keeps one failing handler from starving the others', async () => {
    const off = second.subscribe('radio.changed', () => {
      throw new Error('boom');
    });
    const heard = next(second, 'radio.changed', (p) => p.version === 3);
    await first.publish(database.db, 'radio.changed', { station: 'top', version: 3 });
    expect((await heard).payload).toEqual({ station: 'top', version: 3 });
    off();
  });

  it('refuses payloads that are not the event’s shape or would not fit in a NOTIFY', async () => {
    await expect(first.publish(database.db, 'radio.changed', { station: 'x'.repeat(9_000), version: 1 })).rejects.toBeInstanceOf(
      EventTooLargeError,
    );
    // @ts-expect-error a version must be a number
    await expect(first.publish(database.db, 'queue.changed', { version: 'one' })).rejects.toThrow();
  });
});

describe('event bus on PostgreSQL', () => {
  // PGlite runs in this process: its listener has no connection to lose. On PostgreSQL the
  // listening connection can be cut, and the bus must come back and ask for a resync.
  if (process.env.TEST_DB !== 'postgres') {
    it('listens in-process on PGlite', () => {
      expect(database.kind).toBe('pglite');
    });
    return;
  }

  it('reconnects after its connection is cut, asks for a resync, and delivers again', async () => {
    const resynced = new Promise<void>((resolve) => {
      const off = second.onResync(() => {
        off();
        resolve();
      });
    });
    await database.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN%'`,
    );
    await resynced;
    const heard = next(second, 'queue.changed', (p) => p.version === 99);
    await first.publish(database.db, 'queue.changed', { version: 99 });
    expect((await heard).payload).toEqual({ version: 99 });
  });

  it('notices a server that went silent without a reset (a failover), reconnects and resyncs', async () => {
    // A TCP relay in front of PostgreSQL that can stop passing bytes without closing anything.
    const target = new URL(
      (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString,
    );
    let frozen = false;
    const relay = createServer((inbound) => {
      const outbound = connect(Number(target.port || 5432), target.hostname);
      const startedFrozen = frozen;
      inbound.on('data', (chunk) => {
        if (!frozen || startedFrozen) outbound.write(chunk);
      });
      outbound.on('data', (chunk) => {
        if (!frozen || startedFrozen) inbound.write(chunk);
      });
      for (const [a, b] of [
        [inbound, outbound],
        [outbound, inbound],
      ] as const) {
        a.on('error', () => b.destroy());
        a.on('close', () => b.destroy());
      }
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const relayed = new URL(target);
    relayed.port = String((relay.address() as AddressInfo).port);
    const viaRelay = await openPostgres(relayed.toString(), 1);
    const bus = createEventBus({ database: viaRelay, log: quiet, backoffMs: 20, probeEveryMs: 50, probeTimeoutMs: 200 });
    try {
      await bus.start();
      const resynced = new Promise<void>((resolve) => bus.onResync(() => resolve()));
      // Connections made before now go silent; the reconnect makes a new one, which passes.
      frozen = true;
      await resynced;
      const heard = next(bus, 'queue.changed', (p) => p.version === 123);
      await first.publish(database.db, 'queue.changed', { version: 123 });
      expect((await heard).payload).toEqual({ version: 123 });
    } finally {
      await bus.stop();
      await viaRelay.close().catch(() => {});
      relay.close();
    }
  });
});
