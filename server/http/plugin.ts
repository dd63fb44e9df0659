import fastifyCookie from '@fastify/cookie';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyContextConfig } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { errorHandler, frameworkErrors } from './error-handler';
import { loggerOptions } from './logging';
import { requestIdGenerator, sendRequestId } from './request-id';
import { registerSameSite } from './same-site';
import { registerSecurityHeaders } from './security-headers';
import { sharedLimitOptions } from './shared-limits';
import { defineSlice } from './slice';
import type { App } from './types';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    /** The one clock where behaviour depends on time (BuildOptions.now; tests move it): every slice takes it from here */
    clock: () => Date;
    /** Every route and what its config declares, as the routes were added (accounts/roles.test.ts reads it) */
    declaredRoutes: DeclaredRoute[];
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  config: FastifyContextConfig;
}

/** Embeds and scripts the site loads from providers (spec 7: players, thumbnails, payment SDK). */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  // The radio's players: the YouTube IFrame Player API and the SoundCloud Widget API (web/components/radio/players/).
  scriptSrc: ["'self'", 'https://www.paypal.com', 'https://*.paypal.com', 'https://www.youtube.com', 'https://w.soundcloud.com'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https://i.ytimg.com', 'https://*.paypalobjects.com', 'https://*.paypal.com'],
  mediaSrc: ["'self'", 'blob:', 'data:'],
  frameSrc: [
    'https://www.youtube-nocookie.com',
    'https://www.youtube.com',
    'https://w.soundcloud.com',
    'https://player.twitch.tv',
    'https://clips.twitch.tv',
    'https://*.paypal.com',
  ],
  // 'self' covers this site's own ws: and wss: sockets; no other socket host is allowed.
  connectSrc: ["'self'", 'https://*.paypal.com'],
  upgradeInsecureRequests: null,
};

/** helmet's options: the CSP above and what the site's embeds and PayPal's popup need. */
export function securityHeaderOptions(config: Config): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: { directives: CONTENT_SECURITY_POLICY },
    // Provider embeds need to be framed by us and to load cross-origin resources.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    // HSTS on a plain-http site (a demo on localhost) would tell the browser to use https on that name for a year.
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
    // PayPal's checkout popup must keep its opener (the default same-origin cuts it off).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  };
}

/**
 * How long receiving a request may take (config.timeouts): a client that stalls its headers or its
 * body (an upload that declares 100,000 bytes and sends none) is answered 408 and its connection
 * closed, instead of being held without end (Fastify's default: no request timeout). Node checks
 * its connections every `connectionsCheckingInterval` (30 s by default), so a timeout fires up to
 * that much late: a tenth of the headers timeout keeps it close. Answering is not bounded here:
 * a playlist import may wait on a provider. Behind nginx, nginx holds slow bodies itself
 * (client_body_timeout) and passes each request on whole.
 */
export function receiveTimeouts(timeouts: Config['timeouts']) {
  const { headersMs, requestMs } = timeouts;
  const checkEveryMs = Math.min(30_000, Math.max(100, Math.floor(headersMs / 10)));
  return {
    requestTimeout: requestMs,
    http: { headersTimeout: headersMs, requestTimeout: requestMs, connectionsCheckingInterval: checkEveryMs },
  };
}

/** The Fastify instance every slice is registered on. */
export function createServer(config: Config, logger: boolean): App {
  const app = Fastify({
    ...receiveTimeouts(config.timeouts),
    // Request lines leave secrets out of URLs (the overlay key OBS sends, OAuth codes); demo mode is readable (http/logging.ts).
    ...(logger ? loggerOptions(config) : { logger: false }),
    // Only proxies the operator names are believed, so rate limits cannot be dodged with a forged header.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    // Default body limit; uploads get their own limit where they are accepted.
    bodyLimit: 1_048_576,
    frameworkErrors,
    // One id per request, on its log lines, its answer and its error body (http/request-id.ts).
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxyHops),
  }).withTypeProvider<ZodTypeProvider>();
  sendRequestId(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  return app;
}

/**
 * What every slice stands on: the settings, the database and the clock as decorations; security
 * headers, cookies, rate limiting (per route only, accounts/limits.ts; shared through Redis with
 * REDIS_URL, http/shared-limits.ts), the OpenAPI document, and
 * the host and same-origin checks (http/same-site.ts).
 */
export const corePlugin = defineSlice<{ config: Config; database: Database; now?: () => Date }>('core', [], async (app, options) => {
  const { config } = options;
  app.decorate('config', config);
  app.decorate('database', options.database);
  app.decorate('clock', options.now ?? (() => new Date()));
  // Before any route is added, this one's included: a route that declares no access fails the role-matrix test.
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) declared.push({ method, url: route.url, config: { ...route.config } });
  });

  // helmet's headers, computed once at start rather than on every request (http/security-headers.ts).
  await registerSecurityHeaders(app, securityHeaderOptions(config));
  await app.register(fastifyCookie);
  // Limits are per route (writes, login), never global: reads are not limited here. Counted in
  // Redis across instances when REDIS_URL is set, else in this instance's memory (http/shared-limits.ts).
  await app.register(fastifyRateLimit, { global: false, ...sharedLimitOptions(app, config) });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${config.site.name} API`,
        version: '1.0.0',
        description: 'Catalogue, search, requests and radio of the fan almanac.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // Host check (DNS rebinding) and the same-origin rule for writes: http/same-site.ts.
  registerSameSite(app, config);
});
