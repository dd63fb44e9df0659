import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { createSandboxedApp } from '../sandbox/testing';
import { createTestApp } from '../testing/app';
import { cookieOf, LOGIN_HOST, loginThroughSandbox } from '../testing/login';
import { buildUser } from '../testing/users';
import { hashToken, SESSION_COOKIE } from './session';

/**
 * Login for real: the authorization-code flow through the Twitch sandbox (authorize page with
 * `login=<name>`, code exchange, Helix /users), sessions, logout, and admin grants.
 */

const t = await createSandboxedApp();
const HOST = LOGIN_HOST;

async function me(cookie: string | undefined) {
  const res = await t.app.inject({ url: '/api/auth/user', headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('login with Twitch (sandbox)', () => {
  it('starts at Twitch’s authorize page with a state bound to this browser by a short-lived cookie', async () => {
    const start = await t.app.inject({ url: '/api/auth/twitch/login', headers: { host: HOST } });
    expect(start.statusCode).toBe(302);
    const url = new URL(start.headers.location as string);
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:3000/sandbox/twitch/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'demo',
      redirect_uri: 'http://localhost:3000/api/auth/twitch/callback',
      scope: '',
    });
    const state = url.searchParams.get('state')!;
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = cookieOf(start, 'almanac_oauth_state')!;
    // Only the hash of the state is in the cookie.
    expect(cookie).toMatchObject({ value: hashToken(state), httpOnly: true, sameSite: 'Lax', path: '/api/auth/twitch', maxAge: 600 });
    expect(cookie.secure).toBeFalsy();
  });

  it('starts over on the PUBLIC_URL host when visited under another name, once', async () => {
    const elsewhere = await t.app.inject({ url: '/api/auth/twitch/login', headers: { host: '127.0.0.1:3000' } });
    expect(elsewhere.statusCode).toBe(302);
    expect(elsewhere.headers.location).toBe('http://localhost:3000/api/auth/twitch/login?canonical=1');
    expect(cookieOf(elsewhere, 'almanac_oauth_state')).toBeUndefined();
    const again = await t.app.inject({ url: '/api/auth/twitch/login?canonical=1', headers: { host: '127.0.0.1:3000' } });
    expect(new URL(again.headers.location as string).pathname).toBe('/sandbox/twitch/oauth2/authorize');
  });

  it('logs the demo viewer in: a session cookie, the user stored, back home with loginSuccess=true', async () => {
    const res = await loginThroughSandbox(t, 'demo_viewer');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?loginSuccess=true');
    const session = cookieOf(res, SESSION_COOKIE)!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session.secure).toBeFalsy();
    expect(session.maxAge).toBe(30 * 86_400);
    // The state cookie is used up.
    expect(cookieOf(res, 'almanac_oauth_state')).toMatchObject({ value: '' });

    const user = await me(`${SESSION_COOKIE}=${session.value}`);
    expect(user).toEqual({ id: expect.any(Number), login: 'demo_viewer', displayName: 'demo_viewer', admin: false });
    const [row] = await t.db.select().from(users).where(eq(users.twitchId, '938000101'));
    expect(row).toMatchObject({ login: 'demo_viewer', admin: false });
    expect(row!.lastLoginAt).toBeInstanceOf(Date);
    // Only the token's hash is stored.
    const [stored] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(session.value)));
    expect(stored).toMatchObject({ userId: row!.id });
    expect(JSON.stringify(await t.db.select().from(sessions))).not.toContain(session.value);
  });

  it('makes demo_admin an admin (ADMIN_LOGINS defaults to it in demo mode)', async () => {
    const res = await loginThroughSandbox(t, 'demo_admin');
    expect(res.headers.location).toBe('/?loginSuccess=true');
    expect(await me(`${SESSION_COOKIE}=${cookieOf(res, SESSION_COOKIE)!.value}`)).toMatchObject({ login: 'demo_admin', admin: true });
    // Config, not a stored flag: taking the login out of ADMIN_LOGINS takes admin away.
    const [row] = await t.db.select().from(users).where(eq(users.login, 'demo_admin'));
    expect(row!.admin).toBe(false);
  });

  it('gives a new token on every login and ends the session the browser had', async () => {
    const first = cookieOf(await loginThroughSandbox(t, 'demo_viewer'), SESSION_COOKIE)!.value;
    const second = await loginThroughSandbox(t, 'demo_viewer', { cookie: `${SESSION_COOKIE}=${first}` });
    const token = cookieOf(second, SESSION_COOKIE)!.value;
    expect(token).not.toBe(first);
    expect(await me(`${SESSION_COOKIE}=${first}`)).toBeNull();
    expect(await me(`${SESSION_COOKIE}=${token}`)).toMatchObject({ login: 'demo_viewer' });
    // Still one user for the account.
    expect(await t.db.select().from(users).where(eq(users.twitchId, '938000101'))).toHaveLength(1);
  });

  it('refuses a state that is not the one this browser started with: loginSuccess=false, no session', async () => {
    const res = await loginThroughSandbox(t, 'demo_viewer', { tamperState: true });
    expect(res.headers.location).toBe('/?loginSuccess=false');
    expect(cookieOf(res, SESSION_COOKIE)).toBeUndefined();
  });

  it('refuses a callback without the state cookie (another browser, or cookies blocked)', async () => {
    const start = await t.app.inject({ url: '/api/auth/twitch/login', headers: { host: HOST } });
    const authorize = new URL(start.headers.location as string);
    authorize.searchParams.set('login', 'demo_viewer');
    const picked = await fetch(`${t.origin}${authorize.pathname}${authorize.search}`, { redirect: 'manual' });
    const back = new URL(picked.headers.get('location')!);
    const res = await t.app.inject({ url: `${back.pathname}${back.search}`, headers: { host: HOST } });
    expect(res.headers.location).toBe('/?loginSuccess=false');
  });

  it('answers loginSuccess=false when the visitor cancels at Twitch, or the code is bad or used', async () => {
    const start = await t.app.inject({ url: '/api/auth/twitch/login', headers: { host: HOST } });
    const stateCookie = `almanac_oauth_state=${cookieOf(start, 'almanac_oauth_state')!.value}`;
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const cancelled = await t.app.inject({
      url: `/api/auth/twitch/callback?error=access_denied&error_description=denied&state=${state}`,
      headers: { cookie: stateCookie },
    });
    expect(cancelled.headers.location).toBe('/?loginSuccess=false');
    const badCode = await t.app.inject({ url: `/api/auth/twitch/callback?code=nope&state=${state}`, headers: { cookie: stateCookie } });
    expect(badCode.headers.location).toBe('/?loginSuccess=false');
    expect(cookieOf(badCode, SESSION_COOKIE)).toBeUndefined();
  });

  it('answers loginSuccess=false when Twitch fails (Helix 500)', async () => {
    t.state.faults.inject({ provider: 'twitch', path: '/users', status: 500, times: Number.POSITIVE_INFINITY });
    try {
      const res = await loginThroughSandbox(t, 'demo_viewer');
      expect(res.headers.location).toBe('/?loginSuccess=false');
    } finally {
      t.state.faults.clear();
    }
  });
});

