import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ENTITY_KINDS } from '../common/enums';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { type Database, DatabaseInUseError, openDatabase } from './db/client';
import { DatabaseStartError } from './db/connection';
import { DEMO_LOGINS } from './demo/accounts';

async function main() {
  const config = loadConfig();
  const database = await openAndMigrate(config.databaseUrl, config.dataDir);
  // Synced thumbnails land here; it must exist before the app decides what /images/thumbnails serves.
  mkdirSync(path.join(config.dataDir, 'thumbnails'), { recursive: true });
  const { app, context } = await buildApp({ config, database, logger: true });
  database.setLogger(app.log);

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    // The radio first (radio/plugin.ts): a station's advance under way holds a job lock, and the jobs' stop waits on none of it.
    await context.jobs.stopAll();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(startLine(config));
  // ADMIN_LOGINS name Twitch accounts: their ids are looked up now (a failure is logged and retried on use).
  void context.accounts.resolveConfiguredAdmins();

  // The slices' jobs, after the demo catalogue's fill in demo mode (sync/plugin.ts); then the radio's stations
  // resume where they are (or move on if their track ended meanwhile).
  await context.jobs.startAll();

  // The start's garbage (the demo fill's query results and HTTP bodies, the indexes' first builds)
  // is mostly ArrayBuffers outside V8's heap, which an idle process would keep for good: about 250 MB
  // of the demo's idle memory after an empty start (issue 23, bench/cold-start.ts). One full
  // collection once the indexes are in place gives it back.
  // Never a reason to stop serving: a failed build is left for a search to retry (search/kept.ts).
  await app.catalogue.search
    .warm()
    .then(() => Promise.all(ENTITY_KINDS.map((kind) => app.catalogue.search.settled(kind))))
    .catch(() => undefined);
  collectGarbage();
}

/** A full garbage collection, when V8's `gc` is exposed (the serve script starts Node with --expose-gc). */
function collectGarbage() {
  (globalThis as { gc?: () => void }).gc?.();
}

/** What a newcomer needs from the first screen of output: where the site is, and how to log in to the demo. */
function startLine(config: Config): string {
  const where = `${config.site.name} (${config.mode} mode) on ${config.publicUrl}`;
  if (!config.demo) return where;
  return `${where}: log in as ${DEMO_LOGINS.viewer} (a fan) or ${DEMO_LOGINS.admin} (an admin) on the demo's Twitch page`;
}

async function openAndMigrate(databaseUrl: string | undefined, dataDir: string): Promise<Database> {
  try {
    const database = await openDatabase({ databaseUrl, dataDir, keptEmptyDatabase: true });
    await database.migrate();
    return database;
  } catch (error) {
    throw databaseUrl ? new DatabaseStartError(databaseUrl, error) : error;
  }
}

main().catch((error: unknown) => {
  // Problems an operator fixes in the settings get one line naming the setting, not a stack trace.
  if (error instanceof ConfigError || error instanceof DatabaseStartError || error instanceof DatabaseInUseError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
