import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { forbidden } from './errors';
import { sameSite } from './same-site';

/**
 * Who may trigger a sync (and import playlists) over HTTP until admin accounts exist: a caller
 * presenting SYNC_TOKEN, or, in demo mode, a caller on this machine (the CLI asking the running
 * server). The accounts work replaces the second rule with "an admin is logged in".
 */

/**
 * A request that reached us directly from this machine: loopback socket, no proxy in between, and
 * addressed to one of this site's names, so a web page whose DNS name was re-pointed at 127.0.0.1
 * (DNS rebinding) is not "this machine" even though its requests arrive over loopback.
 */
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'forwarded'] as const;

export function isLoopback(config: Config, request: FastifyRequest): boolean {
  // The socket address, not request.ip: with trustProxy a client could claim any address.
  const address = request.raw.socket.remoteAddress ?? '';
  const local = address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
  // Any forwarding header means a proxy (or a page claiming one) is in between; the raw Host must name us.
  const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  return local && !forwarded && sameSite(config).isAllowedHost(request.headers.host);
}

function tokenMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The token from `Authorization: Bearer <token>` only. */
const bearerToken = (request: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];

/** The token from `Authorization: Bearer <token>` or `X-Sync-Token`. */
function presentedToken(request: FastifyRequest): string | undefined {
  const bearer = bearerToken(request);
  const header = request.headers['x-sync-token'];
  return bearer ?? (Array.isArray(header) ? header[0] : header);
}

/**
 * Who may read GET /metrics (server/metrics), in every mode: this machine (a Prometheus beside the
 * server, scraping http://127.0.0.1:<port>/metrics), or a scraper presenting METRICS_TOKEN as a bearer
 * token. Through a proxy it is never "this machine", so behind nginx only the token opens it.
 */
export function assertMetricsAllowed(config: Config, request: FastifyRequest) {
  if (config.metrics.token && tokenMatches(config.metrics.token, bearerToken(request))) return;
  if (isLoopback(config, request)) return;
  throw forbidden('Metrics can be read from this machine, or with the METRICS_TOKEN (Authorization: Bearer <token>)');
}

export function assertSyncAllowed(config: Config, request: FastifyRequest) {
  if (config.sync.token && tokenMatches(config.sync.token, presentedToken(request))) return;
  if (config.demo && isLoopback(config, request)) return;
  throw forbidden(
    config.demo
      ? 'Sync can be started from this machine, or with the SYNC_TOKEN (Authorization: Bearer <token>)'
      : 'Sync needs the SYNC_TOKEN (Authorization: Bearer <token>)',
  );
}
