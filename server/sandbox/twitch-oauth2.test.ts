import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxedApp } from './testing';

const t = await createSandboxedApp();
const callback = 'http://localhost:3000/api/auth/twitch/callback';

afterEach(() => t.state.reset());

const authorizeUrl = (extra: Record<string, string> = {}) => {
  const url = new URL(`${t.origin}/sandbox/twitch/oauth2/authorize`);
  const params = { client_id: 'demo', redirect_uri: callback, response_type: 'code', scope: 'user:read:email', state: 'xyz', ...extra };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url;
};

async function token(form: Record<string, string>) {
  const res = await fetch(`${t.origin}/sandbox/twitch/oauth2/token`, { method: 'POST', body: new URLSearchParams(form) });
  return { status: res.status, body: await res.json() };
}

describe('Twitch OAuth sandbox', () => {
  it('shows an authorize page offering the demo viewer and admin', async () => {
    const res = await fetch(authorizeUrl());
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Log in with Twitch');
    expect(html).toContain('demo_viewer');
    expect(html).toContain('demo_admin');
    expect(html).toMatch(/href="\/sandbox\/twitch\/oauth2\/authorize\?[^"]*login=demo_admin/);
  });

  it('runs the authorization-code flow: login= picks an account, the code buys a user token', async () => {
    const res = await fetch(authorizeUrl({ login: 'demo_admin' }), { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(callback);
    expect(back.searchParams.get('state')).toBe('xyz');
    const code = back.searchParams.get('code')!;

    const exchanged = await token({
      client_id: 'demo',
      client_secret: 'demo',
      code,
      grant_type: 'authorization_code',
      redirect_uri: callback,
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body).toMatchObject({ token_type: 'bearer', scope: ['user:read:email'] });
    const { access_token, refresh_token } = exchanged.body as { access_token: string; refresh_token: string };

    // A code is good once.
    expect(
      (await token({ client_id: 'demo', client_secret: 'demo', code, grant_type: 'authorization_code', redirect_uri: callback })).status,
    ).toBe(400);

    const validated = await fetch(`${t.origin}/sandbox/twitch/oauth2/validate`, { headers: { authorization: `OAuth ${access_token}` } });
    expect(await validated.json()).toMatchObject({
      client_id: 'demo',
      login: 'demo_admin',
      user_id: '938000102',
      scopes: ['user:read:email'],
    });

    const me = await fetch(`${t.origin}/sandbox/twitch/helix/users`, {
      headers: { authorization: `Bearer ${access_token}`, 'client-id': 'demo' },
    });
    expect((await me.json()).data).toEqual([
      expect.objectContaining({ id: '938000102', login: 'demo_admin', display_name: 'demo_admin', email: 'admin@example.com' }),
    ]);

    const refreshed = await token({ client_id: 'demo', client_secret: 'demo', grant_type: 'refresh_token', refresh_token });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.access_token).not.toBe(access_token);

    const revoke = await fetch(`${t.origin}/sandbox/twitch/oauth2/revoke`, {
      method: 'POST',
      body: new URLSearchParams({ client_id: 'demo', token: refreshed.body.access_token }),
    });
    expect(revoke.status).toBe(200);
    const after = await fetch(`${t.origin}/sandbox/twitch/oauth2/validate`, {
      headers: { authorization: `OAuth ${refreshed.body.access_token}` },
    });
    expect(after.status).toBe(401);
  });

  it('sends the visitor back with access_denied on cancel, and refuses bad clients', async () => {
    const cancelled = await fetch(authorizeUrl({ cancel: '1' }), { redirect: 'manual' });
    const back = new URL(cancelled.headers.get('location')!);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('xyz');
    expect((await fetch(authorizeUrl({ client_id: 'other' }))).status).toBe(400);
    expect(await token({ client_id: 'demo', client_secret: 'wrong', grant_type: 'client_credentials' })).toEqual({
      status: 403,
      body: { status: 403, message: 'invalid client secret' },
    });
  });

  it("sends a code only to this site's login callback, as Twitch does for a registered app", async () => {
    for (const redirect of [
      'https://evil.example/api/auth/twitch/callback',
      'http://localhost:3000/api/auth/twitch/callback/../../../steal',
      'http://localhost:3001/api/auth/twitch/callback',
      'http://localhost:3000/',
    ]) {
      // As Twitch does: back to the first registered URI with the error, never to the URI asked for, and no code.
      const res = await fetch(authorizeUrl({ redirect_uri: redirect, login: 'demo_admin' }), { redirect: 'manual' });
      expect(res.status, redirect).toBe(302);
      const back = new URL(res.headers.get('location')!);
      expect(`${back.origin}${back.pathname}`).toBe(callback);
      expect(Object.fromEntries(back.searchParams)).toEqual({
        error: 'redirect_mismatch',
        error_description: 'Parameter redirect_uri does not match registered URI',
      });
    }
    // In demo mode the same callback under a loopback name is this site too.
    const loopback = 'http://127.0.0.1:3000/api/auth/twitch/callback';
    const res = await fetch(authorizeUrl({ redirect_uri: loopback, login: 'demo_admin' }), { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/auth\/twitch\/callback\?code=/);
  });
});
