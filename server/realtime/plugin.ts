import { sameSite } from '../http/same-site';
import { defineSlice } from '../http/slice';
import { type Gateway, registerGateway } from './gateway';

declare module 'fastify' {
  interface FastifyInstance {
    /** The WebSocket channels under /api/ws/… */
    gateway: Gateway;
  }
}

export const realtimePlugin = defineSlice<{ heartbeatMs?: number }>('realtime', ['core'], async (app, options) => {
  const gateway = await registerGateway(app, {
    isAllowedOrigin: sameSite(app.config).isOwnOrigin,
    now: app.clock,
    heartbeatMs: options.heartbeatMs,
  });
  app.decorate('gateway', gateway);
});