describe('GET /api/auth/user and POST /api/auth/logout', () => {
  it('answers null when logged out, for an unknown token, and for an expired session', async () => {
    expect(await me(undefined)).toBeNull();
    expect(await me(`${SESSION_COOKIE}=${'x'.repeat(43)}`)).toBeNull();
    expect(await me(`${SESSION_COOKIE}=garbage`)).toBeNull();
    const user = await buildUser(t.db);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(user.token)));
    expect(await me(user.headers.cookie)).toBeNull();
  });

  it('logs out on the server: the old cookie is worth nothing afterwards, and the cookie is cleared', async () => {
    const user = await buildUser(t.db);
    expect(await me(user.headers.cookie)).toMatchObject({ id: user.id });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers });
    expect(res.statusCode).toBe(204);
    expect(cookieOf(res, SESSION_COOKIE)).toMatchObject({ value: '' });
    expect(await me(user.headers.cookie)).toBeNull();
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(user.token))),
    ).toEqual([]);
    // Logging out twice (or when logged out) is fine.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers })).statusCode).toBe(204);
  });

  it('refuses a logout from another origin', async () => {
    const user = await buildUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...user.headers, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(await me(user.headers.cookie)).toMatchObject({ id: user.id });
  });
});

describe('admin grants (POST /api/auth/admins, used by `npm run cli -- grant-admin`)', () => {
  it('grants a login that has not logged in yet; its first login claims the grant', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/admins', payload: { login: 'Demo_Viewer' } });
    expect(res.statusCode).toBe(200);
    // demo_viewer logged in above: the stored user is granted, nothing is pending.
    expect(res.json()).toEqual({ login: 'demo_viewer', admin: true, pending: false, configured: false });
    const session = cookieOf(await loginThroughSandbox(t, 'demo_viewer'), SESSION_COOKIE)!.value;
    expect(await me(`${SESSION_COOKIE}=${session}`)).toMatchObject({ login: 'demo_viewer', admin: true });

    const revoked = await t.app.inject({ method: 'POST', url: '/api/auth/admins', payload: { login: 'demo_viewer', revoke: true } });
    expect(revoked.json()).toMatchObject({ admin: false });
    // Taken away at once: nothing is cached across requests.
    expect(await me(`${SESSION_COOKIE}=${session}`)).toMatchObject({ admin: false });
  });

  it('keeps a grant for an account that has not logged in yet, by its Twitch id, until its first login', async () => {
    const twitch = t.state.addTwitchUser('future_mod');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/admins', payload: { login: 'future_mod' } });
    expect(res.json()).toEqual({ login: 'future_mod', admin: true, pending: true, configured: false });
    const [row] = await t.db.select().from(users).where(eq(users.login, 'future_mod'));
    expect(row).toMatchObject({ twitchId: twitch.id, admin: true, lastLoginAt: null });
    const session = cookieOf(await loginThroughSandbox(t, 'future_mod'), SESSION_COOKIE)!.value;
    expect(await me(`${SESSION_COOKIE}=${session}`)).toMatchObject({ id: row!.id, login: 'future_mod', admin: true });
  });

  it('answers 404 for a login that is no Twitch account, and grants nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/admins', payload: { login: 'nobody_here' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('There is no Twitch account "nobody_here"');
    expect(await t.db.select().from(users).where(eq(users.login, 'nobody_here'))).toEqual([]);
  });

  it('says a login in ADMIN_LOGINS stays an admin whatever the stored flag', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/admins', payload: { login: 'demo_admin', revoke: true } });
    expect(res.json()).toMatchObject({ admin: true, configured: true });
  });

  it('is refused to logged-out callers from elsewhere (401) and to members (403); admins may', async () => {
    t.state.addTwitchUser('x_y');
    const remote = await t.app.inject({ method: 'POST', url: '/api/auth/admins', payload: { login: 'x_y' }, remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(401);
    const member = await buildUser(t.db);
    const asMember = await t.app.inject({ method: 'POST', url: '/api/auth/admins', payload: { login: 'x_y' }, headers: member.headers });
    expect(asMember.statusCode).toBe(403);
    const admin = await buildUser(t.db, { admin: true });
    const asAdmin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admins',
      payload: { login: 'x_y' },
      headers: admin.headers,
      remoteAddress: '203.0.113.7',
    });
    expect(asAdmin.statusCode).toBe(200);
    const bad = await t.app.inject({ method: 'POST', url: '/api/auth/admins', payload: { login: 'not a login!' }, headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^login /);
  });
});

