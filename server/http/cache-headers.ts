import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './types';

/**
 * What browsers and nginx may keep of an API answer (issue 22, the go-live spike).
 *
 * The reads that opt into the read cache (`config: { readCache: true }`, http/read-cache.ts) are the
 * public ones: one flag says both "the same answer for every logged-out visitor" and "a shared cache
 * may keep it". For those, a logged-out GET or HEAD answered 200 gets
 *
 *     Cache-Control: public, max-age=<floor(READ_CACHE_MS / 1000)>, stale-while-revalidate=30
 *     ETag: "<sha1 of the body, base64url>"
 *
 * and a request whose If-None-Match names that ETag (a list, `*` or the weak `W/` form: nginx's gzip
 * weakens a strong ETag) is answered 304 with no body and the same two headers.
 *
 * - READ_CACHE_MS under 1000 gives max-age=0: a browser revalidates every time (the ETag makes that a
 *   304), but may still show the answer for 30 s while it asks again in the background.
 * - READ_CACHE_MS=0 (the read cache off: every read fresh) gives `no-cache`: always revalidated, no
 *   stale answer shown, the ETag still saves the body.
 * - The same reads with a session (request.user, or a session cookie presented at all: an expired
 *   one too) are `private, no-store`: their answers carry the viewer's `liked` flags.
 * - Every other /api/ answer (writes, /api/auth, requests, errors, reads that did not opt in) is
 *   `no-store`, unless its route set a Cache-Control of its own (a sample's audio, a download).
 * Pages and static files (not /api/) keep their own headers (site/plugin.ts).
 */

/** How long visitors' browsers revalidate in the background while showing a public answer. */
export const STALE_WHILE_REVALIDATE_S = 30;

export function publicCacheControl(readCacheMs: number): string {
  if (readCacheMs <= 0) return 'public, no-cache';
  return `public, max-age=${Math.floor(readCacheMs / 1000)}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`;
}

export const PRIVATE_CACHE_CONTROL = 'private, no-store';
export const NO_STORE = 'no-store';

/** A strong validator of the exact bytes: 27 characters of base64url SHA-1. */
export function bodyEtag(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** If-None-Match's weak comparison (RFC 9110 13.1.2): `*`, or any listed tag equal once `W/` is dropped. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

/** request.user and request.sessionCookie are set by the sessions' hook (accounts/session.ts). */
const hasSession = (request: FastifyRequest) => request.user !== null || request.sessionCookie;

const isPublicRead = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && request.routeOptions.config?.readCache === true;

function publicAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown, cacheControl: string): unknown {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) {
    reply.header('cache-control', cacheControl);
    return payload;
  }
  const etag = bodyEtag(payload);
  reply.header('cache-control', cacheControl).header('etag', etag);
  if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return payload;
  reply.code(304).removeHeader('content-type').removeHeader('content-length');
  return null;
}

/** Registered after the read cache (read-cache-plugin.ts): it keeps the 200's body before a 304 drops it. */
export function registerCacheHeaders(app: App, options: { readCacheMs: number }) {
  const cacheControl = publicCacheControl(options.readCacheMs);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/')) return payload;
    if (isPublicRead(request) && reply.statusCode === 200) {
      if (hasSession(request)) {
        reply.header('cache-control', PRIVATE_CACHE_CONTROL);
        return payload;
      }
      return publicAnswer(request, reply, payload, cacheControl);
    }
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', NO_STORE);
    return payload;
  });
}
