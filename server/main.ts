import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { catalogueIsEmpty } from './demo/seed';
import type { JobDefinition } from './jobs/runner';
import { liveJob } from './live/poll';
import { fillDemoCatalogue } from './sync/demo';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  // Synced thumbnails land here; it must exist before the app decides what /images/thumbnails serves.
  mkdirSync(path.join(config.dataDir, 'thumbnails'), { recursive: true });
  const { app, context } = await buildApp({ config, database, logger: true });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await context.jobs.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`${config.site.name} (${config.mode} mode) on ${config.publicUrl}`);

  // In demo mode the sandbox stands in for the providers, so the catalogue arrives through the real
  // sync over HTTP, now that the server listens. DEMO_SEED=false keeps the demo catalogue out.
  const syncing = !config.demo || config.demoSeed;
  let filled = false;
  if (config.demo && config.demoSeed && context.sandbox && (await catalogueIsEmpty(database.db))) {
    app.log.info('Empty catalogue: filling it from the demo sandbox through the sync');
    try {
      await fillDemoCatalogue(context.sync, database.db, context.sandbox.state.world, (m) => app.log.info(m));
      filled = true;
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
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
