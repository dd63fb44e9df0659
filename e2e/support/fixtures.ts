import type { Page } from 'playwright-core';

/**
 * Logged-in visitors, for real: the server's login start (which sets the `state` cookie), the
 * sandbox's Twitch authorize page with `login=<account>` (it picks the demo account without a
 * click), the callback (session cookie), and home with ?loginSuccess=true. The page ends on home.
 */

/** The demo's Twitch accounts: a viewer, an admin, and the streamer (TWITCH_CHANNEL's default; a third listener, issue 25). */
export type DemoLogin = 'demo_viewer' | 'demo_admin' | 'nova_almanac_demo';

export interface DemoAccount {
  login: DemoLogin;
  displayName: string;
  admin: boolean;
}

export const DEMO_ADMIN: DemoAccount = { login: 'demo_admin', displayName: 'demo_admin', admin: true };
export const DEMO_VIEWER: DemoAccount = { login: 'demo_viewer', displayName: 'demo_viewer', admin: false };
export const DEMO_STREAMER_LOGIN: DemoLogin = 'nova_almanac_demo';

export async function loginAs(page: Page, account: DemoAccount | DemoLogin): Promise<void> {
  const login = typeof account === 'string' ? account : account.login;
  // page.request shares the page's cookies: the state cookie lands where the callback needs it.
  const start = await page.request.get('/api/auth/twitch/login', { maxRedirects: 0 });
  const location = start.headers().location;
  if (start.status() !== 302 || !location) throw new Error(`The login start answered ${start.status()}: ${await start.text()}`);
  const authorize = new URL(location);
  authorize.searchParams.set('login', login);
  // The response of the last redirect: the app may already have tidied the address bar.
  const landed = new URL((await page.goto(authorize.toString()))?.url() ?? page.url());
  if (landed.pathname !== '/' || landed.searchParams.get('loginSuccess') !== 'true') {
    throw new Error(`Logging in as ${login} ended on ${landed} instead of /?loginSuccess=true`);
  }
  await page.locator('header').first().waitFor();
}
