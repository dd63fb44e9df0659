import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { Db } from '../db/client';
import { applyMigrations, knownMigrations, type Migration, migrationState } from '../db/migration-state';
import { BackupError } from './errors';
import {
  addConstraint,
  dropConstraint,
  foreignKeys,
  insertRows,
  publicTables,
  readOnlySnapshot,
  rowsAfter,
  sequenceValues,
  setSequence,
  tableColumns,
} from './queries';

/**
 * The logical backup: every row of every table, read in one read-only REPEATABLE READ transaction
 * (one moment of the database, while the site keeps writing), as gzipped JSON lines:
 *
 *   {"almanac":"logical-backup","version":1,"createdAt":…,"source":"postgres"|"pglite","migrations":[{name,hash,createdAt}]}
 *   {"table":{"name":"media","columns":[…]}}   then one {"r":{…row…}} per row (to_jsonb of the row)
 *   {"sequences":[{"name":…,"lastValue":…}]}
 *   {"end":{"tables":n,"rows":n}}
 *
 * It restores into either kind of database (PostgreSQL or PGlite): the migrations the backup was
 * made at are applied first, then the rows go in as they were (ids too), foreign keys checked at
 * the end, sequences set where they stood. What pg_dump does when there is no pg_dump.
 */

export const LOGICAL_FORMAT = 'logical-backup';
const VERSION = 1;
/** Rows per read; tables holding audio (bytea) are read a few rows at a time */
const PAGE_ROWS = 500;
const PAGE_ROWS_WITH_BYTES = 10;
/** A batch of rows written at once stays under this much JSON */
const BATCH_CHARS = 4 * 1024 * 1024;

export interface LogicalSummary {
  tables: number;
  rows: number;
}

/** Writes a line and waits when the stream asks to (a slow disk or client). */
async function writeLine(out: Writable, line: string) {
  if (!out.write(`${line}\n`)) await new Promise<void>((resolve) => out.once('drain', resolve));
}

/** Writes the logical backup of `db` to `out` (a gzip stream: the caller ends it). */
export async function writeLogicalBackup(db: Db, kind: 'postgres' | 'pglite', out: Writable, now = new Date()): Promise<LogicalSummary> {
  return readOnlySnapshot(db, async (tx) => {
    const state = await migrationState(tx as Db);
    const migrations = state.applied.map((row) => ({
      name: state.known.find((m) => m.hash === row.hash)?.name ?? null,
      hash: row.hash,
      createdAt: row.createdAt,
    }));
    await writeLine(
      out,
      JSON.stringify({ almanac: LOGICAL_FORMAT, version: VERSION, createdAt: now.toISOString(), source: kind, migrations }),
    );
    const tables = await publicTables(tx);
    let rows = 0;
    for (const table of tables) {
      const { columns, hasBytes } = await tableColumns(tx, table);
      await writeLine(out, JSON.stringify({ table: { name: table, columns } }));
      const limit = hasBytes ? PAGE_ROWS_WITH_BYTES : PAGE_ROWS;
      for (let after = '(0,0)'; ; ) {
        const page = await rowsAfter(tx, table, after, limit);
        for (const { row } of page) await writeLine(out, `{"r":${row}}`);
        rows += page.length;
        if (page.length < limit) break;
        after = page.at(-1)!.ctid;
      }
    }
    await writeLine(out, JSON.stringify({ sequences: await sequenceValues(tx) }));
    await writeLine(out, JSON.stringify({ end: { tables: tables.length, rows } }));
    return { tables: tables.length, rows };
  });
}

interface Header {
  almanac: string;
  version: number;
  createdAt: string;
  source: string;
  migrations: { name: string | null; hash: string; createdAt: number }[];
}

/** The committed migrations the backup was made at: its applied ones must be this code's first ones. */
function migrationsOf(header: Header): Migration[] {
  const known = knownMigrations();
  const matches = header.migrations.length <= known.length && header.migrations.every((m, i) => known[i]?.hash === m.hash);
  if (!matches) {
    const last = header.migrations.at(-1)?.name ?? 'an unknown migration';
    throw new BackupError(
      `This backup was made by another version of Almanac (its database is at ${last}, which this version does not have). ` +
        'Restore it with the version that made it, then upgrade.',
    );
  }
  return known.slice(0, header.migrations.length);
}

/** Reads a logical backup file into `db`, which must be empty (the caller checked). */
export async function restoreLogicalBackup(db: Db, file: string): Promise<LogicalSummary> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Number.POSITIVE_INFINITY });
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  const header = first.done ? null : (JSON.parse(first.value) as Header);
  if (header?.almanac !== LOGICAL_FORMAT || header.version !== VERSION) throw new BackupError(`${file} is not a logical backup of Almanac`);
  const migrations = migrationsOf(header);
  return db.transaction(async (tx) => {
    await applyMigrations(tx as unknown as Db, migrations);
    const keys = await foreignKeys(tx);
    for (const key of keys) await dropConstraint(tx, key.table, key.name);
    const existing = new Set(await publicTables(tx));
    const summary = await loadRows(tx as unknown as Db, { [Symbol.asyncIterator]: () => iterator }, existing);
    for (const key of keys) await addConstraint(tx, key.table, key.name, key.definition);
    return summary;
  });
}

/** The table, row, sequence and end lines, written as they come (rows in batches). */
async function loadRows(tx: Db, lines: AsyncIterable<string>, existing: Set<string>): Promise<LogicalSummary> {
  let table: { name: string; columns: string[] } | null = null;
  let batch: string[] = [];
  let batchChars = 0;
  let rows = 0;
  let tables = 0;
  const flush = async () => {
    if (table && batch.length > 0) await insertRows(tx, table.name, table.columns, `[${batch.join(',')}]`);
    rows += batch.length;
    batch = [];
    batchChars = 0;
  };
  for await (const line of lines) {
    if (line.startsWith('{"r":')) {
      batch.push(line.slice(5, -1));
      batchChars += line.length;
      if (batch.length >= PAGE_ROWS || batchChars >= BATCH_CHARS) await flush();
      continue;
    }
    await flush();
    const entry = JSON.parse(line) as {
      table?: { name: string; columns: string[] };
      sequences?: { name: string; lastValue: string | null }[];
      end?: LogicalSummary;
    };
    if (entry.table) {
      table = await checkedTable(tx, entry.table, existing);
      tables++;
    }
    for (const sequence of entry.sequences ?? []) if (sequence.lastValue !== null) await setSequence(tx, sequence.name, sequence.lastValue);
    if (entry.end) {
      if (entry.end.rows !== rows || entry.end.tables !== tables)
        throw new BackupError('The backup does not hold what its last line says: it is damaged');
      return { tables, rows };
    }
  }
  throw new BackupError('The backup ends before its last line: it was cut short (a full disk, or a copy still being written?)');
}

/** A table of the backup as this database has it: the same columns, or the backup does not fit. */
async function checkedTable(tx: Db, table: { name: string; columns: string[] }, existing: Set<string>) {
  const { columns } = existing.has(table.name) ? await tableColumns(tx, table.name) : { columns: [] as string[] };
  if (columns.join(',') !== table.columns.join(',')) {
    throw new BackupError(
      `The backup's table ${table.name} (${table.columns.join(', ')}) does not match this database's (${columns.join(', ')})`,
    );
  }
  return table;
}
