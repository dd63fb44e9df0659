import type { Page } from 'playwright-core';

/** Small waits on top of playwright-core (which has no `expect`): each fails with what it saw. */

export async function waitForTitle(page: Page, title: string): Promise<void> {
  try {
    await page.waitForFunction((expected) => document.title === expected, title, { timeout: 10_000 });
  } catch {
    throw new Error(`Expected the title "${title}", saw "${await page.title()}"`);
  }
}

/** Waits for a toast with this title and message (spec 8), and returns its element. */
export async function waitForToast(page: Page, title: string, message: string) {
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: title }).filter({ hasText: message });
  await toast.first().waitFor({ timeout: 10_000 });
  return toast.first();
}

/** The path and query of the current URL, e.g. "/latest?providers=youtube". */
export function pathAndQuery(page: Page): string {
  const url = new URL(page.url());
  return decodeURIComponent(`${url.pathname}${url.search}`);
}

export async function waitForPath(page: Page, expected: string | RegExp): Promise<void> {
  const matches = () => (typeof expected === 'string' ? pathAndQuery(page) === expected : expected.test(pathAndQuery(page)));
  const deadline = Date.now() + 10_000;
  while (!matches()) {
    if (Date.now() > deadline) throw new Error(`Expected the URL ${expected}, saw ${pathAndQuery(page)}`);
    await page.waitForTimeout(50);
  }
}
