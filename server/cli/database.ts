import type { Config } from '../config';
import { type Database, DatabaseInUseError, openDatabase } from '../db/client';
import { CommandError, loadCommandConfig } from './command';

/** Where the configured database is, for messages; a password in the URL is never printed. */
export function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return `the embedded database in ${config.dataDir}`;
  try {
    const url = new URL(config.databaseUrl);
    if (url.password) url.password = '***';
    return `PostgreSQL at ${url.toString()}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/**
 * The database the server would use (same config: DATABASE_URL, else PGlite under DATA_DIR), migrated.
 * Failures a user can fix become CommandErrors that say what to do.
 */
export async function openConfiguredDatabase(): Promise<{ config: Config; database: Database }> {
  const config = loadCommandConfig();
  const where = describeDatabase(config);
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DatabaseInUseError) throw new CommandError(error.message);
    throw new CommandError(`Could not open ${where}: ${(error as Error).message}`);
  }
  try {
    await database.migrate();
  } catch (error) {
    await database.close().catch(() => {});
    const hint = config.databaseUrl ? ' Is PostgreSQL running, and does the database exist (createdb)?' : '';
    throw new CommandError(`Could not open ${where}: ${(error as Error).message}.${hint}`);
  }
  return { config, database };
}
