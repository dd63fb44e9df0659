import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { expectNoPageErrors, useBrowser } from './support/browser';

/**
 * Issue 24 item 5: three tabs on /radio showed 1 / 2 / 2 for seconds, until the next poll. A new
 * listener is now counted on every open page by the count's socket (/api/ws/radio/listeners). The
 * poll (GET /api/radio/listeners) is held unanswered here, so only the push can bring the pages
 * their count; the wait is generous (how fast it is belongs to bench/ws.ts).
 */

/** /radio with its listener poll held unanswered, once its socket says Connected. */
async function openRadio(browser: ReturnType<typeof useBrowser>): Promise<Page> {
  const page = await browser.newPage();
  await page.route('**/api/radio/listeners', () => {});
  await page.goto('/radio');
  await page
    .getByRole('status')
    .filter({ hasText: /^Connected$/ })
    .waitFor({ timeout: 30_000 });
  return page;
}

describe('the radio listener count', () => {
  const browser = useBrowser();

  it('reaches every open /radio page as tabs open, without a reload', async () => {
    const pages: Page[] = [];
    for (let i = 0; i < 3; i++) pages.push(await openRadio(browser));
    for (const page of pages) await page.getByText('3 listening now', { exact: true }).waitFor({ timeout: 30_000 });
    // One leaves: the others follow it down.
    await pages.pop()!.close();
    for (const page of pages) await page.getByText('2 listening now', { exact: true }).waitFor({ timeout: 30_000 });
    for (const page of pages) expectNoPageErrors(page);
  });
});
