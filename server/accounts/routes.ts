import { z } from 'zod';
import { userSchema } from '../../common/accounts';
import type { Config } from '../config';
import { notFound } from '../http/errors';
import type { App } from '../http/types';
import { presentUser } from './present';
import type { AccountsService } from './service';
import { CALLBACK_PATH } from './service';
import { clearSessionCookie, setSessionCookie } from './session';

/**
 * Login with Twitch, the current user, logout, and admin grants (the CLI's grant-admin asks the
 * running server here, as `sync` does, since an embedded database has one process at a time).
 */

const STATE_COOKIE = 'almanac_oauth_state';
const STATE_PATH = '/api/auth/twitch';
const STATE_MAX_AGE = 10 * 60;

const loginDone = (ok: boolean) => `/?loginSuccess=${ok}`;

export function accountRoutes(app: App, accounts: AccountsService, config: Config) {
  const tags = ['accounts'];
  const publicUrl = new URL(config.publicUrl);
  const stateCookie = { path: STATE_PATH, httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };

  app.get('/api/auth/twitch/login', {
    schema: {
      tags,
      summary: 'Starts the Twitch login: redirects to Twitch’s authorize page (in demo mode the sandbox’s)',
      querystring: z.object({ canonical: z.string().optional() }),
    },
    config: { access: 'public' },
    handler: async (request, reply) => {
      if (!accounts.loginAvailable) throw notFound('Login is not enabled on this site');
      // The state cookie must live on the host Twitch sends the browser back to (PUBLIC_URL): a visit
      // under another name (127.0.0.1 for localhost) starts over there, once.
      if (request.host !== publicUrl.host && request.query.canonical === undefined) {
        return reply.redirect(`${publicUrl.origin}/api/auth/twitch/login?canonical=1`, 302);
      }
      const { authorizeUrl, stateHash } = accounts.startLogin();
      reply.setCookie(STATE_COOKIE, stateHash, { ...stateCookie, maxAge: STATE_MAX_AGE });
      return reply.header('cache-control', 'no-store').redirect(authorizeUrl, 302);
    },
  });

  app.get(CALLBACK_PATH, {
    schema: {
      tags,
      summary: 'Where Twitch sends the browser back: logs in and redirects to /?loginSuccess=true (or false)',
      querystring: z.object({
        code: z.string().max(512).optional(),
        state: z.string().max(512).optional(),
        error: z.string().max(512).optional(),
      }),
    },
    config: { access: 'public', limit: 'login' },
    handler: async (request, reply) => {
      const presented = request.cookies[STATE_COOKIE];
      reply.clearCookie(STATE_COOKIE, stateCookie).header('cache-control', 'no-store');
      if (!accounts.loginAvailable) return reply.redirect(loginDone(false), 302);
      const session = await accounts.finishLogin({ ...request.query, stateCookie: presented });
      if (!session) return reply.redirect(loginDone(false), 302);
      // A new token on every login; the session this browser had before ends.
      await accounts.logout(request.sessionHash);
      setSessionCookie(reply, config, session.token);
      return reply.redirect(loginDone(true), 302);
    },
  });

  app.get('/api/auth/user', {
    schema: {
      tags,
      summary: 'The logged-in user, or null',
      response: { 200: userSchema.nullable() },
    },
    config: { access: 'public' },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return request.user ? presentUser(request.user) : null;
    },
  });

  app.post('/api/auth/logout', {
    schema: { tags, summary: 'Ends the session (on the server too); fine when already logged out' },
    config: { access: 'public', limit: 'writes' },
    handler: async (request, reply) => {
      await accounts.logout(request.sessionHash);
      clearSessionCookie(reply, config);
      return reply.code(204).send();
    },
  });

  app.post('/api/auth/admins', {
    schema: {
      tags,
      summary:
        'Grants (or with revoke, takes back) the admin flag of the Twitch account holding a login now (stored by its Twitch id). For admins, and for `npm run cli -- grant-admin`',
      body: z.object({
        login: z.string().regex(/^[A-Za-z0-9_]{1,25}$/, 'must be a Twitch login'),
        revoke: z.boolean().default(false),
      }),
      response: {
        200: z.object({
          /** The account's login as Twitch has it now */
          login: z.string(),
          admin: z.boolean(),
          /** No one has logged in with it yet: its first login will be an admin */
          pending: z.boolean(),
          /** ADMIN_LOGINS names it, so it stays an admin whatever the stored flag says */
          configured: z.boolean(),
        }),
      },
    },
    config: { access: 'machine', limit: 'writes' },
    handler: async (request) => {
      // The command line on this machine (or with SYNC_TOKEN) may do it without logging in.
      return accounts.setAdmin(request.body.login.toLowerCase(), !request.body.revoke);
    },
  });
}
