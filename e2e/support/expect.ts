import type { Page } from 'playwright-core';

/** How long a wait may take: generous, because a loaded CI machine can be slow to render. */
const WAIT_MS = 15_000;

/** Small waits on top of playwright-core (which has no `expect`): each fails with what it saw. */

export async function waitForTitle(page: Page, title: string): Promise<void> {
  try {
    await page.waitForFunction((expected) => document.title === expected, title, { timeout: WAIT_MS });
  } catch {
    throw new Error(`Expected the title "${title}", saw "${await page.title()}"`);
  }
}

/** Waits for a toast with this title and message (spec 8), and returns its element. */
export async function waitForToast(page: Page, title: string, message: string) {
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: title }).filter({ hasText: message });
  await toast.first().waitFor({ timeout: WAIT_MS });
  return toast.first();
}

/** The path and query of the current URL, e.g. "/latest?providers=youtube". */
export function pathAndQuery(page: Page): string {
  const url = new URL(page.url());
  return decodeURIComponent(`${url.pathname}${url.search}`);
}

export async function waitForPath(page: Page, expected: string | RegExp): Promise<void> {
  const matches = () => (typeof expected === 'string' ? pathAndQuery(page) === expected : expected.test(pathAndQuery(page)));
  const deadline = Date.now() + WAIT_MS;
  while (!matches()) {
    if (Date.now() > deadline) throw new Error(`Expected the URL ${expected}, saw ${pathAndQuery(page)}`);
    await page.waitForTimeout(50);
  }
}

/** Records the API calls a page makes (path and query), to check what a screen asked for. */
export function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(decodeURIComponent(`${url.pathname}${url.search}`));
  });
  return calls;
}

/** Waits until a recorded call matches, returning it. */
export async function waitForCall(page: Page, calls: string[], pattern: RegExp): Promise<string> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const found = calls.find((call) => pattern.test(call));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No API call matched ${pattern}; calls were:\n${calls.join('\n')}`);
    await page.waitForTimeout(50);
  }
}

/** Waits until exactly `count` item cards (or cards of another test id, e.g. `request-card`) are shown. */
export async function waitForCards(page: Page, count: number, scope = page.locator('body'), testId = 'item-card'): Promise<void> {
  const cards = scope.getByTestId(testId);
  const deadline = Date.now() + WAIT_MS;
  while ((await cards.count()) !== count) {
    if (Date.now() > deadline) throw new Error(`Expected ${count} cards, saw ${await cards.count()}`);
    await page.waitForTimeout(50);
  }
}
