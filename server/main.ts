import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { catalogueIsEmpty, seedWorld } from './demo/seed';
import { buildWorld } from './demo/world';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const { app } = await buildApp({ config, database, logger: true });

  if (config.demo && config.demoSeed && (await catalogueIsEmpty(database.db))) {
    app.log.info('Empty catalogue: loading the demo catalogue');
    await seedWorld(database.db, buildWorld({ streamerKey: config.site.streamerKey, now: new Date() }), (m) => app.log.info(`demo ${m}`));
  }

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`${config.site.name} (${config.mode} mode) on ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
