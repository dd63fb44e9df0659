import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { expectNoPageErrors, navigate, screenshot, useBrowser } from './support/browser';
import { toasts, waitForCards, waitForToast } from './support/expect';
import { scrollToEnd } from './support/lists';

/**
 * Issue 24 item 3: the toasts (top right, spec 9) stay below the header, clear of its Login button,
 * and on a wide screen below the page's title row and its buttons; a failure repeated while its toast
 * is open is one toast; the stack takes clicks only on the toasts themselves.
 */

const SERVER_MESSAGE = 'Something went wrong on our side. Please try again.';
/** The page's own side margin at 375 px (AppLayout's Container): the toasts' too. */
const PHONE_MARGIN_PX = 12;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const fail = (route: Route) =>
  route.fulfill({
    status: 500,
    contentType: 'application/json',
    body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: SERVER_MESSAGE }),
  });

/** Every toast's box, top to bottom. */
async function toastBoxes(page: Page): Promise<Box[]> {
  const boxes = await page.locator('.mantine-Notification-root').evaluateAll((elements) =>
    elements.map((element) => {
      const { x, y, width, height } = element.getBoundingClientRect();
      return { x, y, width, height };
    }),
  );
  return boxes.sort((a, b) => a.y - b.y);
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box`);
  return box;
}

describe('toasts (issue 24 item 3)', () => {
  const browser = useBrowser();

  for (const width of [1280, 375]) {
    it(`stack below the header at ${width} px, clear of Login and the page's buttons, one toast per failure`, async () => {
      // The phone in the dark scheme: axe checks the toasts' text in both.
      const page = await browser.newPage({ width, colorScheme: width === 375 ? 'dark' : 'light' });
      // Every read of the song lists fails: home's top and latest songs, then /latest's.
      const latestCalls: string[] = [];
      await page.route('**/api/media/**', (route) => {
        if (new URL(route.request().url()).pathname === '/api/media/latest') latestCalls.push(route.request().url());
        return fail(route);
      });
      await page.goto('/');
      await waitForToast(page, 'Unable to retrieve top songs', SERVER_MESSAGE);
      await waitForToast(page, 'Unable to retrieve latest songs', SERVER_MESSAGE);

      // The same failure again while its toast is open (/latest asks for its own page of latest songs).
      await navigate(page, '/latest');
      await page.getByRole('heading', { level: 1, name: 'Latest Songs' }).waitFor();
      await page.getByText('An error occurred when loading media').waitFor();
      expect(latestCalls.length).toBeGreaterThanOrEqual(2);
      expect(await toasts(page, 'Unable to retrieve latest songs').count()).toBe(1);
      expect(await toasts(page, 'Unable to retrieve top songs').count()).toBe(1);

      const banner = page.getByRole('banner');
      const header = await boxOf(banner);
      const login = await boxOf(banner.getByRole('link', { name: 'Login' }));
      const heading = await boxOf(page.getByRole('heading', { level: 1 }));
      const filter = await boxOf(page.getByRole('main').getByRole('button', { name: 'Filter' }));
      const boxes = await toastBoxes(page);
      expect(boxes.length).toBeGreaterThanOrEqual(2);
      for (const box of boxes) {
        expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
        expect(overlaps(box, login)).toBe(false);
        // At the right, within the screen.
        expect(box.x + box.width).toBeGreaterThan(width - 20);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        if (width === 375) {
          // A phone: the width under the header, with the page's margins.
          expect(Math.round(box.width)).toBe(width - 2 * PHONE_MARGIN_PX);
        } else {
          // A column at the right, under the title row: its heading and its Filter button stay in sight.
          expect(box.width).toBeLessThanOrEqual(320);
          expect(box.y).toBeGreaterThanOrEqual(Math.max(heading.y + heading.height, filter.y + filter.height));
          expect(overlaps(box, filter)).toBe(false);
        }
      }

      // Between two toasts the page takes the click, not the stack's box.
      const [upper, lower] = boxes as [Box, Box];
      const gap = { x: upper.x + upper.width / 2, y: (upper.y + upper.height + lower.y) / 2 };
      expect(lower.y).toBeGreaterThan(upper.y + upper.height);
      const underGap = await page.evaluate(({ x, y }) => {
        const element = document.elementFromPoint(x, y);
        return { inStack: Boolean(element?.closest('.mantine-Notifications-root')), inMain: Boolean(element?.closest('main')) };
      }, gap);
      expect(underGap).toEqual({ inStack: false, inMain: true });

      await screenshot(page, `toasts-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      expectNoPageErrors(page);
    });
  }

  it('rises to the header once the title row is scrolled away, and goes back under it at the top', async () => {
    const page = await browser.newPage();
    // The list's second page fails: its toast comes once the visitor has scrolled down.
    await page.route('**/api/media/latest?*page=2*', fail);
    await page.goto('/latest');
    await waitForCards(page, 21);
    await scrollToEnd(page);
    const toast = await waitForToast(page, 'Unable to retrieve latest songs', SERVER_MESSAGE);
    const header = await boxOf(page.getByRole('banner'));
    const headerBottom = header.y + header.height;
    // Scrolled: just under the header (its 10 px gap), not where the title row was.
    await expect.poll(async () => (await boxOf(toast)).y, { timeout: 15_000 }).toBeLessThan(headerBottom + 20);
    expect((await boxOf(toast)).y).toBeGreaterThanOrEqual(headerBottom);

    await page.evaluate(() => window.scrollTo(0, 0));
    const heading = await boxOf(page.getByRole('heading', { level: 1 }));
    await expect.poll(async () => (await boxOf(toast)).y, { timeout: 15_000 }).toBeGreaterThanOrEqual(heading.y + heading.height);
  });
});
