import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from '../config';
import { HttpError } from '../http/errors';
import type { App } from '../http/types';

/**
 * Rate limits (@fastify/rate-limit, registered by the core plugin with `global: false`), named by
 * routes in `config.limit` and added by the access hook (accounts/access.ts). Every write shares
 * ONE budget per user (or per address when logged out), so spreading requests over routes does not
 * multiply it; the login callback has its own budget per address.
 */

export interface Limits {
  /** Every write: likes, edits, requests, approvals, logout */
  writes: preHandlerAsyncHookHandler;
  /** The login callback (it costs a code exchange at Twitch) */
  login: preHandlerAsyncHookHandler;
}

const tooMany = (what: string) => (_request: unknown, context: { after: string }) =>
  new HttpError(429, `Too many ${what} in a short time; try again in ${context.after}`);

export function createLimits(app: App, config: Config): Limits {
  return {
    writes: app.rateLimit({
      max: config.accounts.writesPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
      errorResponseBuilder: tooMany('changes'),
    }),
    login: app.rateLimit({
      // Generous: many visitors may share an address (a school, a carrier's NAT).
      max: Math.max(60, config.accounts.writesPerMinute),
      timeWindow: 60_000,
      keyGenerator: (request) => `login:${request.ip}`,
      errorResponseBuilder: tooMany('login attempts'),
    }),
  };
}
