import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { forbidden } from './errors';
import type { App } from './types';

/**
 * What counts as this site, in one place: the write check (Origin), the Host check, machine access,
 * the sandbox's Twitch redirect_uri and the WebSocket upgrade all ask here.
 *
 * The site is PUBLIC_URL (scheme, host and port). In demo mode the same port under a loopback name
 * (localhost, 127.0.0.1, [::1]) is the same site too, so a demo opened either way works.
 *
 * The Host check defeats DNS rebinding: a page on evil.example whose name is re-pointed at 127.0.0.1
 * is same-origin with itself, so its requests carry `Origin: http://evil.example:PORT` and
 * `Host: evil.example:PORT`. Only names we know are served. An IP literal is served too: no DNS is
 * involved, so a browser sending it loaded the page from us (and the CLI and health probes call
 * 127.0.0.1). The Host's port is not compared: a rebinding attack is about the name, and proxies
 * and test clients (app.inject sends localhost:80) vary the port.
 */

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

export interface SameSite {
  /** PUBLIC_URL's origin, e.g. https://almanac.example */
  origin: string;
  /** The origins that are this site (PUBLIC_URL's, and in demo mode its loopback equivalents) */
  origins: readonly string[];
  /** Whether an `Origin` header names this site; a missing, `null` or malformed one does not */
  isOwnOrigin(origin: string | undefined): boolean;
  /** Whether a `Host` header (host[:port]) is a name this site answers to */
  isAllowedHost(host: string | undefined): boolean;
  /** A path on every origin of this site (e.g. the login callback, as the sandbox accepts it) */
  urlsOf(path: string): string[];
}

const cache = new WeakMap<Config, SameSite>();

/** The site of a config (made once per config). */
export function sameSite(config: Config): SameSite {
  let site = cache.get(config);
  if (!site) {
    site = makeSameSite(config);
    cache.set(config, site);
  }
  return site;
}

function makeSameSite(config: Config): SameSite {
  const publicUrl = new URL(config.publicUrl);
  const loopback = config.demo ? LOOPBACK_NAMES : [];
  // PUBLIC_URL and its loopback equivalents, without a trailing slash (PUBLIC_URL may carry a path).
  const bases = [...new Set([config.publicUrl, ...loopback.map((name) => withHostname(publicUrl, name))].map(trimSlashes))];
  const origins = [...new Set(bases.map((base) => new URL(base).origin))];
  const hostnames = new Set([publicUrl.hostname, ...loopback]);
  return {
    origin: publicUrl.origin,
    origins,
    isOwnOrigin(origin) {
      const parsed = parseUrl(origin);
      return parsed !== null && origins.includes(parsed.origin);
    },
    isAllowedHost(host) {
      const parsed = host ? parseUrl(`http://${host}`) : null;
      if (!parsed || parsed.username || parsed.pathname !== '/' || parsed.search) return false;
      const name = parsed.hostname.toLowerCase();
      return hostnames.has(name) || isIP(name.replace(/^\[|\]$/g, '')) !== 0;
    },
    urlsOf(path) {
      return bases.map((base) => `${base}${path}`);
    },
  };
}

const trimSlashes = (url: string) => url.replace(/\/+$/, '');

function withHostname(url: URL, hostname: string): string {
  const copy = new URL(url);
  copy.hostname = hostname;
  return copy.toString();
}

function parseUrl(text: string | undefined): URL | null {
  if (!text) return null;
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** The Host the client addressed: X-Forwarded-Host only behind a trusted proxy (Fastify's request.host). */
export function requestHost(request: FastifyRequest): string | undefined {
  return request.host || undefined;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses, before anything else runs, a request addressed to a name that is not this site, and a
 * state-changing request sent from another site's page (design: API conventions). A write without
 * Origin is not a browser's cross-site request (the CLI, curl) and goes on to the route's own checks.
 */
export function registerSameSite(app: App, config: Config) {
  const site = sameSite(config);
  app.addHook('onRequest', async (request) => {
    // No Host at all (HTTP/1.0) is not a browser, so not a rebinding page; machine access still wants one.
    const host = requestHost(request);
    if (host !== undefined && !site.isAllowedHost(host)) throw forbidden('This server does not answer to that host name');
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !site.isOwnOrigin(origin)) throw forbidden('Cross-origin requests are not allowed');
  });
}
