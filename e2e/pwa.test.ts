import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoPageErrors, navigate, screenshot, useBrowser } from './support/browser';
import { waitForCards, waitForTitle } from './support/expect';

/**
 * The installable app (issue 25): the manifest Chromium reads, the service worker (web/sw.ts) taking
 * over, what it keeps (the shell and the scripts, never an API answer), the offline shell with "You
 * are offline", and page loads that go to the network while it is there (no stale shell).
 */

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** The worker registers after start-up and takes over the open page (clientsClaim). */
async function controlledPage(open: () => Promise<Page>): Promise<Page> {
  const page = await open();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  return page;
}

/**
 * Waits until the page's worker has finished activating. With clientsClaim the page is controlled
 * while the worker is still 'activating', and `ready` resolves then too, so neither says it is done.
 */
async function activated(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => {
      const worker = (await navigator.serviceWorker.ready).active;
      return worker?.state === 'activated';
    },
    undefined,
    { timeout: 30_000 },
  );
}

/** Every URL in the page's Cache Storage, as paths (query strings kept: Workbox's revision). */
function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        paths.push(url.origin === location.origin ? url.pathname + url.search : url.href);
      }
    }
    return paths;
  });
}

/** The page's item cards once the first has come: how many. */
async function cardsShown(page: Page): Promise<number> {
  await page.getByTestId('item-card').first().waitFor();
  return page.getByTestId('item-card').count();
}

/** The og:url of the page's share card: which page the server wrote the HTML for (server/site/share.ts). */
const pageUrlOfCard = (page: Page) => page.locator('meta[property="og:url"]').getAttribute('content');

/** Width and height from a PNG's IHDR chunk. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

describe('the installable app', () => {
  const browser = useBrowser();

  it('links a manifest Chromium accepts: names, the pink theme colour, icons at 192 and 512 and a maskable one', async () => {
    const page = await browser.open('/');
    await waitForTitle(page, 'Home | Almanac');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');

    const answer = await page.request.get(href!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await answer.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
    const themeColour = await page.locator('meta[name="theme-color"]').getAttribute('content');
    expect(manifest).toMatchObject({
      name: 'Almanac',
      short_name: 'Almanac',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: themeColour,
    });
    expect(themeColour).toBe('#e64980');

    const icons = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
    expect(icons).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(await image.body()), icon.src).toEqual({ width, height });
    }

    // Chromium's own reading of the manifest: no errors, nothing keeping the site from being installed.
    const cdp = await page.context().newCDPSession(page);
    const read = (await cdp.send('Page.getAppManifest')) as { errors: { message: string }[]; url: string };
    expect(read.errors).toEqual([]);
    expect(read.url).toMatch(/\/manifest\.webmanifest$/);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    // An incognito context (every test's own) is the only objection Chromium may have.
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  });

  it('installs a service worker that keeps the shell and the scripts, never an API answer', async () => {
    const page = await controlledPage(() => browser.open('/', { serviceWorkers: 'allow' }));
    await activated(page);

    // Pages that read the API, through the worker.
    await cardsShown(page);
    await navigate(page, '/latest');
    await waitForTitle(page, 'Latest Songs | Almanac');
    await cardsShown(page);
    await page.reload();
    await cardsShown(page);

    const cached = await cachedPaths(page);
    expect(cached.some((url) => url.startsWith('/index.html'))).toBe(true);
    expect(cached.filter((url) => /^\/assets\/index-[\w-]+\.js/.test(url))).toHaveLength(1);
    expect(cached.some((url) => url.startsWith('/manifest.webmanifest'))).toBe(true);
    // Only the precache: the shell, hashed assets, the logo, icons and the manifest. No /api, /images, /sandbox, sockets.
    expect(cached.filter((url) => !/^\/(index\.html|assets\/|icons\/|favicon\.svg|manifest\.webmanifest)/.test(url))).toEqual([]);
    expectNoPageErrors(page);
  });

  it('loads pages from the network while it is there: never a stale shell, the precached one only offline', async () => {
    const page = await controlledPage(() => browser.open('/latest', { serviceWorkers: 'allow' }));
    const answer = await page.reload();
    await page.locator('header').first().waitFor();
    // Through the worker, yet the server's answer for this page (its share card), not the precached shell (the home page's).
    expect(answer?.fromServiceWorker()).toBe(true);
    expect(await pageUrlOfCard(page)).toMatch(/\/latest$/);
  });

  for (const width of [375, 1280]) {
    it(`offline at ${width} px: visited pages from memory, then the shell from the worker, saying "You are offline"`, async () => {
      const page = await controlledPage(() => browser.open('/', { width, serviceWorkers: 'allow' }));
      const homeCards = await cardsShown(page);
      await navigate(page, '/latest');
      await cardsShown(page);
      const notice = page.getByRole('status').filter({ hasText: 'You are offline' });

      await page.context().setOffline(true);
      await notice.waitFor();
      // Back to a visited page: its lists come from the query cache.
      await page.goBack();
      await waitForTitle(page, 'Home | Almanac');
      await waitForCards(page, homeCards);
      await screenshot(page, `pwa-offline-home-${width}`);

      // A reload with the network cut: the worker answers with the precached shell (the home page's HTML), and the app shows the page.
      await page.goForward();
      await waitForTitle(page, 'Latest Songs | Almanac');
      await page.reload();
      await waitForTitle(page, 'Latest Songs | Almanac');
      expect(await pageUrlOfCard(page)).toMatch(/\/$/);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await notice.waitFor({ timeout: 30_000 });
      // The notice says it once: no toast per read that failed meanwhile.
      expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
      await screenshot(page, `pwa-offline-reload-${width}`);

      await page.context().setOffline(false);
      await notice.waitFor({ state: 'detached' });
      expectNoPageErrors(page);
    });
  }
});
