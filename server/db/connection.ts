import pg from 'pg';

/**
 * Surviving lost PostgreSQL connections (a restart, a failover, an operator's pg_terminate_backend).
 * node-postgres emits 'error' on a client whose server goes away; with no listener that event ends
 * the process. Every client of this pool gets a listener when it connects, so neither an idle client
 * nor one checked out (a job lock, a transaction) can crash the process; the query using a lost
 * client fails, and a read that failed that way is tried once more on another connection.
 */

export interface DbLogger {
  warn(message: string): void;
}

/** What a request that lost its database connection answers (with 503). */
export const DATABASE_UNAVAILABLE = 'The database is unavailable for a moment. Please try again.';

/** SQLSTATEs of a server going away: admin shutdown, crash shutdown, cannot connect now, connection failures. */
const LOST_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE']);
const LOST_MESSAGES = /Connection terminated|not queryable|timeout exceeded when trying to connect/;

/** Whether `error` (or what it wraps: Drizzle wraps driver errors as `cause`) is a lost or refused connection. */
export function isConnectionLost(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && LOST_CODES.has(code)) return true;
    if (typeof message === 'string' && LOST_MESSAGES.test(message)) return true;
  }
  return false;
}

/**
 * The SQL only reads: a SELECT (or WITH) that writes nothing, locks nothing, takes no advisory lock
 * and sends no notification (a retried pg_notify would announce the event twice).
 */
export function isRead(text: string): boolean {
  return (
    /^\s*(select|with)\b/i.test(text) &&
    !/\b(insert|update|delete|for\s+(no\s+key\s+)?(update|share)|nextval|setval|pg_(try_)?advisory|pg_notify)/i.test(text)
  );
}

function queryText(query: unknown): string | null {
  if (typeof query === 'string') return query;
  const text = (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : null;
}

/**
 * A pool whose promise-form query (what Drizzle uses outside transactions) retries a read when its
 * connection was lost. The failed client is destroyed by the pool. Its idle clients may have been lost
 * at the same moment (a restart, an operator ending every session) without the pool knowing yet, so a
 * retry can fail the same way on one of them: it is tried again, at most once per client the pool may
 * hold and one more, so the last try has a new connection. Each retry waits one turn of the event loop,
 * in which the other lost clients' errors are usually seen.
 */
class ResilientPool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (callbacks, configs, submittables) are passed through untouched.
  override query(...args: any[]): any {
    const [query, values, callback] = args;
    const text = queryText(query);
    if (typeof values === 'function' || typeof callback === 'function' || text === null || !isRead(text)) {
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
    const once = () => (super.query as (q: unknown, v: unknown) => Promise<pg.QueryResult>)(query, values);
    const tries = (this.options.max ?? 10) + 1;
    const attempt = (left: number): Promise<pg.QueryResult> =>
      once().catch(async (error: unknown) => {
        if (!isConnectionLost(error) || this.ending || left <= 1) throw error;
        await new Promise((resolve) => setImmediate(resolve));
        return attempt(left - 1);
      });
    return attempt(tries);
  }
}

/** A connection pool that logs lost connections instead of dying of them. */
export function createPool(options: { connectionString: string; max: number; log: () => DbLogger }): pg.Pool {
  // TCP keepalive and a connect timeout: a server that vanished without a reset (a failover) is
  // noticed, instead of queries and connects waiting on it for good.
  const pool = new ResilientPool({
    connectionString: options.connectionString,
    max: options.max,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    connectionTimeoutMillis: 10_000,
  });
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  // An idle client's error reaches the pool, which drops the client; the next query connects anew.
  pool.on('error', (error) => options.log().warn(`database: an idle connection was lost (${error.message}); it will be replaced`));
  pool.on('connect', (client) => {
    // A checked-out client's error also fails the query using it, and the lock holder listens itself;
    // this listener only keeps the event from ending the process.
    client.on('error', (error) => {
      if (checkedOut.has(client as pg.PoolClient)) options.log().warn(`database: a connection in use was lost (${error.message})`);
    });
  });
  return pool;
}

/** The connection string without its password, to name in messages. */
export function redactedUrl(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(not a valid URL)';
  }
}

/** What went wrong, in one line: node's AggregateError (every address refused) has no message of its own. */
function reason(error: unknown): string {
  const e = error as { message?: string; code?: string; errors?: unknown[]; cause?: unknown };
  if (e.message) return e.message.split('\n')[0]!;
  if (e.errors?.length) return reason(e.errors[0]);
  if (e.cause) return reason(e.cause);
  return e.code ?? String(error);
}

/** The server could not open or migrate the database at DATABASE_URL. */
export class DatabaseStartError extends Error {
  constructor(connectionString: string, cause: unknown) {
    super(`Could not use the database at DATABASE_URL (${redactedUrl(connectionString)}): ${reason(cause)}`, { cause });
  }
}

/** The waits between tries of work whose database connection was lost (about 3.5 s in all). */
export const DATABASE_RETRY_DELAYS_MS = [250, 500, 1000, 2000] as const;

/**
 * Runs `work` again while it fails on a lost connection (a blip, a failover), waiting a little longer
 * each time; any other failure, or the last lost one, is thrown. Only for work that is safe to repeat
 * (idempotent): a capture, whose PayPal-Request-Id and settlement make a second run answer the first.
 */
export async function retryWhileDatabaseAway<T>(work: () => Promise<T>, delays: readonly number[] = DATABASE_RETRY_DELAYS_MS): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isConnectionLost(error) || attempt >= delays.length) throw error;
      await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
    }
  }
}
