import { ANONYMOUS } from '../catalogue/present';
import { ConfigError } from '../config';
import { defineSlice } from '../http/slice';
import { databaseKnowsTimeZone } from './queries';
import { onThisDayRoutes } from './routes';
import { createOnThisDayService } from './service';

/** "On this day" (issue 25): the catalogue's songs, streams and clips of today's date in earlier years. */
export const onThisDayPlugin = defineSlice('on-this-day', ['catalogue', 'read-cache'], async (app) => {
  const { db } = app.database;
  const { timeZone } = app.config.site;
  // Node knew the name (config.ts); the database turns the local days into instants, so it must know it too.
  // A database that cannot answer now does not stop the start: the site starts degraded (GET /api/health
  // says so) and the doctor command checks the zone again.
  const known = await databaseKnowsTimeZone(db, timeZone).catch((error: unknown) => {
    app.log.warn({ err: error }, `SITE_TIME_ZONE ${timeZone} not checked with the database: it did not answer`);
    return true;
  });
  if (!known) {
    throw new ConfigError(`Invalid configuration:\n  SITE_TIME_ZONE: the database does not know the time zone ${timeZone}`);
  }
  const service = createOnThisDayService({ db, catalogue: app.catalogue, timeZone, now: app.clock });
  // As the catalogue's reads (catalogue/plugin.ts): liked flags from the likes slice when it is there,
  // and none while building the read cache's public answer.
  onThisDayRoutes(app, service, (request) =>
    app.hasDecorator('likes') && !request.readCachePublic ? app.likes.viewerFor(request.user) : ANONYMOUS,
  );
});
