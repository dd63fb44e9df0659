import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { createPool, type DbLogger } from './connection';
import { type EmptyTemplate, emptyTemplate } from './empty-template';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies committed migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Where lost connections are reported; the console until the app's logger is given. */
  setLogger(log: DbLogger): void;
  /** PostgreSQL only: the connection pool's clients now (GET /metrics); PGlite has no pool */
  pool?(): PoolUsage;
  /**
   * PGlite only: a consistent copy of its data directory (a gzipped tarball that `openPglite`'s
   * `loadDataDir` opens again), taken while the database keeps serving (server/backup).
   */
  dumpDataDir?(): Promise<Blob>;
}

export interface PoolUsage {
  /** Clients open, idle among them, and queries waiting for one; `max` is the pool's size */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** The committed SQL migrations (drizzle-kit), applied at start */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Arbitrary constant shared by every instance so only one migrates at a time. */
const MIGRATION_LOCK = 72_017_001;

/** The PGlite directory is in use by another live process (a running server, another command). */
export class DatabaseInUseError extends Error {
  constructor(
    readonly directory: string,
    readonly pid: number,
    readonly lockFile: string,
  ) {
    super(
      `The embedded database in ${directory} is in use by another process (pid ${pid}), probably a running server. ` +
        'PGlite files can be opened by one process at a time: stop that process, or use PostgreSQL for both ' +
        `(DATABASE_URL=postgres://...). If no such process is running, delete ${lockFile}.`,
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite does not lock its files, and two processes writing one directory corrupt it. A lock file
 * holding the owner's pid makes a second opener fail with a clear message; a lock left by a process
 * that died is taken over.
 */
function lockDirectory(directory: string): () => void {
  // Beside the directory, not in it: PGlite initialises an empty directory on first open.
  const lockFile = `${directory}.lock`;
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
      const owner = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseInUseError(directory, owner, lockFile);
      }
      rmSync(lockFile, { force: true });
    }
  }
  const release = () => {
    process.removeListener('exit', release);
    try {
      if (readFileSync(lockFile, 'utf8') === String(process.pid)) rmSync(lockFile, { force: true });
    } catch {
      // Already gone.
    }
  };
  process.on('exit', release);
  return release;
}

/**
 * PostgreSQL's default 128 MB of shared buffers live in PGlite's WebAssembly memory, which never
 * shrinks: with 16 MB the demo's idle process stays under issue 23's 300 MB, and the demo catalogue
 * (a few MB of tables and indexes) still fits in them many times over (bench/cold-start.ts).
 */
// A start parameter, not `postgresqlconf` (which replaces initdb's postgresql.conf and its settings).
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/**
 * A Blob whose bytes can be read once. PGlite keeps its create() options for as long as it is open
 * (a closure of its WebAssembly module holds them), so a `loadDataDir` handed to it stays in memory
 * for good: the kept empty database twice over (its bytes and the Blob's copy of them, 80 MB of the
 * demo's idle memory, bench/cold-start.ts). Through this, PGlite's one read takes them, and then
 * nothing of them is left to keep.
 */
export class ReadOnce extends Blob {
  #source: Blob | undefined;
  readonly #size: number;

  constructor(source: Blob) {
    // The type says whether the tarball is gzipped (a backup) to PGlite.
    super([], { type: source.type });
    this.#source = source;
    this.#size = source.size;
  }

  override get size(): number {
    return this.#size;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    const source = this.#source;
    if (!source) return Promise.reject(new Error('These database files were read already'));
    this.#source = undefined;
    return source.arrayBuffer();
  }
}

/**
 * The embedded database in `dataDir`/pglite (or in memory); `loadDataDir` fills a new one from a
 * `dumpDataDir()` copy (PGlite refuses a directory that already holds a database). With
 * `keptEmptyDatabase` (the server's start, which migrates at once), an empty directory starts from this
 * checkout's kept empty, migrated database when it has one (./empty-template.ts); a restore or a check
 * of an empty directory must see it empty, so nothing else asks for it.
 */
export async function openPglite(
  dataDir: string | 'memory',
  options: { loadDataDir?: Blob; keptEmptyDatabase?: boolean } = {},
): Promise<Database> {
  let location = 'memory://';
  let unlock = () => {};
  let template: EmptyTemplate | undefined;
  if (dataDir !== 'memory') {
    location = path.join(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
    unlock = lockDirectory(location);
    const empty = !options.loadDataDir && !existsSync(path.join(location, 'PG_VERSION'));
    if (empty && options.keptEmptyDatabase) template = emptyTemplate(migrationsFolder, PGLITE_SETTINGS);
  }
  let client: PGlite;
  try {
    const files = options.loadDataDir ?? template?.files;
    const loadDataDir = files && new ReadOnce(files);
    client = await PGlite.create(location, {
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
      ...(loadDataDir ? { loadDataDir } : {}),
    });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // The lock file makes one process the owner of a PGlite directory, so no migration lock is needed.
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
      // Kept before anything else is written: the next empty directory starts from this one.
      await template?.save(() => client.dumpDataDir('none'));
      template = undefined;
    },
    async close() {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
    // One in-process connection: nothing to lose.
    setLogger: () => {},
    async dumpDataDir() {
      // Every query waits while this transaction holds PGlite's one connection: its CHECKPOINT writes
      // all committed changes to the data files, and no other transaction is half done when they are
      // copied (this one changes nothing; a restore rolls it back).
      let dump: Blob | undefined;
      await client.transaction(async (tx) => {
        await tx.exec('CHECKPOINT');
        dump = await client.dumpDataDir('gzip');
      });
      return dump!;
    },
  };
}

export async function openPostgres(connectionString: string, poolSize = 20): Promise<Database> {
  let logger: DbLogger = { warn: (message) => console.warn(message) };
  const pool = createPool({ connectionString, max: poolSize, log: () => logger });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
    setLogger(log) {
      logger = log;
    },
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
  };
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string; keptEmptyDatabase?: boolean }): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(options.dataDir, { keptEmptyDatabase: options.keptEmptyDatabase });
}
