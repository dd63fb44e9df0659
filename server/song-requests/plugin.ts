import { defineSlice } from '../http/slice';
import { featureSocket } from './feature-socket';
import { createRequestFeatures, type RequestFeatures } from './features';
import { requestHistoryRoutes } from './routes';
import { createRequestHistory, type RequestHistory } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    requestHistory: RequestHistory;
    /** Whether flip and recording requests are on (each kind registers its flag's routes) */
    features: RequestFeatures;
  }
}

/** The song request history: its reads and the admins' corrections. */
export const requestHistoryPlugin = defineSlice('request-history', ['accounts'], (app) => {
  const history = createRequestHistory(app.database.db);
  app.decorate('requestHistory', history);
  requestHistoryRoutes(app, history);
});

/**
 * The flags of the paid request kinds (flip, recording), and the socket that pushes them to open
 * pages with whether the queue is full (the request limits).
 */
export const requestFeaturesPlugin = defineSlice('request-features', ['core', 'events', 'realtime', 'request-limits'], (app) => {
  const { config, events, gateway } = app;
  const features = createRequestFeatures(app.database.db, events, {
    enabledByDefault: config.requests.enabledByDefault,
    paymentsConfigured: config.paypal !== null,
  });
  app.decorate('features', features);
  featureSocket(app, { features, limits: app.requestLimits, events, gateway });
});
