import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, SHORT_PAGE_SIZE } from '../common/constants';
import { HOME_READS, LATEST_SONGS_READ } from '../common/first-reads';
import { expectNoPageErrors, screenshot, useBrowser } from './support/browser';
import { gate, recordApiCalls, waitForCall, waitForCards } from './support/expect';

/**
 * Issue 23: home's and /latest's HTML carry their first screen's API answers (server/site/page-answers.ts),
 * so their first cards render with the script, before the API has answered. Here the API is held
 * until the cards are on the page; the app's own reads then answer behind them.
 */

/** Holds every API call of the page matching one of `paths` until `release` opens. */
async function holdApi(page: Page, paths: string[]) {
  const release = gate();
  const held: string[] = [];
  await page.route(
    (url) => url.pathname.startsWith('/api/') && paths.includes(url.pathname),
    async (route) => {
      held.push(route.request().url());
      await release.opened;
      await route.continue();
    },
  );
  return { held, release: release.open };
}

const pathOf = (url: string) => url.split('?')[0]!;
const namesOf = async (url: string, page: Page) =>
  ((await (await page.request.get(url)).json()) as { content: { name: string }[] }).content.map((item) => item.name);

describe('the first screen from the HTML', () => {
  const browser = useBrowser();

  for (const width of [375, 1280]) {
    it(`renders home's first cards and last stream before the API answers, at ${width} px`, async () => {
      const page = await browser.newPage({ width });
      const calls = recordApiCalls(page);
      const api = await holdApi(page, Object.values(HOME_READS).map(pathOf));
      await page.goto('/', { waitUntil: 'domcontentloaded' });

      const size = width < SHORT_PAGE_SIZE.breakpoint ? SHORT_PAGE_SIZE.narrow : SHORT_PAGE_SIZE.wide;
      const top = page.getByRole('region', { name: 'Top Songs This Month' });
      await waitForCards(page, size, top);
      await waitForCards(page, size, page.getByRole('region', { name: 'Latest Songs' }));
      const last = page.getByRole('region', { name: 'Last stream' });
      await last.getByRole('button', { name: /^Play .+ on (YouTube|Twitch)$/ }).waitFor();
      // The app asked for them on mount, at its own page size; none has been answered yet.
      await waitForCall(page, calls, new RegExp(`^/api/media/top\\?period=month&page=1&size=${size}$`));
      expect(api.held.length).toBeGreaterThan(0);
      const expected = (await namesOf(HOME_READS.topSongs, page)).slice(0, size);
      expect(await top.getByTestId('item-card').getByRole('heading').allTextContents()).toEqual(expected);
      await screenshot(page, `first-html-home-${width}`);

      api.release();
      await page.waitForResponse((response) => response.url().includes(`/api/media/top?period=month&page=1&size=${size}`));
      await waitForCards(page, size, top);
      expectNoPageErrors(page);
    });

    it(`renders /latest's first cards before the API answers, with their first row preloaded, at ${width} px`, async () => {
      const page = await browser.newPage({ width });
      const api = await holdApi(page, [pathOf(LATEST_SONGS_READ)]);
      await page.goto('/latest', { waitUntil: 'domcontentloaded' });

      const size = width < PAGE_SIZE.breakpoint ? PAGE_SIZE.narrow : PAGE_SIZE.wide;
      await waitForCards(page, size);
      await expect.poll(() => api.held.length).toBeGreaterThan(0);
      const names = await page.getByTestId('item-card').getByRole('heading').allTextContents();
      expect(names).toEqual((await namesOf(LATEST_SONGS_READ, page)).slice(0, size));
      // The first row's thumbnails (one card at 375 px, four at 1280) came from the HTML's preloads.
      const preloaded = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'link' && entry.name.includes('/images/thumbnails/'))
          .map((entry) => new URL(entry.name).pathname),
      );
      expect(preloaded).toHaveLength(width < 576 ? 1 : 4);
      await screenshot(page, `first-html-latest-${width}`);

      api.release();
      await page.waitForResponse((response) => response.url().includes(`/api/media/latest?providers=youtube&page=1&size=${size}`));
      await waitForCards(page, size);
      expectNoPageErrors(page);
    });
  }
});
