import type { FastifyRequest } from 'fastify';
import { Histogram, type Registry } from 'prom-client';
import type { App } from '../http/types';
import { PREFIX } from './registry';

/**
 * How long requests take, per route and status class. The route is Fastify's pattern
 * (`/api/media/:id`), never the URL, so ids and query strings do not make a series each; what no
 * route answers (unknown paths, and the web app's own pages, which the not-found handler serves
 * the shell for) is `unmatched`.
 */

export const UNMATCHED = 'unmatched';

/** From a fast cached read to a slow provider call behind a playlist import */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

export const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? UNMATCHED;

export function observeRequests(app: App, registry: Registry) {
  const duration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from receiving a request to having sent its answer, per route pattern and status class',
    labelNames: ['method', 'route', 'status_class'],
    buckets: BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: routeOf(request), status_class: statusClass(reply.statusCode) };
    duration.observe(labels, reply.elapsedTime / 1000);
  });
}
