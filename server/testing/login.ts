import { expect } from 'vitest';
import type { SandboxedApp } from '../sandbox/testing';

/** PUBLIC_URL's host in the test config; the browser would be on this host. */
export const LOGIN_HOST = 'localhost:3000';

type Injected = Awaited<ReturnType<SandboxedApp['app']['inject']>>;
export const cookieOf = (res: Injected, name: string) => res.cookies.find((c) => c.name === name);

/**
 * Logs in for real as a browser would: /api/auth/twitch/login, the sandbox's authorize page with
 * `login=<name>`, then the callback. Answers the callback's answer.
 */
export async function loginThroughSandbox(app: SandboxedApp, name: string, options: { cookie?: string; tamperState?: boolean } = {}) {
  const start = await app.app.inject({ url: '/api/auth/twitch/login', headers: { host: LOGIN_HOST } });
  expect(start.statusCode).toBe(302);
  const state = cookieOf(start, 'almanac_oauth_state')!;
  const authorize = new URL(start.headers.location as string);
  authorize.searchParams.set('login', name);
  if (options.tamperState) authorize.searchParams.set('state', 'not-the-state-this-browser-got');
  // The authorize page is the sandbox's, on this server; the test reaches it over real HTTP.
  const picked = await fetch(`${app.origin}${authorize.pathname}${authorize.search}`, { redirect: 'manual' });
  expect(picked.status).toBe(302);
  const back = new URL(picked.headers.get('location')!);
  const cookies = [`almanac_oauth_state=${state.value}`, options.cookie].filter(Boolean).join('; ');
  return app.app.inject({ url: `${back.pathname}${back.search}`, headers: { host: LOGIN_HOST, cookie: cookies } });
}
