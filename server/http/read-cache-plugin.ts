import { registerCacheHeaders } from './cache-headers';
import { type ReadCache, registerReadCache } from './read-cache';
import { defineSlice } from './slice';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers to logged-out reads (http/read-cache.ts); the catalogue clears it when it changes */
    readCache: ReadCache;
  }
}

/**
 * After the sessions (accounts): only logged-out requests (request.user null) are served from it.
 * The same routes' answers tell browsers and nginx what they may keep (http/cache-headers.ts),
 * registered after the cache so it stores a 200's body before a 304 drops it.
 */
export const readCachePlugin = defineSlice('read-cache', ['core', 'accounts'], (app) => {
  app.decorate('readCache', registerReadCache(app, { ttlMs: app.config.readCacheMs, now: app.clock }));
  registerCacheHeaders(app, { readCacheMs: app.config.readCacheMs });
});
