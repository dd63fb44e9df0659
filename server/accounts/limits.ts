import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from '../config';
import { HttpError } from '../http/errors';
import type { App } from '../http/types';

/**
 * Rate limits (@fastify/rate-limit, registered by the core plugin with `global: false`), named by
 * routes in `config.limit` and added by the access hook (accounts/access.ts). Every write shares
 * ONE budget per user (or per address when logged out), so spreading requests over routes does not
 * multiply it; the login callback has its own budget per address, and so has PayPal's webhook: its
 * events come from PayPal's few addresses, where a fan's likes and edits must not crowd them out
 * (nor they the fans), and it counts only the events that passed the webhook's own checks.
 * Each limit's keys begin with its name, so the limits never share a count, also where every
 * instance counts in one Redis (REDIS_URL, http/shared-limits.ts).
 */

export interface Limits {
  /** Every write: likes, edits, requests, approvals, logout */
  writes: preHandlerAsyncHookHandler;
  /** The login callback (it costs a code exchange at Twitch) */
  login: preHandlerAsyncHookHandler;
  /** PayPal's webhook events that passed the checks made without PayPal (each costs a verify call at PayPal) */
  webhooks: preHandlerAsyncHookHandler;
}

const tooMany = (what: string) => (_request: unknown, context: { after: string }) =>
  new HttpError(429, `Too many ${what} in a short time; try again in ${context.after}`);

export function createLimits(app: App, config: Config): Limits {
  return {
    writes: app.rateLimit({
      max: config.accounts.writesPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => (request.user ? `writes:user:${request.user.id}` : `writes:ip:${request.ip}`),
      errorResponseBuilder: tooMany('changes'),
    }),
    login: app.rateLimit({
      // Generous: many visitors may share an address (a school, a carrier's NAT).
      max: Math.max(60, config.accounts.writesPerMinute),
      timeWindow: 60_000,
      keyGenerator: (request) => `login:${request.ip}`,
      errorResponseBuilder: tooMany('login attempts'),
    }),
    webhooks: app.rateLimit({
      max: config.payments.webhooksPerMinute,
      timeWindow: 60_000,
      // PayPal has no session: by address, whoever is logged in on it.
      keyGenerator: (request) => `webhook:${request.ip}`,
      errorResponseBuilder: tooMany('webhook events'),
    }),
  };
}
