import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * All SQL of backups and restores: what the database holds (tables, columns, foreign keys,
 * sequences, read from the catalog so a new table is backed up without a change here), its rows in
 * pages, and the writes of a restore. Table and column names come from the catalog and are quoted.
 */

/** Runs SQL: the database or a transaction. */
type Executor = Pick<Db, 'execute'>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The tables of the public schema, by name. */
export async function publicTables(db: Executor): Promise<string[]> {
  const result = await db.execute(sql`
    SELECT c.relname AS name FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
    ORDER BY c.relname`);
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

/** Whether the database was never used: no table of ours, no migrations table. */
export async function isEmptyDatabase(db: Executor): Promise<{ empty: boolean; tables: string[] }> {
  const tables = await publicTables(db);
  const result = await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS found`);
  return { empty: tables.length === 0 && !rowsOf<{ found: string | null }>(result)[0]?.found, tables };
}

/** The columns a row is written with (not generated ones), and whether one holds bytes (bytea). */
export async function tableColumns(db: Executor, table: string): Promise<{ columns: string[]; hasBytes: boolean }> {
  const result = await db.execute(sql`
    SELECT a.attname AS name, a.atttypid = 'bytea'::regtype AS bytes FROM pg_attribute a
    WHERE a.attrelid = ${`public.${quote(table)}`}::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    ORDER BY a.attnum`);
  const rows = rowsOf<{ name: string; bytes: boolean }>(result);
  return { columns: rows.map((row) => row.name), hasBytes: rows.some((row) => row.bytes) };
}

/**
 * One page of a table's rows as JSON text (`to_jsonb`: timestamps as ISO text, bytea as \x hex,
 * arrays as arrays), after the row at `after` (a ctid; '(0,0)' first), in physical order.
 */
export async function rowsAfter(db: Executor, table: string, after: string, limit: number): Promise<{ ctid: string; row: string }[]> {
  const result = await db.execute(
    sql`SELECT t.ctid::text AS ctid, to_jsonb(t)::text AS row FROM ${sql.raw(`public.${quote(table)}`)} t
        WHERE t.ctid > ${after}::tid ORDER BY t.ctid LIMIT ${limit}`,
  );
  return rowsOf<{ ctid: string; row: string }>(result);
}

/** The public schema's sequences where they stand (null: never used). */
export async function sequenceValues(db: Executor): Promise<{ name: string; lastValue: string | null }[]> {
  const result = await db.execute(
    sql`SELECT sequencename AS name, last_value::text AS "lastValue" FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`,
  );
  return rowsOf<{ name: string; lastValue: string | null }>(result);
}

/** A transaction that sees one moment of the whole database and writes nothing (a backup's). */
export function readOnlySnapshot<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(work, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

/** The foreign keys of the public schema, with what re-creates each. */
export async function foreignKeys(db: Executor): Promise<{ table: string; name: string; definition: string }[]> {
  const result = await db.execute(sql`
    SELECT c.conrelid::regclass::text AS "table", c.conname AS name, pg_get_constraintdef(c.oid) AS definition
    FROM pg_constraint c WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace ORDER BY 1, 2`);
  return rowsOf<{ table: string; name: string; definition: string }>(result);
}

export async function dropConstraint(db: Executor, table: string, name: string) {
  await db.execute(sql.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${quote(name)}`));
}

/** Adds a foreign key back, checking every restored row against it. */
export async function addConstraint(db: Executor, table: string, name: string, definition: string) {
  await db.execute(sql.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${quote(name)} ${definition}`));
}

/** Writes rows given as JSON objects (`to_jsonb` of a row of this table), values kept as they were, ids too. */
export async function insertRows(db: Executor, table: string, columns: string[], rowsJson: string) {
  const list = columns.map(quote).join(', ');
  const target = `public.${quote(table)}`;
  await db.execute(
    sql`INSERT INTO ${sql.raw(`${target} (${list})`)} OVERRIDING SYSTEM VALUE
        SELECT ${sql.raw(list)} FROM jsonb_populate_recordset(NULL::${sql.raw(target)}, ${rowsJson}::jsonb)`,
  );
}

export async function setSequence(db: Executor, name: string, lastValue: string) {
  await db.execute(sql`SELECT setval(${`public.${quote(name)}`}::regclass, ${lastValue}::bigint, true)`);
}

/** Every row of a table as JSON text, in a stable order (tests compare a restore with its source). */
export async function allRows(db: Executor, table: string): Promise<string[]> {
  const result = await db.execute(sql`SELECT to_jsonb(t)::text AS row FROM ${sql.raw(`public.${quote(table)}`)} t`);
  return rowsOf<{ row: string }>(result)
    .map((r) => r.row)
    .sort();
}
