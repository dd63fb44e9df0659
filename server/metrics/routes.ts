import type { Registry } from 'prom-client';
import type { Config } from '../config';
import { assertMetricsAllowed } from '../http/machine-access';
import type { App } from '../http/types';
import { CONTENT_TYPE, exposition } from './registry';

/**
 * GET /metrics: Prometheus's text format. Never public: this machine, or METRICS_TOKEN as a bearer
 * token (http/machine-access.ts), checked before anything else runs; any other caller is a 403.
 * Not under /api/, so no login or role applies, and no rate limit: a scraper calls it every few
 * seconds. Never cached: every answer is this moment's.
 */
export function metricsRoutes(app: App, config: Config, registry: Registry) {
  app.get('/metrics', {
    schema: { hide: true },
    onRequest: async (request) => assertMetricsAllowed(config, request),
    handler: async (_request, reply) => {
      const text = await exposition(registry);
      return reply.header('cache-control', 'no-store').type(CONTENT_TYPE).send(text);
    },
  });
}
