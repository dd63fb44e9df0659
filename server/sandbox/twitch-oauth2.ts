import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEMO_CREDENTIAL, DEMO_LOGINS } from '../demo/accounts';
import type { App } from '../http/types';
import { faultHook, STATUS_TEXT } from './common';
import type { SandboxState } from './state';

/**
 * Twitch OAuth (id.twitch.tv/oauth2) stand-in under /sandbox/twitch/oauth2:
 *  - POST /token: client_credentials (app token), authorization_code and refresh_token grants, with
 *    parameters in the query string or a form body, as Twitch accepts both;
 *  - GET /authorize: for this site's login callback only (the app's registered redirect URI), a page listing the demo accounts; `login=<name>` picks one without a click,
 *    then redirects to redirect_uri with code, scope and state (or error=access_denied on cancel);
 *  - GET /validate (Authorization: OAuth <token>) and POST /revoke.
 * The client id and secret are `demo`.
 */

const PREFIX = '/sandbox/twitch/oauth2';
const APP_TOKEN_TTL = 5_011_271;
const USER_TOKEN_TTL = 14_400;

type Params = Record<string, string | undefined>;

export const twitchAuthError = (status: number, message: string) => ({ status, message });

/** Twitch reads OAuth parameters from the query string and from a form body alike. */
function paramsOf(request: FastifyRequest): Params {
  const query = request.query as Record<string, string | string[] | undefined>;
  const body = (typeof request.body === 'object' && request.body ? request.body : {}) as Params;
  const flat: Params = {};
  for (const [key, value] of Object.entries(query)) flat[key] = Array.isArray(value) ? value[0] : value;
  return { ...flat, ...body };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function twitchOAuthSandbox(app: App, state: SandboxState) {
  faultHook(app, state, 'twitch-oauth', PREFIX, (status) => twitchAuthError(status, STATUS_TEXT[status] ?? 'Error'));

  /** Checks client id and secret as Twitch does: an unknown id is 400, a wrong secret 403. */
  function checkClient(params: Params, reply: FastifyReply): boolean {
    if (params.client_id !== DEMO_CREDENTIAL) {
      reply.code(400).send(twitchAuthError(400, 'invalid client'));
      return false;
    }
    if (params.client_secret !== DEMO_CREDENTIAL) {
      reply.code(403).send(twitchAuthError(403, 'invalid client secret'));
      return false;
    }
    return true;
  }

  app.post('/token', async (request, reply) => {
    const params = paramsOf(request);
    if (!checkClient(params, reply)) return reply;
    const clientId = params.client_id!;
    switch (params.grant_type) {
      case 'client_credentials': {
        const issued = state.tokens.issue({ provider: 'twitch', kind: 'app', clientId, userId: null, scopes: [] }, APP_TOKEN_TTL, false);
        return { access_token: issued.token, expires_in: APP_TOKEN_TTL, token_type: 'bearer' };
      }
      case 'authorization_code': {
        const code = params.code ? state.tokens.takeCode(params.code) : null;
        if (!code || code.clientId !== clientId) return reply.code(400).send(twitchAuthError(400, 'Invalid authorization code'));
        if (params.redirect_uri !== code.redirectUri)
          return reply.code(400).send(twitchAuthError(400, 'Parameter redirect_uri does not match registered URI'));
        const issued = state.tokens.issue(
          { provider: 'twitch', kind: 'user', clientId, userId: code.userId, scopes: code.scopes },
          USER_TOKEN_TTL,
          true,
        );
        return {
          access_token: issued.token,
          expires_in: USER_TOKEN_TTL,
          refresh_token: issued.refreshToken,
          scope: code.scopes,
          token_type: 'bearer',
        };
      }
      case 'refresh_token': {
        const previous = params.refresh_token ? state.tokens.takeRefresh('twitch', params.refresh_token) : null;
        if (!previous || previous.clientId !== clientId) return reply.code(400).send(twitchAuthError(400, 'Invalid refresh token'));
        const issued = state.tokens.issue(
          { provider: 'twitch', kind: previous.kind, clientId, userId: previous.userId, scopes: previous.scopes },
          USER_TOKEN_TTL,
          true,
        );
        return {
          access_token: issued.token,
          expires_in: USER_TOKEN_TTL,
          refresh_token: issued.refreshToken,
          scope: issued.scopes,
          token_type: 'bearer',
        };
      }
      default:
        return reply.code(400).send(twitchAuthError(400, 'Invalid grant type'));
    }
  });

  app.get('/authorize', async (request, reply) => {
    const params = paramsOf(request);
    if (params.client_id !== DEMO_CREDENTIAL) return reply.code(400).send(twitchAuthError(400, 'invalid client'));
    if (params.response_type !== 'code')
      return reply.code(400).send(twitchAuthError(400, 'Unsupported response type; the sandbox knows "code"'));
    // Twitch sends the browser back only to a redirect URI registered for the app, compared exactly:
    // here this site's login callback, so the sandbox never hands a code to another page. On a
    // mismatch Twitch sends the browser to the app's first registered URI with error=redirect_mismatch
    // (https://github.com/twitchdev/issues/issues/762), never to the URI asked for.
    if (!params.redirect_uri || !state.twitchRedirectUris.includes(params.redirect_uri)) {
      const first = state.twitchRedirectUris[0];
      if (!first) return reply.code(400).send(twitchAuthError(400, 'Parameter redirect_uri does not match registered URI'));
      const target = new URL(first);
      target.searchParams.set('error', 'redirect_mismatch');
      target.searchParams.set('error_description', 'Parameter redirect_uri does not match registered URI');
      return reply.redirect(target.toString(), 302);
    }
    const redirect = new URL(params.redirect_uri);
    const scopes = (params.scope ?? '').split(/[\s+]+/).filter(Boolean);
    const back = (fields: Record<string, string>) => {
      const target = new URL(redirect);
      for (const [key, value] of Object.entries(fields)) target.searchParams.set(key, value);
      if (params.state !== undefined) target.searchParams.set('state', params.state);
      return reply.redirect(target.toString(), 302);
    };
    if (params.cancel !== undefined) return back({ error: 'access_denied', error_description: 'The user denied you access' });
    if (params.login) {
      const user = state.users.find((u) => u.login === params.login);
      if (user) {
        const code = state.tokens.issueCode({ clientId: params.client_id, redirectUri: params.redirect_uri, userId: user.id, scopes });
        return back({ code: code.code, scope: scopes.join(' ') });
      }
    }
    const link = (extra: Record<string, string>) => {
      const url = new URL(`${PREFIX}/authorize`, 'http://sandbox');
      for (const [key, value] of Object.entries(params)) if (value !== undefined && key !== 'login') url.searchParams.set(key, value);
      for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
      return escapeHtml(`${url.pathname}${url.search}`);
    };
    const accounts = state.users
      .filter((u) => u.login === DEMO_LOGINS.viewer || u.login === DEMO_LOGINS.admin)
      .map(
        (u) =>
          `<li><a class="account" href="${link({ login: u.login })}"><strong>${escapeHtml(u.login)}</strong><span>${escapeHtml(u.description)}</span></a></li>`,
      )
      .join('');
    const unknown = params.login ? `<p class="error">There is no demo account "${escapeHtml(params.login)}".</p>` : '';
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Log in with Twitch (sandbox)</title>
<style>
body{font-family:system-ui,sans-serif;background:#0e0e10;color:#efeff1;display:flex;justify-content:center;padding:48px 16px;margin:0}
main{max-width:420px;width:100%;background:#18181b;border-radius:8px;padding:24px}
h1{font-size:20px;margin:0 0 8px}p{color:#adadb8;margin:0 0 16px}ul{list-style:none;padding:0;margin:0 0 16px}
.account{display:flex;flex-direction:column;gap:2px;padding:12px 16px;margin-bottom:8px;border-radius:6px;background:#9147ff;color:#fff;text-decoration:none}
.account span{font-size:13px;opacity:.85}.error{color:#ff8280}.cancel{color:#adadb8}
</style></head>
<body><main>
<h1>Log in with Twitch</h1>
<p>This is the demo sandbox: pick an account to continue. No password is needed.</p>
${unknown}<ul>${accounts}</ul>
<a class="cancel" href="${link({ cancel: '1' })}">Cancel</a>
</main></body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });

  app.get('/validate', async (request, reply) => {
    const token = /^(?:OAuth|Bearer)\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const issued = state.tokens.find('twitch', token);
    if (!issued) return reply.code(401).send(twitchAuthError(401, 'invalid access token'));
    const expiresIn = Math.max(0, Math.floor((issued.expiresAt - Date.now()) / 1000));
    if (issued.kind === 'app') return { client_id: issued.clientId, scopes: [], expires_in: expiresIn };
    const user = state.users.find((u) => u.id === issued.userId);
    return { client_id: issued.clientId, login: user?.login ?? '', scopes: issued.scopes, user_id: issued.userId, expires_in: expiresIn };
  });

  app.post('/revoke', async (request, reply) => {
    const params = paramsOf(request);
    if (params.client_id !== DEMO_CREDENTIAL) return reply.code(404).send(twitchAuthError(404, 'client does not exist'));
    const issued = state.tokens.find('twitch', params.token);
    if (!issued) return reply.code(400).send(twitchAuthError(400, 'Invalid token'));
    state.tokens.revoke(issued.token);
    return reply.code(200).send();
  });
}