describe('production settings', () => {
  let prod: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    // A production app whose Twitch endpoints are the sandbox of the app above, with its callback registered there.
    t.state.twitchRedirectUris.push('https://almanac.example/api/auth/twitch/callback');
    prod = await createTestApp({
      ALMANAC_MODE: 'production',
      DATABASE_URL: 'postgres://unused/unused',
      PUBLIC_URL: 'https://almanac.example',
      AUTH_ENABLED: 'true',
      TWITCH_CLIENT_ID: 'demo',
      TWITCH_CLIENT_SECRET: 'demo',
      TWITCH_AUTH_BASE: `${t.origin}/sandbox/twitch/oauth2`,
      TWITCH_API_BASE: `${t.origin}/sandbox/twitch/helix`,
    });
  }, 180_000);

  it('sends the browser to id.twitch.tv with PUBLIC_URL’s callback, and marks cookies Secure', async () => {
    const start = await prod.app.inject({ url: '/api/auth/twitch/login', headers: { host: 'almanac.example' } });
    const authorize = new URL(start.headers.location as string);
    expect(authorize.searchParams.get('redirect_uri')).toBe('https://almanac.example/api/auth/twitch/callback');
    expect(cookieOf(start, 'almanac_oauth_state')!.secure).toBe(true);
    authorize.searchParams.set('login', 'demo_viewer');
    const picked = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(picked.headers.get('location')!);
    const res = await prod.app.inject({
      url: `${back.pathname}${back.search}`,
      headers: { host: 'almanac.example', cookie: `almanac_oauth_state=${cookieOf(start, 'almanac_oauth_state')!.value}` },
    });
    expect(res.headers.location).toBe('/?loginSuccess=true');
    expect(cookieOf(res, SESSION_COOKIE)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    // No ADMIN_LOGINS in production: nobody is an admin by default.
    const user = await prod.app.inject({
      url: '/api/auth/user',
      headers: { host: 'almanac.example', cookie: `${SESSION_COOKIE}=${cookieOf(res, SESSION_COOKIE)!.value}` },
    });
    expect(user.json()).toMatchObject({ login: 'demo_viewer', admin: false });
  });
});
