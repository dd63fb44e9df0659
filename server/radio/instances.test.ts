import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RADIO_PATHS, RADIO_STATIONS } from '../../common/constants';
import { type RadioListeners, radioTrackSchema, type Station } from '../../common/radio';
import { radioListeners } from '../db/schema';
import type { SocketClient } from '../realtime/testing';
import { testClock } from '../testing/clock';
import { buildAdmin } from '../testing/users';
import { LISTENERS_CACHE_MS } from './listeners';
import { lockStation, readPlays, startPlay } from './queries';
import { radioDatabase, seedSongs, startInstance } from './testing';

/**
 * Two instances (two apps) on one database, as behind a balancer, both with their timers armed:
 * when a track ends both run the due-check, and only one moves the station on; listeners of both
 * get every new track (how fast is measured by bench/ws.ts and the deploy check, never asserted here:
 * a busy machine takes longer); the listener count adds both up, and drops an instance that
 * died without a word.
 */

const clock = testClock();
const database = await radioDatabase();
const a = await startInstance(database, clock.now);
const b = await startInstance(database, clock.now);
const db = a.context.database.db;
const admin = await buildAdmin(db);
await seedSongs(db, 10);
await Promise.all([a.context.radio.start(), b.context.radio.start()]);

const trackOf = (message: unknown) => radioTrackSchema.parse(message);

/** Listeners on both instances; resolves once each has its first track. */
async function listenOnBoth(station: Station): Promise<SocketClient[]> {
  const clients = [a.listen(station), a.listen(station), b.listen(station), b.listen(station)];
  await Promise.all(clients.map((client) => client.message(1)));
  return clients;
}

/** Every client's next track and how long after `started` it came. */
async function nextOnEach(clients: SocketClient[], started: () => number) {
  const heard = await Promise.all(clients.map((client) => client.next()));
  return heard.map(({ message, at }) => ({ track: trackOf(message), after: at - started() }));
}

describe('two instances on one database', () => {
  it('started together, they began each station once', async () => {
    for (const station of RADIO_STATIONS) expect(await readPlays(db, station)).toHaveLength(1);
  });

  it('when a track ends, only one of them moves the station on, and listeners of both hear it', async () => {
    for (const station of RADIO_STATIONS) {
      const clients = await listenOnBoth(station);
      for (let round = 0; round < 3; round++) {
        const playing = (await a.context.radio.radio.playing(station))!;
        const plays = (await readPlays(db, station)).length;
        clock.set(playing.endsAt);
        let started = 0;
        const heard = nextOnEach(clients, () => started);
        started = performance.now();
        // Both timers fire at the end of the track.
        const results = await Promise.all([a.context.radio.feed.due(station), b.context.radio.feed.due(station)]);
        expect(
          results.filter((r) => r === 'advanced'),
          `${station} round ${round}: ${results}`,
        ).toHaveLength(1);
        expect(results.filter((r) => r !== 'advanced')[0]).toMatch(/^(busy|not-due)$/);
        const tracks = await heard;
        expect(await readPlays(db, station)).toHaveLength(plays + 1);
        const next = (await b.context.radio.radio.playing(station))!;
        expect(next.version).toBe(playing.version + 1);
        for (const { track } of tracks) {
          expect(track).toMatchObject({ id: next.track.id, startedAt: next.track.startedAt, startAtSecs: 0 });
        }
      }
    }
  });

  it('a late instance (its due-check after the other’s advance) does not advance again', async () => {
    const playing = (await a.context.radio.radio.playing('top'))!;
    clock.set(new Date(playing.endsAt.getTime() + 1_000));
    expect(await a.context.radio.feed.due('top')).toBe('advanced');
    expect(await b.context.radio.feed.due('top')).toBe('not-due');
    expect((await b.context.radio.radio.playing('top'))!.version).toBe(playing.version + 1);
  });

  it('a skip through one instance reaches the listeners of both', async () => {
    const clients = await listenOnBoth('everything');
    let started = 0;
    const heard = nextOnEach(clients, () => started);
    started = performance.now();
    const res = await b.app.inject({ method: 'POST', url: `${RADIO_PATHS.skip}?station=everything`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    for (const { track } of await heard) expect(track.id).toBe(res.json().id);
  });

  it('counts the listeners of every instance, and forgets an instance that stopped refreshing its count', async () => {
    // Earlier tests left 4 top and 8 everything sockets: half on each instance.
    await Promise.all([a.context.radio.listeners.flush(), b.context.radio.listeners.flush()]);
    const read = async () => (await a.app.inject({ url: RADIO_PATHS.listeners })).json() as RadioListeners;
    expect(await read()).toEqual({ top: 4, everything: 8 });
    // B dies: nothing deletes its rows, they only stop being refreshed.
    await db.execute(
      sql`UPDATE ${radioListeners} SET seen_at = now() - interval '1 minute' WHERE ${radioListeners.instance} = ${b.context.events.instance}`,
    );
    // A read within LISTENERS_CACHE_MS of the last is served from memory, one query for them all.
    expect(await read()).toEqual({ top: 4, everything: 8 });
    clock.advance(LISTENERS_CACHE_MS);
    expect(await read()).toEqual({ top: 2, everything: 4 });
    // A clean stop takes an instance's listeners out at once.
    await a.close();
    expect((await b.app.inject({ url: RADIO_PATHS.listeners })).json()).toEqual({ top: 0, everything: 0 });
  });
});

describe('the radio socket after the bus lost its connection', () => {
  // PGlite's listener lives in this process and cannot be cut; PostgreSQL's can.
  if (process.env.TEST_DB !== 'postgres') {
    it('listens in-process on PGlite', () => {
      expect(database.kind).toBe('pglite');
    });
    return;
  }

  it('re-reads every station once listening again, so a new track it did not hear is still sent', async () => {
    const client = b.listen('top');
    const first = trackOf(await client.message(1));
    const resynced = new Promise<void>((resolve) => {
      const off = b.context.events.onResync(() => {
        off();
        resolve();
      });
    });
    // A new track that announces nothing, then the listening connections cut.
    const other = (await a.context.radio.radio.history('top')).find((t) => t.id !== first.id)!;
    await db.transaction(async (tx) => {
      const state = await lockStation(tx, 'top');
      await startPlay(tx, 'top', { id: other.id, duration: other.duration }, state.cycle, clock.now());
    });
    await db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN%'`,
    );
    await resynced;
    expect(trackOf((await client.next()).message)).toMatchObject({ id: other.id, startAtSecs: 0 });
  });
});
