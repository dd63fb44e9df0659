import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { type ConfiguredAdmins, changeAdmin, type TwitchDirectory } from './admins';
import { deleteExpiredSessions, deleteSession, insertSession, upsertTwitchUser } from './queries';
import { hashMatches, hashToken, newToken } from './session';
import { createTwitchLogin, type TwitchLogin, twitchEndpoints } from './twitch';

/**
 * Login with Twitch (authorization-code flow with a `state` bound to the browser by a cookie),
 * sessions and admin grants. Routes only move values between HTTP and these functions.
 */

export const CALLBACK_PATH = '/api/auth/twitch/callback';

export interface AccountsOptions {
  db: Db;
  config: Config;
  /** Where this server answers itself (the sandbox in demo mode); undefined before it listens */
  sandboxOrigin: () => string | undefined;
  /** Helix /users by login (the provider client); null without a Twitch application */
  directory: () => TwitchDirectory | null;
  /** ADMIN_LOGINS as Twitch ids */
  admins: ConfiguredAdmins;
  log: FastifyBaseLogger;
  /** Session expiry and login times */
  now: () => Date;
}

export type AccountsService = ReturnType<typeof createAccountsService>;

export function createAccountsService({ db, config, sandboxOrigin, directory, admins, log, now }: AccountsOptions) {
  const redirectUri = `${config.publicUrl.replace(/\/+$/, '')}${CALLBACK_PATH}`;
  let twitch: TwitchLogin | null | undefined;
  const client = (): TwitchLogin | null => {
    if (twitch === undefined) {
      const endpoints = twitchEndpoints(config, sandboxOrigin());
      twitch = endpoints ? createTwitchLogin(endpoints, config) : null;
    }
    return twitch;
  };

  return {
    redirectUri,

    /** Login is possible: enabled, and a Twitch application is configured. */
    get loginAvailable(): boolean {
      return config.authEnabled && config.providers.twitch.clientId !== null && config.providers.twitch.clientSecret !== null;
    },

    /** A fresh `state`: its hash goes into a short-lived cookie, the state itself to Twitch. */
    startLogin(): { authorizeUrl: string; stateHash: string } {
      const twitchLogin = client();
      if (!twitchLogin) throw new Error('Twitch login is not configured');
      const state = newToken();
      return { authorizeUrl: twitchLogin.authorizeUrl(state, redirectUri), stateHash: hashToken(state) };
    },

    /**
     * The callback: checks the state against the cookie's hash, exchanges the code, upserts the user
     * and opens a session. Answers the new session token, or null on any failure (logged).
     */
    async finishLogin(params: {
      code?: string;
      state?: string;
      error?: string;
      stateCookie?: string;
    }): Promise<{ token: string; userId: number } | null> {
      if (params.error) {
        log.info(`Twitch login not completed: ${params.error}`);
        return null;
      }
      if (!hashMatches(params.state, params.stateCookie)) {
        log.warn('Twitch login refused: the state does not match the one this browser started with');
        return null;
      }
      if (!params.code) return null;
      const twitchLogin = client();
      if (!twitchLogin) return null;
      try {
        const twitchUser = await twitchLogin.userForCode(params.code, redirectUri);
        const at = now();
        const user = await upsertTwitchUser(db, twitchUser, at);
        await deleteExpiredSessions(db, at);
        const token = newToken();
        await insertSession(db, hashToken(token), user.id, new Date(at.getTime() + config.accounts.sessionDays * 86_400_000));
        const admin = user.admin || (await admins.has(user.twitchId));
        log.info(`${user.login} logged in${admin ? ' (admin)' : ''}`);
        return { token, userId: user.id };
      } catch (error) {
        log.warn(`Twitch login failed: ${(error as Error).message}`);
        return null;
      }
    },

    /** Ends a session on the server; the cookie alone is worth nothing afterwards. */
    async logout(sessionHash: string | null): Promise<void> {
      if (sessionHash) await deleteSession(db, sessionHash);
    },

    /** Resolves ADMIN_LOGINS to Twitch ids now (at start), rather than at the first logged-in request. */
    async resolveConfiguredAdmins(): Promise<void> {
      await admins.ids();
    },

    /** Grants (or revokes) admin to the Twitch account holding `login` now, stored by its Twitch id. */
    async setAdmin(login: string, admin: boolean) {
      return changeAdmin({ db, directory: directory(), configured: admins }, login, admin);
    },
  };
}
