import { createWriteStream, existsSync } from 'node:fs';
import { open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createGzip, gunzipSync } from 'node:zlib';
import { type Database, openDatabase, openPglite } from '../db/client';
import { BackupError } from './errors';
import { LOGICAL_FORMAT, type LogicalSummary, restoreLogicalBackup, writeLogicalBackup } from './logical';
import { pgDump, pgRestore } from './pg-tools';
import { isEmptyDatabase } from './queries';

export { BackupError } from './errors';

/**
 * Backups that restore (docs/production.md "Backups"). Three kinds of file, told apart by their
 * first bytes:
 *  - pg_dump: PostgreSQL's custom-format archive (pg_dump on PATH), restored by pg_restore;
 *  - pglite: the embedded database's data directory (PGlite's dumpDataDir, a .tar.gz), restored as
 *    the embedded database;
 *  - logical: every row as JSON lines (logical.ts), from one read-only snapshot; restores into
 *    either kind, so it also moves a site from the embedded database to PostgreSQL.
 * A backup is written beside its file and renamed into place when complete; a restore goes only
 * into an empty database.
 */

export type BackupFormat = 'pg_dump' | 'pglite' | 'logical';

export interface BackupResult {
  format: BackupFormat;
  bytes: number;
  /** The logical format counts what it wrote */
  summary?: LogicalSummary;
  /** Why the format is not the one asked for (pg_dump not installed) */
  note?: string;
}

/** The logical backup as a gzipped stream (the server sends it to the CLI); errors end the stream. */
export function logicalBackupStream(database: Database): Readable {
  const gzip = createGzip();
  const out = new PassThrough();
  gzip.pipe(out);
  writeLogicalBackup(database.db, database.kind, gzip).then(
    () => gzip.end(),
    (error: Error) => out.destroy(error),
  );
  return out;
}

/** The embedded database's data directory, copied while it serves. */
export async function pgliteBackup(database: Database): Promise<Buffer> {
  if (!database.dumpDataDir) throw new BackupError('Only the embedded database (PGlite) has a data directory copy; use --format logical');
  return Buffer.from(await (await database.dumpDataDir()).arrayBuffer());
}

/** Writes a backup of `database` to `file` (PostgreSQL at `databaseUrl` through pg_dump when it is installed). */
export async function writeBackup(options: {
  database: Database;
  databaseUrl?: string;
  file: string;
  logical?: boolean;
}): Promise<BackupResult> {
  const { database, file } = options;
  const partial = `${file}.partial`;
  try {
    let result: BackupResult;
    if (options.logical || (database.kind === 'postgres' && !options.databaseUrl)) {
      const gzip = createGzip();
      const written = pipeline(gzip, createWriteStream(partial));
      const summary = await writeLogicalBackup(database.db, database.kind, gzip);
      gzip.end();
      await written;
      result = { format: 'logical', bytes: 0, summary };
    } else if (database.kind === 'pglite') {
      await writeFile(partial, await pgliteBackup(database));
      result = { format: 'pglite', bytes: 0 };
    } else if (await pgDump(options.databaseUrl!, partial)) {
      result = { format: 'pg_dump', bytes: 0 };
    } else {
      const logical = await writeBackup({ ...options, logical: true });
      return { ...logical, note: 'pg_dump is not installed here (apt-get install postgresql-client): wrote a logical backup instead' };
    }
    await rename(partial, file);
    return { ...result, bytes: (await stat(file)).size };
  } finally {
    await rm(partial, { force: true });
  }
}

/** What kind of backup a file is, by its first bytes; an error naming the file when it is none. */
export async function backupFormat(file: string): Promise<BackupFormat> {
  if (!existsSync(file)) throw new BackupError(`There is no file ${file}`);
  const handle = await open(file, 'r');
  const head = Buffer.alloc(64 * 1024);
  const { bytesRead } = await handle.read(head, 0, head.length, 0).finally(() => handle.close());
  const start = head.subarray(0, bytesRead);
  if (start.subarray(0, 5).toString('latin1') === 'PGDMP') return 'pg_dump';
  if (start[0] === 0x1f && start[1] === 0x8b) {
    let text = '';
    try {
      text = gunzipSync(start, { finishFlush: constants.Z_SYNC_FLUSH /* a cut stream is fine */ }).subarray(0, 64).toString('latin1');
    } catch {
      // Not gzip after all.
    }
    if (text.startsWith(`{"almanac":"${LOGICAL_FORMAT}"`)) return 'logical';
    if (text.length > 0) return 'pglite';
  }
  throw new BackupError(`${file} is not a backup of Almanac (pg_dump archive, embedded database copy or logical backup)`);
}

/** Where a restore goes: the configured database, PostgreSQL or the embedded one under dataDir. */
export interface RestoreTarget {
  databaseUrl?: string;
  dataDir: string;
}

/** A restore never mixes a backup into data: what to do instead, for either kind of database. */
function notEmpty(target: RestoreTarget, what: string) {
  const pgliteDir = path.join(target.dataDir, 'pglite');
  const [where, fix] = target.databaseUrl
    ? ['The PostgreSQL database', 'create a new database (createdb) and point DATABASE_URL at it, or drop and create this one']
    : [`The embedded database in ${pgliteDir}`, `stop the server and move it aside (mv ${pgliteDir} ${pgliteDir}.old)`];
  return new BackupError(
    `${where} is not empty (${what}). A restore goes into an empty database, so that nothing is mixed or lost: ${fix}, then run restore again.`,
  );
}

/** Puts a backup into the empty database `target` names. */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<{ format: BackupFormat; summary?: LogicalSummary }> {
  const format = await backupFormat(file);
  const pgliteDir = path.join(target.dataDir, 'pglite');
  if (format === 'pglite') {
    if (target.databaseUrl) {
      throw new BackupError(
        'This is a copy of an embedded database: it restores only as the embedded database (DATABASE_URL unset). ' +
          'To move to PostgreSQL, make a logical backup of it (npm run cli -- backup --format logical <file>) and restore that.',
      );
    }
    if (existsSync(path.join(pgliteDir, 'PG_VERSION'))) throw notEmpty(target, 'it holds a database');
    const database = await openPglite(target.dataDir, { loadDataDir: new Blob([await readFile(file)]) });
    await database.close();
    return { format };
  }
  if (format === 'pg_dump' && !target.databaseUrl) {
    throw new BackupError(
      'This is a pg_dump archive of PostgreSQL: set DATABASE_URL to the (empty) PostgreSQL database to restore it into.',
    );
  }
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    const { empty, tables } = await isEmptyDatabase(database.db);
    if (!empty) throw notEmpty(target, tables.length > 0 ? `${tables.length} tables, e.g. ${tables[0]}` : 'it was migrated');
    if (format === 'logical') return { format, summary: await restoreLogicalBackup(database.db, file) };
  } finally {
    await database.close();
  }
  await pgRestore(target.databaseUrl!, file);
  return { format };
}
