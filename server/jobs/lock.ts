import type pg from 'pg';
import type { Database } from '../db/client';

/**
 * Job locks. On PostgreSQL a session advisory lock held on a dedicated connection, so with several
 * instances exactly one runs a job at a time (a crashed holder's lock goes with its connection).
 * A PGlite directory belongs to one process (its lock file sees to that), so there an in-process
 * lock is the whole story.
 */

/** First key of the two-key advisory lock space: "Almanac jobs". The second key is the job's name hashed. */
const JOBS_NAMESPACE = 72_017_002;

export interface HeldLock {
  release(): Promise<void>;
}

/** FNV-1a of the job name as a signed 32-bit integer (the second advisory key). */
export function lockKey(name: string): number {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return h | 0;
}

export type JobLocks = ReturnType<typeof createJobLocks>;

/** Jobs held in this process, per database: every runner of a process shares them. */
const heldHere = new WeakMap<object, Set<string>>();

export function createJobLocks(database: Database) {
  const held = heldHere.get(database.db) ?? new Set<string>();
  heldHere.set(database.db, held);

  async function tryAdvisory(name: string): Promise<HeldLock | null> {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [JOBS_NAMESPACE, lockKey(name)]);
      if (!rows[0]?.ok) {
        client.release();
        return null;
      }
    } catch (error) {
      client.release(true);
      throw error;
    }
    return {
      async release() {
        try {
          await client.query('SELECT pg_advisory_unlock($1, $2)', [JOBS_NAMESPACE, lockKey(name)]);
          client.release();
        } catch {
          // Dropping the connection releases its locks.
          client.release(true);
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
        const lock = database.kind === 'postgres' ? await tryAdvisory(name) : { release: async () => {} };
        if (!lock) {
          held.delete(name);
          return null;
        }
        return {
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
  };
}
