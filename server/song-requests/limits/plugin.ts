import { defineSlice } from '../../http/slice';
import { requestLimitsRoutes } from './routes';
import { createRequestLimits, type RequestLimits } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The fair limits of paid requests (REQUEST_LIMIT_PER_BUYER, QUEUE_MAX), checked at VERIFY and at capture */
    requestLimits: RequestLimits;
  }
}

export const requestLimitsPlugin = defineSlice('request-limits', ['accounts'], (app) => {
  const limits = createRequestLimits(app.database.db, app.config.requests.limits);
  app.decorate('requestLimits', limits);
  requestLimitsRoutes(app, limits);
});
