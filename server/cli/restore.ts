import path from 'node:path';
import { BackupError, restoreBackup } from '../backup/service';
import { DatabaseInUseError } from '../db/client';
import { type Command, CommandError, elapsed, loadCommandConfig, type Output } from './command';
import { describeDatabase } from './database';

/**
 * `npm run cli -- restore <file>`: puts a backup made by `backup` into the configured database,
 * which must be empty (a new PostgreSQL database, or no embedded database yet under DATA_DIR).
 */
export const restoreCommand: Command = {
  name: 'restore',
  summary: 'Put a backup into the configured database, which must be empty',
  details: [
    'Reads a file made by `npm run cli -- backup`: a pg_dump archive goes into PostgreSQL (pg_restore,',
    'in one transaction), a copy of the embedded database becomes the embedded database under DATA_DIR,',
    'a logical backup goes into either. A database that holds anything is refused: stop the server,',
    'create a new database (createdb) or move $DATA_DIR/pglite aside, then restore, then start the',
    'server (it applies the migrations newer than the backup).',
    '',
    'Example: DATABASE_URL=postgres://almanac@127.0.0.1/almanac_restored npm run cli -- restore 2026-11-22.backup',
  ].join('\n'),
  positionals: [{ name: 'file', description: 'a backup made by `npm run cli -- backup`' }],
  options: {},
  async run(_values, out: Output, args = []) {
    const file = path.resolve(args[0] ?? '');
    const started = performance.now();
    const config = loadCommandConfig();
    try {
      const { format, summary } = await restoreBackup(file, { databaseUrl: config.databaseUrl, dataDir: config.dataDir });
      const rows = summary ? ` (${summary.rows} rows of ${summary.tables} tables)` : '';
      out.info(`Restored the ${format} backup ${file} into ${describeDatabase(config)}${rows} in ${elapsed(started)}`);
      out.info('Start the server: it applies any migration newer than the backup.');
    } catch (error) {
      if (error instanceof BackupError || error instanceof DatabaseInUseError) throw new CommandError(error.message);
      throw error;
    }
  },
};
