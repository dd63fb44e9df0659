import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoPageErrors, useBrowser } from './support/browser';
import { waitForPath, waitForTitle } from './support/expect';

/** Issue 24 item 4: Back and Forward return to the place in a long list; a new navigation starts at the top. */

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
const cardCount = (page: Page) => page.getByTestId('item-card').count();

/** Scrolls down step by step until at least `count` cards have loaded (the infinite list pages on). */
async function scrollUntilCards(page: Page, count: number): Promise<void> {
  await page.mouse.move(200, 400);
  await expect
    .poll(
      async () => {
        await page.mouse.wheel(0, 1500);
        return cardCount(page);
      },
      { timeout: 20_000, interval: 300 },
    )
    .toBeGreaterThanOrEqual(count);
}

describe('back and forward in long lists', () => {
  const browser = useBrowser();

  it('returns to the same scroll position and cards on Back and Forward; the nav link starts at the top', async () => {
    const page = await browser.open('/latest');
    await waitForTitle(page, 'Latest Songs | Almanac');
    await page.getByTestId('item-card').first().waitFor();
    // Page size 21 at 1280 px: three pages loaded and more.
    await scrollUntilCards(page, 50);
    await page.mouse.wheel(0, -900);
    await expect.poll(() => page.evaluate(() => document.querySelectorAll('[aria-busy="true"]').length)).toBe(0);
    const cards = await cardCount(page);
    const position = await scrollY(page);
    expect(position).toBeGreaterThan(3000);

    // Open a card that is in view.
    const inView = await page.getByTestId('item-card').evaluateAll((cards) =>
      cards.findIndex((card) => {
        const rect = card.getBoundingClientRect();
        return rect.top > 80 && rect.bottom < innerHeight;
      }),
    );
    expect(inView).toBeGreaterThan(20);
    await page.getByTestId('item-card').nth(inView).getByRole('link').first().click();
    await waitForPath(page, /^\/media\/\d+$/);
    expect(await scrollY(page)).toBe(0);

    await page.goBack();
    await waitForPath(page, '/latest?providers=youtube');
    expect(await cardCount(page)).toBe(cards);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(position - 5);
    expect(Math.abs((await scrollY(page)) - position)).toBeLessThanOrEqual(5);

    await page.goForward();
    await waitForPath(page, /^\/media\/\d+$/);
    await expect.poll(() => scrollY(page)).toBe(0);
    await page.goBack();
    await waitForPath(page, '/latest?providers=youtube');
    await expect.poll(async () => Math.abs((await scrollY(page)) - position)).toBeLessThanOrEqual(5);
    expect(await cardCount(page)).toBe(cards);

    // A new navigation to the list (the menu, from the song's page) starts at the top, with its first page only.
    await page.goForward();
    await waitForPath(page, /^\/media\/\d+$/);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Songs' }).click();
    await page.getByRole('menuitem', { name: 'Latest' }).click();
    await waitForPath(page, '/latest?providers=youtube');
    await expect.poll(() => cardCount(page)).toBe(21);
    expect(await scrollY(page)).toBe(0);
    expectNoPageErrors(page);
  });
});
