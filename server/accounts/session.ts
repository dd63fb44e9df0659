import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { App } from '../http/types';
import type { ConfiguredAdmins } from './admins';
import { findSessionUsers } from './queries';
import { createSessionLookup } from './session-lookup';

/**
 * Sessions (design "API conventions"): a random token in an httpOnly, SameSite=Lax cookie (Secure in
 * production); the database keeps only its SHA-256. Each API request resolves its cookie to the user
 * in the database (one query for the requests that arrive together: ./session-lookup.ts); nothing is
 * cached across requests, so a logout or a revoked admin takes effect at once.
 */

export const SESSION_COOKIE = 'almanac_session';

/** Who is calling: attached to every API request as `request.user` (null when logged out). */
export interface SessionUser {
  id: number;
  login: string;
  displayName: string;
  /** The stored flag (grant-admin) or the Twitch account is one ADMIN_LOGINS names */
  admin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** Hash of the presented session token, when it belongs to a live session */
    sessionHash: string | null;
    /** A session cookie came with the request, live or not: its answer is not for shared caches (http/cache-headers.ts) */
    sessionCookie: boolean;
  }
}

export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Compares a presented value's hash with a stored hash in constant time. */
export function hashMatches(value: string | undefined, expectedHash: string | undefined): boolean {
  if (!value || !expectedHash) return false;
  const a = Buffer.from(hashToken(value));
  const b = Buffer.from(expectedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A token we issued is 43 base64url characters; anything else is not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function setSessionCookie(reply: FastifyReply, config: Config, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    maxAge: config.accounts.sessionDays * 86_400,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.secureCookies });
}

/** Resolves the session cookie of every API call to `request.user`. */
export function registerSessions(app: App, db: Db, admins: ConfiguredAdmins, now: () => Date) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionHash', null);
  app.decorateRequest('sessionCookie', false);
  const findSessionUser = createSessionLookup((hashes, at) => findSessionUsers(db, hashes, at), now);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    request.sessionCookie = token !== undefined;
    if (!token || !TOKEN_SHAPE.test(token)) return;
    const hash = hashToken(token);
    const row = await findSessionUser(hash);
    if (!row) return;
    request.sessionHash = hash;
    const { twitchId, ...user } = row;
    // By Twitch id, not login: a renamed admin stays one, the next holder of the name does not.
    request.user = { ...user, admin: row.admin || (await admins.has(twitchId)) };
  });
}
