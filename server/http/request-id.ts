import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { App } from './types';

/**
 * One id per request, so a fan's screenshot of an error can be found in the log: pino puts it on
 * every line of the request (`reqId`), every answer carries it as `x-request-id`, and every error
 * body as `requestId` (http/error-handler.ts). Behind a proxy the operator trusts (TRUST_PROXY),
 * the id the proxy sent is kept (nginx's `$request_id`: deploy/almanac.nginx.conf.template), so
 * nginx's log and ours name a request alike; a client talking to us directly cannot choose its id.
 */

export const REQUEST_ID_HEADER = 'x-request-id';

/** What an id taken from a header may be: short, and nothing that could break a log line or a header */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's `genReqId`: the trusted proxy's id when it is a safe one, else a fresh UUID. */
export function requestIdGenerator(trustProxyHops: number): (request: IncomingMessage) => string {
  return (request) => {
    const given = trustProxyHops > 0 ? request.headers[REQUEST_ID_HEADER] : undefined;
    return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
  };
}

/**
 * Every answer names its request: set as it arrives, so route errors and unknown paths carry it
 * too. The errors Fastify finds before any route is chosen run no hook; `frameworkErrors` sets it
 * there (http/error-handler.ts).
 */
export function sendRequestId(app: App) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
