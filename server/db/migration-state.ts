import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type MigrationMeta, readMigrationFiles } from 'drizzle-orm/migrator';
import { type Db, migrationsFolder } from './client';

/**
 * Where a database stands against the committed migrations, read as drizzle's migrator reads it
 * (`drizzle.__drizzle_migrations`: a migration is applied when its folder time is not after the
 * last applied one's), for `npm run cli -- doctor`; and `applyMigrations`, which applies some of
 * them exactly as the migrator does, for a restore into an empty database (server/backup).
 */

export interface Migration extends MigrationMeta {
  /** The file's name without .sql, e.g. 0017_request_receipt */
  name: string;
}

export interface MigrationState {
  /** The committed migrations, in order */
  known: Migration[];
  /** The rows of drizzle.__drizzle_migrations, in order; empty when the table does not exist */
  applied: { hash: string; createdAt: number }[];
  /** Known migrations the database has not had: the server applies them at its next start */
  pending: Migration[];
  /** Applied migrations this code does not know: a newer version migrated the database */
  unknown: { hash: string; createdAt: number }[];
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The committed migrations, with their names from drizzle-kit's journal. */
export function knownMigrations(): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const names = new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
  return readMigrationFiles({ migrationsFolder }).map((m) => ({ ...m, name: names.get(m.folderMillis) ?? String(m.folderMillis) }));
}

export async function migrationState(db: Db): Promise<MigrationState> {
  const known = knownMigrations();
  const exists = await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS found`);
  let applied: MigrationState['applied'] = [];
  if (rowsOf<{ found: string | null }>(exists)[0]?.found) {
    const result = await db.execute(sql`SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at, id`);
    applied = rowsOf<{ hash: string; created_at: string | number }>(result).map((row) => ({
      hash: row.hash,
      createdAt: Number(row.created_at),
    }));
  }
  const last = applied.at(-1)?.createdAt ?? Number.NEGATIVE_INFINITY;
  const hashes = new Set(known.map((m) => m.hash));
  return {
    known,
    applied,
    pending: known.filter((m) => m.folderMillis > last),
    unknown: applied.filter((row) => !hashes.has(row.hash)),
  };
}

/** Applies `migrations` in one transaction and records them, as drizzle's migrator would. */
export async function applyMigrations(db: Db, migrations: readonly MigrationMeta[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
    await tx.execute(
      sql`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
    );
    for (const migration of migrations) {
      for (const statement of migration.sql) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${migration.hash}, ${migration.folderMillis})`,
      );
    }
  });
}
