import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies committed migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Arbitrary constant shared by every instance so only one migrates at a time. */
const MIGRATION_LOCK = 72_017_001;

export async function openPglite(dataDir: string | 'memory'): Promise<Database> {
  let location = 'memory://';
  if (dataDir !== 'memory') {
    location = path.join(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
  }
  const client = await PGlite.create(location, { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // One process owns a PGlite directory, so no cross-instance lock is needed.
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}

export async function openPostgres(connectionString: string, poolSize = 20): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
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
  };
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
