import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { type Database, DatabaseInUseError, openDatabase } from './db/client';
import { DatabaseStartError } from './db/connection';
import { DEMO_LOGINS } from './demo/accounts';
import type { JobDefinition } from './jobs/runner';
import { liveJob } from './live/poll';
import { ensureDemoCatalogue } from './sync/demo';

async function main() {
  const config = loadConfig();
  const database = await openAndMigrate(config.databaseUrl, config.dataDir);
  // Synced thumbnails land here; it must exist before the app decides what /images/thumbnails serves.
  mkdirSync(path.join(config.dataDir, 'thumbnails'), { recursive: true });
  const { app, context } = await buildApp({ config, database, logger: true });
  database.setLogger(app.log);

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    // The radio first: a station's advance under way holds a job lock, and the jobs' stop waits on none of it.
    await context.radio.stop();
    await context.jobs.stop();
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

  // In demo mode the sandbox stands in for the providers, so the catalogue arrives through the real
  // sync over HTTP, now that the server listens. DEMO_SEED=false keeps the demo catalogue out.
  const syncing = !config.demo || config.demoSeed;
  let filled = false;
  if (config.demo && config.demoSeed && context.sandbox) {
    try {
      const fill = await ensureDemoCatalogue(
        {
          sync: context.sync,
          jobs: context.jobs,
          db: database.db,
          world: context.sandbox.state.world,
          changed: () => context.catalogue.changed(),
        },
        (m) => app.log.info(m),
      );
      filled = fill !== null;
    } catch (error) {
      app.log.error(`The demo catalogue could not be loaded: ${(error as Error).message}`);
    }
  }

  const jobs: JobDefinition[] = [
    liveJob({
      db: database.db,
      twitch: () => context.providers().twitch,
      login: config.site.twitchChannel,
      pollSeconds: config.live.pollSeconds,
    }),
    context.payments.job(),
  ];
  if (syncing) {
    const job = context.sync.job();
    jobs.push({ ...job, runAtStart: job.runAtStart && !filled });
  }
  context.jobs.start(jobs);
  // The radio's stations resume where they are (or move on if their track ended meanwhile).
  await context.radio.start();
}

/** What a newcomer needs from the first screen of output: where the site is, and how to log in to the demo. */
function startLine(config: Config): string {
  const where = `${config.site.name} (${config.mode} mode) on ${config.publicUrl}`;
  if (!config.demo) return where;
  return `${where}: log in as ${DEMO_LOGINS.viewer} (a fan) or ${DEMO_LOGINS.admin} (an admin) on the demo's Twitch page`;
}

async function openAndMigrate(databaseUrl: string | undefined, dataDir: string): Promise<Database> {
  try {
    const database = await openDatabase({ databaseUrl, dataDir });
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
