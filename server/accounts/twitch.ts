import { z } from 'zod';
import type { Config } from '../config';
import { createHttp, DEFAULT_RETRY } from '../providers/shared/http';
import { describeTwitchError } from '../providers/twitch/client';

/**
 * Twitch's OAuth authorization-code flow for login (https://dev.twitch.tv/docs/authentication/getting-tokens-oauth/#authorization-code-grant-flow):
 * the authorize URL the browser is sent to, the code exchanged for a user token, the user read
 * from Helix /users with that token, and the token revoked (we keep no Twitch tokens).
 * In demo mode the same calls go to the sandbox (server/sandbox/twitch).
 */

export interface TwitchLoginUser {
  id: string;
  login: string;
  displayName: string;
}

export interface TwitchOAuthEndpoints {
  /** Where the browser is sent: https://id.twitch.tv/oauth2/authorize (or the sandbox on PUBLIC_URL) */
  authorizeUrl: string;
  /** Server-side OAuth calls: https://id.twitch.tv/oauth2 (or the sandbox on this server) */
  authBase: string;
  /** Helix: https://api.twitch.tv/helix (or the sandbox on this server) */
  apiBase: string;
  clientId: string;
  clientSecret: string;
}

const trim = (url: string) => url.replace(/\/+$/, '');

/**
 * The endpoints of the configured Twitch application. `sandboxOrigin` is where this server answers
 * itself (demo mode); null when login cannot run (no client credentials).
 */
export function twitchEndpoints(config: Config, sandboxOrigin: string | undefined): TwitchOAuthEndpoints | null {
  const t = config.providers.twitch;
  if (!t.clientId || !t.clientSecret) return null;
  const sandbox = (path: string) => {
    if (!sandboxOrigin) throw new Error('The Twitch sandbox is not reachable yet (is the server listening?)');
    return `${trim(sandboxOrigin)}/sandbox/twitch/${path}`;
  };
  return {
    authorizeUrl: `${t.authBase ? trim(t.authBase) : `${trim(config.publicUrl)}/sandbox/twitch/oauth2`}/authorize`,
    authBase: t.authBase ? trim(t.authBase) : sandbox('oauth2'),
    apiBase: t.apiBase ? trim(t.apiBase) : sandbox('helix'),
    clientId: t.clientId,
    clientSecret: t.clientSecret,
  };
}

const tokenSchema = z.object({ access_token: z.string().min(1), token_type: z.string().optional() });
const usersSchema = z.object({ data: z.array(z.object({ id: z.string(), login: z.string(), display_name: z.string() })) });

export function createTwitchLogin(endpoints: TwitchOAuthEndpoints, config: Config) {
  const http = (baseUrl: string, retries: number) =>
    createHttp({
      provider: 'twitch',
      baseUrl,
      timeoutMs: config.providers.timeoutMs,
      // A code is good once: its exchange is never retried (a lost answer means logging in again).
      retry: { ...DEFAULT_RETRY, retries, backoffMs: config.providers.backoffMs },
      describeError: describeTwitchError,
    });
  const auth = http(endpoints.authBase, 0);
  const helix = http(endpoints.apiBase, Math.min(config.providers.retries, 2));

  return {
    authorizeUrl(state: string, redirectUri: string): string {
      const url = new URL(endpoints.authorizeUrl);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', endpoints.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      // No scope: the public user record (id, login, display name) is all we read.
      url.searchParams.set('scope', '');
      url.searchParams.set('state', state);
      return url.toString();
    },

    /** Exchanges the code for a user token, reads who it belongs to, and revokes the token. */
    async userForCode(code: string, redirectUri: string): Promise<TwitchLoginUser> {
      const token = await auth.json('/token', tokenSchema, {
        method: 'POST',
        form: {
          client_id: endpoints.clientId,
          client_secret: endpoints.clientSecret,
          code,
          grant_type: 'authorization_code',
          redirect_uri: redirectUri,
        },
      });
      try {
        const users = await helix.json('/users', usersSchema, {
          headers: { authorization: `Bearer ${token.access_token}`, 'client-id': endpoints.clientId },
        });
        const user = users.data[0];
        if (!user) throw new Error('Twitch answered no user for the token');
        return { id: user.id, login: user.login.toLowerCase(), displayName: user.display_name || user.login };
      } finally {
        // Best effort: the token is not needed any more; Twitch answers 200 with an empty body.
        await fetch(`${endpoints.authBase}/revoke`, {
          method: 'POST',
          body: new URLSearchParams({ client_id: endpoints.clientId, token: token.access_token }),
          signal: AbortSignal.timeout(config.providers.timeoutMs),
        })
          .then((res) => res.body?.cancel())
          .catch(() => undefined);
      }
    },
  };
}

export type TwitchLogin = ReturnType<typeof createTwitchLogin>;
