import type { FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import type { Config } from '../config';
import { forbidden, HttpError, unauthorized } from '../http/errors';
import { assertSyncAllowed } from '../http/machine-access';
import type { App } from '../http/types';
import { createOverlayAccess } from '../overlays/key';
import type { Limits } from './limits';
import type { SessionUser } from './session';

/**
 * Who may call a route and which rate limit it spends, declared in the route's `config` and
 * enforced here, once, for every route (the spec's role table, spec 6):
 * - public: anyone (reads, the login flow, sockets that check their own Origin, PayPal's webhook);
 * - user: a logged-in user (401 otherwise); admin: a logged-in admin (401 logged out, 403 not an admin);
 * - machine: an admin, or without a session the machine access of http/machine-access.ts
 *   (SYNC_TOKEN, or this machine in demo mode): the CLI asking the running server;
 * - overlay: the overlay key (`?key=`), as OBS has no login; admin-or-overlay: either.
 */

export type Access = 'public' | 'user' | 'admin' | 'machine' | 'overlay' | 'admin-or-overlay';
export type LimitName = keyof Limits;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (accounts/access.ts); every /api/ route declares it (accounts/roles.test.ts) */
    access?: Access;
    /** The rate limit the route spends (accounts/limits.ts) */
    limit?: LimitName;
  }
}

/**
 * The caller of a route declared `access: 'user'` or `'admin'`: the access hook refused everyone
 * else before the handler runs, so there is nothing to check again here.
 */
export const userOf = (request: FastifyRequest): SessionUser => request.user as SessionUser;

const ADMINS_ONLY = 'Only admins can do that';

function loggedIn(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

function admin(request: FastifyRequest): void {
  if (!loggedIn(request).admin) throw forbidden(ADMINS_ONLY);
}

/** Logged in: an admin (403 otherwise). Logged out: machine access, or 401 naming both ways. */
function adminOrMachine(config: Config, request: FastifyRequest): void {
  if (request.user) {
    admin(request);
    return;
  }
  try {
    assertSyncAllowed(config, request);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    throw unauthorized(`Log in as an admin to do that. ${error.message}.`);
  }
}

const keyOf = (request: FastifyRequest) => (request.query as { key?: unknown } | undefined)?.key;

const asList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/**
 * Adds the checks each route declares: user and admin before the body is read (onRequest), the
 * machine and overlay checks after validation, where the handlers made them before (preHandler),
 * then the route's limit, after the route's own preHandlers: a route may refuse cheaply first what
 * should not spend its budget (PayPal's webhook: payments/routes.ts).
 */
export function enforceAccess(app: App, config: Config, limits: Limits) {
  const overlay = createOverlayAccess(config);
  const checks: Record<Exclude<Access, 'public'>, { stage: 'onRequest' | 'preHandler'; check: (request: FastifyRequest) => void }> = {
    user: { stage: 'onRequest', check: (request) => void loggedIn(request) },
    admin: { stage: 'onRequest', check: admin },
    machine: { stage: 'preHandler', check: (request) => adminOrMachine(config, request) },
    overlay: { stage: 'preHandler', check: (request) => overlay.require(keyOf(request)) },
    'admin-or-overlay': {
      stage: 'preHandler',
      check: (request) => {
        if (!request.user?.admin) overlay.require(keyOf(request));
      },
    },
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const { access, limit } = route.config ?? {};
    if (access && access !== 'public') {
      const { stage, check } = checks[access];
      const hook = async (request: FastifyRequest) => check(request);
      if (stage === 'onRequest') route.onRequest = [hook as onRequestAsyncHookHandler, ...asList(route.onRequest)];
      else route.preHandler = [hook as preHandlerAsyncHookHandler, ...asList(route.preHandler)];
    }
    if (limit) route.preHandler = [...asList(route.preHandler), limits[limit]];
  });
}
