import type pg from 'pg';
import type { Database } from '../db/client';
import { isConnectionLost } from '../db/connection';

/**
 * Job locks. On PostgreSQL a session advisory lock held on a dedicated connection, so with several
 * instances exactly one runs a job at a time (a crashed holder's lock goes with its connection).
 * A PGlite directory belongs to one process (its lock file sees to that), so there an in-process
 * lock is the whole story.
 */

/** First key of the two-key advisory lock space: "Almanac jobs". The second key is the job's name hashed. */
const JOBS_NAMESPACE = 72_017_002;

export interface HeldLock {
  /** Aborted when the lock was lost for good (its connection died and it could not be taken again) */
  signal: AbortSignal;
  release(): Promise<void>;
}

/** FNV-1a of the job name as a signed 32-bit integer (the second advisory key). */
export function lockKey(name: string): number {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return h | 0;
}

/** The job's lock was lost while it ran: another instance may run it now. */
export class LockLostError extends Error {
  constructor(job: string, cause: string) {
    super(`The ${job} job lost its lock (${cause})`);
  }
}

export type JobLocks = ReturnType<typeof createJobLocks>;

/** Jobs held in this process, per database: every runner of a process shares them. */
const heldHere = new WeakMap<object, Set<string>>();

export function createJobLocks(database: Database, log: { warn(message: string): void }) {
  const held = heldHere.get(database.db) ?? new Set<string>();
  heldHere.set(database.db, held);

  const pool = () => (database.db as unknown as { $client: pg.Pool }).$client;
  /** One more than the pool can hold: enough to get past every connection a cut killed at once. */
  const retakeAttempts = () => (pool().options.max ?? 10) + 1;

  /** A connection holding the advisory lock of `name`, or null when another session holds it. */
  async function takeAdvisory(name: string, attemptsLeft = retakeAttempts()): Promise<pg.PoolClient | null> {
    const client = await pool().connect();
    try {
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [JOBS_NAMESPACE, lockKey(name)]);
      if (rows[0]?.ok) return client;
      client.release();
      return null;
    } catch (error) {
      client.release(true);
      // The pool may still hold idle connections that died with the one that failed: each try drops
      // one, and a short wait lets their errors remove the rest; at worst every pooled one is tried.
      if (attemptsLeft > 1 && isConnectionLost(error)) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return takeAdvisory(name, attemptsLeft - 1);
      }
      throw error;
    }
  }

  /**
   * The lock lives as long as its session. When that connection dies (a restart, a failover) the
   * server has already let the lock go, so it is taken again on a new connection; if another
   * instance got it first, or the database is still away, the lock is lost and the signal says so.
   */
  async function tryAdvisory(name: string): Promise<HeldLock | null> {
    const first = await takeAdvisory(name);
    if (!first) return null;
    const lost = new AbortController();
    let releasing = false;
    let retaking: Promise<void> = Promise.resolve();
    let current: { client: pg.PoolClient; drop(error?: Error): void };

    const hold = (client: pg.PoolClient) => {
      let dropped = false;
      /** Gives the connection back, destroying it after an error; once only, whichever path comes first. */
      const drop = (error?: Error) => {
        if (dropped) return;
        dropped = true;
        client.removeListener('error', onError);
        client.release(error ?? false);
      };
      const onError = (error: Error) => {
        drop(error);
        if (releasing) return;
        log.warn(`job ${name}: the lock's connection was lost (${error.message}); taking the lock again`);
        retaking = takeAdvisory(name).then(
          (next) => {
            if (next && !releasing) return void hold(next);
            next?.release(true);
            if (!releasing) lost.abort(new LockLostError(name, 'another instance holds it now'));
          },
          (retakeError: Error) => lost.abort(new LockLostError(name, retakeError.message)),
        );
      };
      client.on('error', onError);
      current = { client, drop };
    };
    hold(first);

    return {
      signal: lost.signal,
      async release() {
        releasing = true;
        await retaking;
        if (lost.signal.aborted) return;
        const { client, drop } = current;
        try {
          await client.query('SELECT pg_advisory_unlock($1, $2)', [JOBS_NAMESPACE, lockKey(name)]);
          drop();
        } catch (error) {
          // Dropping the connection releases its locks.
          drop(error as Error);
        }
      },
    };
  }

  return {
    /** The lock of `name`, or null when this or another instance holds it. */
    async tryAcquire(name: string): Promise<HeldLock | null> {
      if (held.has(name)) return null;
      held.add(name);
      try {
        const lock =
          database.kind === 'postgres' ? await tryAdvisory(name) : { signal: new AbortController().signal, release: async () => {} };
        if (!lock) {
          held.delete(name);
          return null;
        }
        return {
          signal: lock.signal,
          async release() {
            try {
              await lock.release();
            } finally {
              held.delete(name);
            }
          },
        };
      } catch (error) {
        held.delete(name);
        throw error;
      }
    },

    isHeldHere(name: string): boolean {
      return held.has(name);
    },

    /** Whether any instance holds the lock of `name` now: on PostgreSQL the server's lock table says. */
    async isHeldAnywhere(name: string): Promise<boolean> {
      if (held.has(name) || database.kind !== 'postgres') return held.has(name);
      // Two-key advisory locks show as classid = first key, objid = second key (as an unsigned oid), objsubid = 2.
      const { rows } = await pool().query<{ held: boolean }>(
        `SELECT EXISTS (
           SELECT 1 FROM pg_locks
           WHERE locktype = 'advisory' AND granted AND objsubid = 2
             AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
             AND classid = $1::bigint::oid AND objid = ($2::bigint & 4294967295)::oid
         ) AS held`,
        [JOBS_NAMESPACE, lockKey(name)],
      );
      return rows[0]?.held === true;
    },
  };
}
