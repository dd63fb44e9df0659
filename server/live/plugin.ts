import { defineSlice } from '../http/slice';
import { liveJob, liveStaleAfterMs } from './poll';
import { LIVE_PATH, liveRoutes } from './routes';

/** Whether the streamer is live: the stored status, and the job that polls Twitch for it. */
export const livePlugin = defineSlice('live', ['core', 'read-cache', 'providers', 'jobs'], (app) => {
  const { config } = app;
  liveRoutes(app, app.database.db, { staleAfterMs: liveStaleAfterMs(config.live.pollSeconds) });
  app.jobs.define(
    liveJob({
      db: app.database.db,
      twitch: () => app.providers().twitch,
      login: config.site.twitchChannel,
      pollSeconds: config.live.pollSeconds,
      // /api/live is a public read the read cache holds: this instance answers the new state at once,
      // the others within READ_CACHE_MS, as with catalogue writes.
      stored: () => app.readCache.forget(LIVE_PATH),
    }),
  );
});
