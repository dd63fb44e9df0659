import { existsSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { BackupError, type BackupResult, backupFormat, writeBackup } from '../backup/service';
import type { Config } from '../config';
import { DatabaseInUseError, openDatabase } from '../db/client';
import { selfOrigin } from '../providers';
import { type Command, CommandError, elapsed, loadCommandConfig, type Output, UsageError } from './command';
import { describeDatabase } from './database';
import { downloadFromLocalServer } from './local-server';

/**
 * `npm run cli -- backup <file>`: a consistent backup of the configured database while the site
 * runs (server/backup): PostgreSQL through pg_dump (custom format) when it is installed, else the
 * logical format from one read-only snapshot; the embedded database as a copy of its data
 * directory, asked of the running server when it holds the database.
 */

export const size = (bytes: number) => (bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** The embedded database held by the server on this machine: the server writes the backup. */
async function askServer(config: Config, file: string, logical: boolean): Promise<BackupResult | null> {
  const partial = `${file}.partial`;
  try {
    const body = { format: logical ? 'logical' : 'pglite' };
    const asked = await downloadFromLocalServer(
      config,
      { path: '/api/backup', body, timeoutMs: 60 * 60_000, refusedWith: [401, 403] },
      partial,
    );
    if (!asked) return null;
    const format = await backupFormat(partial).catch(() => {
      throw new CommandError('The server sent a damaged backup (it stopped while writing it?); nothing was kept');
    });
    await rename(partial, file);
    return { format, bytes: (await stat(file)).size };
  } finally {
    await rm(partial, { force: true });
  }
}

async function backupHere(config: Config, file: string, logical: boolean): Promise<BackupResult> {
  const where = describeDatabase(config);
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) {
    throw new CommandError(`There is no embedded database in ${config.dataDir}: nothing to back up (is DATA_DIR right?)`);
  }
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DatabaseInUseError) throw new CommandError(error.message);
    throw new CommandError(`Could not open ${where}: ${(error as Error).message}`);
  }
  try {
    return await writeBackup({ database, databaseUrl: config.databaseUrl, file, logical });
  } finally {
    await database.close();
  }
}

export const backupCommand: Command = {
  name: 'backup',
  summary: 'Write a backup of the database to a file, while the site runs',
  details: [
    'PostgreSQL: a pg_dump archive (custom format) when pg_dump is installed, else the logical format',
    '(every row as gzipped JSON lines, read in one snapshot). The embedded database: a copy of its',
    'data directory (.tar.gz), made by the running server when it holds it. Restore with',
    '`npm run cli -- restore <file>`; --format logical makes a file that restores into either kind',
    'of database (to move from the embedded database to PostgreSQL).',
    '',
    'Example: npm run cli -- backup /var/backups/almanac/$(date +%F).backup',
  ].join('\n'),
  positionals: [{ name: 'file', description: 'where to write it (a new file)' }],
  options: {
    format: { type: 'string', placeholder: 'native|logical', description: 'native (default: pg_dump or the data directory) or logical' },
  },
  async run(values, out: Output, args = []) {
    const file = path.resolve(args[0] ?? '');
    const format = values.format ?? 'native';
    if (format !== 'native' && format !== 'logical') throw new UsageError(`--format must be native or logical, got "${format}"`);
    if (existsSync(file)) throw new CommandError(`${file} exists already: choose a new name (a backup never overwrites a file)`);
    const started = performance.now();
    const config = loadCommandConfig();
    const logical = format === 'logical';
    try {
      const asked = config.databaseUrl ? null : await askServer(config, file, logical);
      if (asked) out.info(`Asked the server at ${selfOrigin(config.host, config.port)}, which holds the embedded database`);
      const result = asked ?? (await backupHere(config, file, logical));
      if (result.note) out.info(result.note);
      const rows = result.summary ? `, ${result.summary.rows} rows of ${result.summary.tables} tables` : '';
      out.info(
        `Wrote ${file}: ${result.format} backup of ${describeDatabase(config)}, ${size(result.bytes)}${rows}, in ${elapsed(started)}`,
      );
    } catch (error) {
      if (error instanceof BackupError) throw new CommandError(error.message);
      throw error;
    }
  },
};
