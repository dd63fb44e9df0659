import { defineSlice } from '../http/slice';
import type { ChangedIds } from '../search/service';
import { ensureDemoCatalogue } from './demo';
import { syncRoutes } from './routes';
import { createSyncService, type SyncService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    sync: SyncService;
  }
}

/**
 * The sync with the providers: on demand (routes) and as a periodic job. In demo mode the sandbox
 * stands in for the providers, so the demo catalogue arrives through the real sync over HTTP, once
 * the server listens (before the jobs start); DEMO_SEED=false keeps it out, and the sync with it.
 */
export const syncPlugin = defineSlice<{ thumbnails?: boolean }>(
  'sync',
  ['core', 'providers', 'jobs', 'catalogue', 'sandbox'],
  (app, options) => {
    const { config, database, jobs } = app;
    const sync = createSyncService({
      database,
      config,
      providers: app.providers,
      jobs,
      log: app.log,
      thumbnails: options.thumbnails,
      onCatalogueChanged: (ids) => app.catalogue.changed(ids),
    });
    app.decorate('sync', sync);
    syncRoutes(app, sync);

    let filled = false;
    const { sandbox } = app;
    if (config.demo && config.demoSeed && sandbox) {
      jobs.beforeStart(async () => {
        try {
          const changed = (ids: ChangedIds) => app.catalogue.changed(ids);
          const fill = await ensureDemoCatalogue({ sync, jobs, db: database.db, world: sandbox.state.world, changed }, (m) =>
            app.log.info(m),
          );
          filled = fill !== null;
        } catch (error) {
          app.log.error(`The demo catalogue could not be loaded: ${(error as Error).message}`);
        }
      });
    }
    if (!config.demo || config.demoSeed) {
      // A fill just made is as good as a sync at start.
      jobs.define(() => {
        const job = sync.job();
        return { ...job, runAtStart: job.runAtStart && !filled };
      });
    }
  },
);
