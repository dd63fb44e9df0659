import type { Locator, Page } from 'playwright-core';
import { expect, vi } from 'vitest';

/** How long a wait may take: generous, because a loaded CI machine can be slow to render. */
const WAIT_MS = 15_000;

/**
 * Waits on top of playwright-core (which has no `expect`): Playwright's own waits for the page, Vitest's
 * `expect.poll` and `vi.waitFor` for what the test reads from outside it. Each fails with what it saw.
 */

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
  const path = expect.poll(() => pathAndQuery(page), { timeout: WAIT_MS, message: `Expected the URL ${expected}` });
  await (typeof expected === 'string' ? path.toBe(expected) : path.toMatch(expected));
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

/** Waits until a recorded call matches, returning it (`page` only keeps the waits' common signature). */
export function waitForCall(_page: Page, calls: string[], pattern: RegExp): Promise<string> {
  return vi.waitFor(
    () => {
      const found = calls.find((call) => pattern.test(call));
      if (!found) throw new Error(`No API call matched ${pattern}; calls were:\n${calls.join('\n')}`);
      return found;
    },
    { timeout: WAIT_MS, interval: 50 },
  );
}

/** Waits until exactly `count` item cards (or cards of another test id, e.g. `request-card`) are shown. */
export async function waitForCards(page: Page, count: number, scope = page.locator('body'), testId = 'item-card'): Promise<void> {
  await expect
    .poll(() => scope.getByTestId(testId).count(), { timeout: WAIT_MS, message: `Expected ${count} cards (${testId})` })
    .toBe(count);
}

/** The toasts (spec 8) whose title or message has this text, to count them. */
export const toasts = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

/** A promise and the function that settles it: lets a routed call wait for a step of the test. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/**
 * Pauses the page's installed clock (page.clock.install) a moment from now. Reading the page's time and
 * pausing are two round trips, which a loaded machine stretches past any fixed margin (Playwright then
 * refuses to "fast-forward to the past"): a moment already gone is read again with a wider margin.
 */
export async function pauseClockSoon(page: Page): Promise<void> {
  for (let marginMs = 100; ; marginMs *= 2) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + marginMs);
      return;
    } catch (error) {
      if (marginMs >= 6_400 || !String(error).includes('fast-forward to the past')) throw error;
    }
  }
}

/** The text of the elements a field's `aria-describedby` names: what a screen reader says of it. */
export function describedBy(field: Locator): Promise<string> {
  return field.evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}
