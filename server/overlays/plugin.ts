import { defineSlice } from '../http/slice';
import { createOverlayAccess, type OverlayAccess } from './key';
import { overlayRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The overlay key's check, for the overlays' sockets (their HTTP routes declare access 'overlay') */
    overlayAccess: OverlayAccess;
  }
}

export const overlaysPlugin = defineSlice('overlays', ['accounts', 'queue', 'realtime'], (app) => {
  const access = createOverlayAccess(app.config);
  app.decorate('overlayAccess', access);
  overlayRoutes(app, { config: app.config, access, queue: app.queue, feed: app.queueFeed, gateway: app.gateway });
});
