import { Registry } from 'prom-client';
import { defineSlice } from '../http/slice';
import { registerCollectors } from './collectors';
import { observeRequests } from './requests';
import { metricsRoutes } from './routes';

/**
 * GET /metrics for Prometheus (docs/production.md, the Grafana dashboard in deploy/): the requests'
 * durations, observed as they are answered, and everything else read from the slices when scraped.
 */
export const metricsPlugin = defineSlice('metrics', ['core', 'events', 'jobs', 'realtime', 'catalogue', 'payments'], (app) => {
  const registry = new Registry();
  observeRequests(app, registry);
  registerCollectors(registry, {
    gateway: app.gateway,
    events: app.events,
    jobs: app.jobs,
    payments: app.payments,
    search: app.catalogue.search,
    database: app.database,
    log: app.log,
  });
  metricsRoutes(app, app.config, registry);
});
