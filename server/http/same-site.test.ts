import { request as httpRequest } from 'node:http';
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { errorSchema } from '../../common/api';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { users } from '../db/schema';
import { createSandboxedApp } from '../sandbox/testing';
import { createTestApp } from '../testing/app';
import { sameSite } from './same-site';
import type { App } from './types';

/**
 * DNS rebinding (issue 9, defect 3): a page on evil.example whose name is re-pointed at 127.0.0.1
 * sends same-origin requests with `Host` and `Origin` of evil.example over a loopback socket. It
 * must get nothing: no write, no machine access, no sandbox control.
 */

const t = await createSandboxedApp();
const port = Number(new URL(t.origin).port);

/** A request over a real loopback socket with any Host (fetch does not let a caller set Host). */
function send(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  return new Promise<{ status: number; json: unknown }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const rebound = { host: `evil.example:${port}`, origin: `http://evil.example:${port}` };

describe('a DNS-rebinding page on this machine', () => {
  it('cannot grant admin through machine access', async () => {
    const res = await send('POST', '/api/auth/admins', rebound, { login: 'mallory' });
    expect(res.status).toBe(403);
    expect(errorSchema.parse(res.json)).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    expect(await t.db.select().from(users).where(eq(users.login, 'mallory'))).toEqual([]);
  });

  it('cannot drive the sandbox control or start a sync', async () => {
    expect((await send('POST', '/sandbox/control/live', rebound, {})).status).toBe(403);
    expect(t.state.live).toBeNull();
    expect((await send('POST', '/api/sync', rebound, {})).status).toBe(403);
  });

  it('cannot even read: a Host that is not this site is refused', async () => {
    expect((await send('GET', '/api/health', { host: `evil.example:${port}` })).status).toBe(403);
    expect((await send('GET', '/sandbox/twitch/helix/users?login=demo_admin', { host: 'evil.example' })).status).toBe(403);
  });

  it('leaves the command line on this machine its access (Host 127.0.0.1 or localhost)', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const res = await send('POST', '/sandbox/control/live', { host }, {});
      expect(res.status, host).toBe(200);
      t.state.goOffline();
    }
  });
});

const app = await createTestApp();

/** Another app with other settings on the same database (no second migration run). */
async function appWith(env: Record<string, string>) {
  const built = await buildApp({
    config: loadConfig({ DATA_DIR: '/tmp/almanac-test-unused', ...env }),
    database: app.database,
    serveWeb: false,
  });
  onTestFinished(() => built.app.close());
  return built.app;
}

describe('the write check compares Origin with PUBLIC_URL, not with Host', () => {
  const post = (headers: Record<string, string>) => app.app.inject({ method: 'POST', url: '/api/anything', headers, payload: {} });

  it('refuses an Origin that merely matches the Host it was sent to', async () => {
    expect((await post({ host: 'almanac.example', origin: 'https://almanac.example' })).statusCode).toBe(403);
  });

  it('takes PUBLIC_URL and, in demo mode, its loopback names on the same port as this site', async () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      expect((await post({ origin, host: new URL(origin).host })).statusCode, origin).toBe(404);
    }
    for (const origin of ['http://127.0.0.1:3001', 'https://localhost:3000', 'http://localhost']) {
      expect((await post({ origin })).statusCode, origin).toBe(403);
    }
  });
});

describe('sameSite', () => {
  const production = loadConfig({
    ALMANAC_MODE: 'production',
    DATABASE_URL: 'postgres://db.example/almanac',
    PUBLIC_URL: 'https://almanac.example',
    TWITCH_CLIENT_ID: 'id',
    TWITCH_CLIENT_SECRET: 'secret',
  });

  it('in production is PUBLIC_URL alone; IP literals still reach it (this machine, probes)', () => {
    const site = sameSite(production);
    expect(site.origins).toEqual(['https://almanac.example']);
    expect(site.isOwnOrigin('https://almanac.example')).toBe(true);
    expect(site.isOwnOrigin('http://localhost:3000')).toBe(false);
    expect(site.isOwnOrigin('null')).toBe(false);
    expect(site.isAllowedHost('almanac.example')).toBe(true);
    expect(site.isAllowedHost('ALMANAC.example:443')).toBe(true);
    expect(site.isAllowedHost('127.0.0.1:3000')).toBe(true);
    expect(site.isAllowedHost('[::1]:3000')).toBe(true);
    expect(site.isAllowedHost('localhost:3000')).toBe(false);
    expect(site.isAllowedHost('evil.example')).toBe(false);
    expect(site.isAllowedHost('evil.example@almanac.example')).toBe(false);
    expect(site.isAllowedHost('almanac.example/x')).toBe(false);
    expect(site.urlsOf('/cb')).toEqual(['https://almanac.example/cb']);
  });

  it('in demo mode adds the loopback names on PUBLIC_URL’s port', () => {
    const site = sameSite(loadConfig({ PORT: '4100' }));
    expect(site.origins).toEqual(['http://localhost:4100', 'http://127.0.0.1:4100', 'http://[::1]:4100']);
    expect(site.isAllowedHost('localhost')).toBe(true);
  });
});

describe('X-Forwarded-Host', () => {
  it('is ignored without a trusted proxy, and checked like Host behind one', async () => {
    const direct = app.app;
    const proxied = await appWith({ TRUST_PROXY: '1' });
    const get = (target: App, forwarded: string) =>
      target.inject({ url: '/api/health', headers: { host: 'localhost:3000', 'x-forwarded-host': forwarded } });
    expect((await get(direct, 'evil.example')).statusCode).toBe(200);
    expect((await get(proxied, 'evil.example')).statusCode).toBe(403);
    expect((await get(proxied, 'localhost:3000')).statusCode).toBe(200);
  });

  it('never makes a rebinding page "this machine", even behind a trusted proxy', async () => {
    const proxied = await appWith({ TRUST_PROXY: '1' });
    const ask = (headers: Record<string, string>) => proxied.inject({ url: '/api/sync', remoteAddress: '127.0.0.1', headers });
    // The command line on this machine: machine access.
    expect((await ask({ host: 'localhost:3000' })).statusCode).toBe(200);
    // A page at evil.example re-pointed to 127.0.0.1 that claims the site's name in X-Forwarded-Host.
    expect((await ask({ host: 'evil.example:3000', 'x-forwarded-host': 'localhost:3000' })).statusCode).toBe(401);
    expect((await ask({ host: 'localhost:3000', 'x-forwarded-proto': 'http' })).statusCode).toBe(401);
  });
});

describe('Strict-Transport-Security', () => {
  it('is not sent by a plain-http site', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when PUBLIC_URL is https', async () => {
    const https = await appWith({ PUBLIC_URL: 'https://almanac.example' });
    const res = await https.inject({ url: '/api/health', headers: { host: 'almanac.example' } });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
