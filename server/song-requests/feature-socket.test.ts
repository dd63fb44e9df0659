import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REQUEST_FEATURES_SOCKET, requestFeaturesMessageSchema } from '../../common/realtime';
import { requestFeatures } from '../db/schema';
import { createTestApp } from '../testing/app';
import { startInstance } from '../testing/instance';
import { buildAdmin, buildUser } from '../testing/users';

/**
 * The request switches reach every open page: a socket gets them on connect, and an admin's
 * toggle through one instance reaches the sockets of another on the same database (as behind a
 * balancer), so open flip and sample pages show or hide their notice without a reload.
 */

const a = await createTestApp({ DATA_DIR: '/tmp/almanac-test-unused', READ_CACHE_MS: '0' });
// B and C listen on ports: their sockets are the open pages.
const b = await startInstance(a.database);
const c = await startInstance(a.database);
const admin = await buildAdmin(a.db);
const member = await buildUser(a.db);

const toggleOnA = (feature: 'flip' | 'recording', headers: Record<string, string> = admin.headers) =>
  a.app.inject({ method: 'POST', url: `/api/requests/${feature}/enabled`, headers });
const state = (message: unknown) => requestFeaturesMessageSchema.strict().parse(message);

describe('WebSocket /api/ws/requests/features', () => {
  it('sends every switch on connect', async () => {
    const client = b.socket(REQUEST_FEATURES_SOCKET);
    expect(state(await client.message(1))).toEqual({ flip: true, recording: true, queueFull: false });
  });

  it('a toggle through A reaches a socket of B, with the state the toggle answered', async () => {
    const client = b.socket(REQUEST_FEATURES_SOCKET);
    await client.message(1);
    const off = client.next((m) => state(m).flip === false);
    const answer = await toggleOnA('flip');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ enabled: false });
    expect(state((await off).message)).toEqual({ flip: false, recording: true, queueFull: false });

    const on = client.next((m) => state(m).flip === true);
    expect((await toggleOnA('flip')).json()).toEqual({ enabled: true });
    expect(state((await on).message)).toEqual({ flip: true, recording: true, queueFull: false });
  });

  it('tells every socket of every instance about the sample switch, and a new socket starts from the stored state', async () => {
    const clients = [b.socket(REQUEST_FEATURES_SOCKET), b.socket(REQUEST_FEATURES_SOCKET), c.socket(REQUEST_FEATURES_SOCKET)];
    await Promise.all(clients.map((client) => client.message(1)));
    const heard = clients.map((client) => client.next((m) => state(m).recording === false));
    expect((await toggleOnA('recording')).json()).toEqual({ enabled: false });
    for (const { message } of await Promise.all(heard)) expect(state(message)).toEqual({ flip: true, recording: false, queueFull: false });

    const late = c.socket(REQUEST_FEATURES_SOCKET);
    expect(state(await late.message(1))).toEqual({ flip: true, recording: false, queueFull: false });
    // Back on, heard by both instances before the next test opens its socket (a late broadcast would reach it).
    const restored = [clients[0]!, late].map((client) => client.next((m) => state(m).recording === true));
    await toggleOnA('recording');
    await Promise.all(restored);
  });

  it('pushes nothing for a refused toggle: the next message is the next real change', async () => {
    const client = b.socket(REQUEST_FEATURES_SOCKET);
    await client.message(1);
    expect((await toggleOnA('flip', member.headers)).statusCode).toBe(403);
    const next = client.next();
    expect((await toggleOnA('flip')).json()).toEqual({ enabled: false });
    expect(state((await next).message)).toEqual({ flip: false, recording: true, queueFull: false });
    // Events are delivered in order: one the refusal had sent would have come before this change.
    expect(client.messages.map(state)).toEqual([
      { flip: true, recording: true, queueFull: false },
      { flip: false, recording: true, queueFull: false },
    ]);
    const restored = client.next((m) => state(m).flip === true);
    await toggleOnA('flip');
    await restored;
  });
});

describe('the features socket after the bus lost its connection', () => {
  // PGlite's listener lives in this process and cannot be cut; PostgreSQL's can.
  if (process.env.TEST_DB !== 'postgres') {
    it('listens in-process on PGlite', () => {
      expect(a.database.kind).toBe('pglite');
    });
    return;
  }

  it('re-reads and sends the switches once listening again, so a toggle it did not hear is not lost', async () => {
    const client = b.socket(REQUEST_FEATURES_SOCKET);
    expect(state(await client.message(1))).toEqual({ flip: true, recording: true, queueFull: false });
    const resynced = new Promise<void>((resolve) => {
      const off = b.context.events.onResync(() => {
        off();
        resolve();
      });
    });
    // A change that announces nothing, then the listening connections cut.
    await a.db
      .insert(requestFeatures)
      .values({ name: 'flip', enabled: false })
      .onConflictDoUpdate({ target: requestFeatures.name, set: { enabled: false } });
    await a.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN%'`,
    );
    await resynced;
    expect(state((await client.next()).message)).toEqual({ flip: false, recording: true, queueFull: false });
  });
});
