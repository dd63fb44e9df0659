import { defineSlice } from '../http/slice';
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

/** The flags of the paid request kinds (flip, recording). */
export const requestFeaturesPlugin = defineSlice('request-features', ['core'], (app) => {
  const { config } = app;
  app.decorate(
    'features',
    createRequestFeatures(app.database.db, {
      enabledByDefault: config.requests.enabledByDefault,
      paymentsConfigured: config.paypal !== null,
    }),
  );
});
