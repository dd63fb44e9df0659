import { type ReadCache, registerReadCache } from './read-cache';
import { defineSlice } from './slice';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers to logged-out reads (http/read-cache.ts); the catalogue clears it when it changes */
    readCache: ReadCache;
  }
}

/** After the sessions (accounts): only logged-out requests (request.user null) are served from it. */
export const readCachePlugin = defineSlice('read-cache', ['core', 'accounts'], (app) => {
  app.decorate('readCache', registerReadCache(app, { ttlMs: app.config.readCacheMs, now: app.clock }));
});
