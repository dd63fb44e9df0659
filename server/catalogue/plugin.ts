import { catalogueChange } from '../events/types';
import { defineSlice } from '../http/slice';
import { ANONYMOUS } from './present';
import { catalogueRoutes } from './routes';
import { type CatalogueService, createCatalogueService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueService;
  }
}

/** The catalogue's reads, and its cached answers forgotten whenever it changes here or on another instance. */
export const cataloguePlugin = defineSlice<{ listsFromIndex?: boolean }>('catalogue', ['core', 'events', 'read-cache'], (app, options) => {
  const { events } = app;
  const catalogue = createCatalogueService(app.database.db, app.config, {
    now: app.clock,
    listsFromIndex: options.listsFromIndex ?? true,
    announce: (db, ids) => events.publish(db, 'catalogue.changed', catalogueChange(ids)),
  });
  app.decorate('catalogue', catalogue);
  events.subscribe('catalogue.changed', ({ payload, local }) => {
    if (!local) catalogue.forgetCached(payload.ids);
  });
  // Changes made elsewhere while this instance was not listening went unheard.
  events.onResync(() => catalogue.forgetCached());
  catalogue.onChanged(() => app.readCache.clear());
  // The search indexes are built in the background once the server listens (never before: the
  // health check and the first pages do not wait for them); searches meanwhile are answered by the
  // database (search/queries.ts rankFromDatabase), never made to wait for a build.
  app.addHook('onListen', async () => {
    void catalogue.search.warm();
  });
  // Like state comes from the likes slice, which needs the catalogue: read at request time, and
  // absent (everyone anonymous) when a test boots the catalogue without it. A logged-in request that
  // builds the read cache's public answer presents it as to everyone (its flags are written in after).
  catalogueRoutes(app, catalogue, (request) =>
    app.hasDecorator('likes') && !request.readCachePublic ? app.likes.viewerFor(request.user) : ANONYMOUS,
  );
});
