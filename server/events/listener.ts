import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../db/client';

/**
 * The LISTEN side of the bus: one connection per process that hears every instance's NOTIFY.
 * On PostgreSQL it is a dedicated client outside the pool (a pooled one would be handed to queries);
 * when it drops it is reopened with doubling backoff, and `onReconnect` tells the bus that
 * notifications may have been missed meanwhile. PGlite lives in this process and never drops.
 */

export interface ListenerLog {
  warn(message: string): void;
}

export interface ListenerOptions {
  channel: string;
  onNotify(payload: string): void;
  /** Called when listening again after a lost connection or failed attempts (not on a first clean connect) */
  onReconnect(): void;
  log: ListenerLog;
  /** First retry delay; doubles up to maxBackoffMs */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How often the PostgreSQL connection is asked whether it is still there, and how long it may take */
  probeEveryMs?: number;
  probeTimeoutMs?: number;
}

export interface Listener {
  /** Resolves once the first LISTEN is acknowledged, or its first attempt failed (retries go on) */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function listen(database: Database, options: ListenerOptions): Listener {
  return database.kind === 'pglite' ? listenPglite(database, options) : listenPostgres(database, options);
}

function listenPglite(database: Database, options: ListenerOptions): Listener {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const unlisten = client.listen(options.channel, options.onNotify);
  return {
    ready: unlisten.then(() => undefined),
    async close() {
      const stop = await unlisten.catch(() => undefined);
      // Closing the database first ends its listeners too.
      if (stop && !client.closed) await stop().catch(() => {});
    },
  };
}

function listenPostgres(database: Database, options: ListenerOptions): Listener {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const backoffMs = options.backoffMs ?? 250;
  const maxBackoffMs = options.maxBackoffMs ?? 10_000;
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = backoffMs;
  /** Notifications may have been missed: set by a failed attempt or once listening (a later drop) */
  let missed = false;
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });

  const scheduleReconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, maxBackoffMs);
  };

  async function connect() {
    const next = new pg.Client(pool.options);
    // A dropped connection must never reach the process as an unhandled 'error'.
    next.on('error', (error) => {
      options.log.warn(`event listener connection lost: ${error.message}`);
      next.end().catch(() => {});
      if (client === next) client = null;
      scheduleReconnect();
    });
    next.on('end', () => {
      if (client === next) {
        client = null;
        scheduleReconnect();
      }
    });
    next.on('notification', (message) => {
      if (message.channel === options.channel && message.payload !== undefined) options.onNotify(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(options.channel)}`);
    } catch (error) {
      options.log.warn(`event listener cannot listen: ${(error as Error).message}`);
      next.end().catch(() => {});
      missed = true;
      // The app starts anyway (its health check says the database is down); listening follows.
      resolveReady();
      scheduleReconnect();
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    delay = backoffMs;
    if (missed) options.onReconnect();
    missed = true;
    resolveReady();
  }

  /**
   * The listening connection only receives, so a server gone without a reset (a failover) would
   * go unnoticed: ask it something now and then, and reconnect (then resync) when it does not answer.
   */
  async function probe() {
    const current = client;
    if (!current) return;
    let timer: NodeJS.Timeout | undefined;
    const silent = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer')), probeTimeoutMs);
    });
    try {
      await Promise.race([current.query('SELECT 1'), silent]);
    } catch (error) {
      if (client !== current) return;
      options.log.warn(`event listener connection lost: ${(error as Error).message}`);
      client = null;
      current.end().catch(() => {});
      scheduleReconnect();
    } finally {
      clearTimeout(timer);
    }
  }
  const heartbeat = setInterval(() => void probe(), options.probeEveryMs ?? 30_000);
  heartbeat.unref();
  const probeTimeoutMs = options.probeTimeoutMs ?? 10_000;

  void connect();
  return {
    ready,
    async close() {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(retry);
      resolveReady();
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
