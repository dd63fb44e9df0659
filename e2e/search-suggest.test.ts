import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page, Request } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import type { Suggestions } from '../common/search';
import { SUGGEST_PATH } from '../common/suggest';
import { expectNoPageErrors, failRequests, useBrowser } from './support/browser';
import { recordApiCalls, waitForCall, waitForPath, waitForTitle } from './support/expect';

/**
 * Search as you type (issue 14, "Must show"): the navbar's combobox suggests while the visitor types,
 * its keys work, a superseded request is aborted, and narrow screens reach the same box from a button.
 * The demo world has a song named after "Lanterns" (server/demo/words.ts): "latnerns" swaps two
 * letters of it, which the typo-tolerant matching forgives.
 */

const SCREENSHOTS = path.resolve(fileURLToPath(new URL('./screenshots', import.meta.url)));
/** Wide enough for the box in the navbar (from 1024 px; its full 200 px from about 1280) */
const WIDE = 1440;
const suggestCalls = (calls: string[]) => calls.filter((call) => call.startsWith(SUGGEST_PATH));
/** An option's accessible name starts with the item's name (then its short line). */
const named = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** What the server suggests for a text, to know which song the list must show first. */
async function suggestionsFor(page: Page, q: string): Promise<Suggestions> {
  const response = await page.request.get(`${SUGGEST_PATH}?q=${encodeURIComponent(q)}`);
  if (!response.ok()) throw new Error(`${SUGGEST_PATH}?q=${q} answered ${response.status()}`);
  return (await response.json()) as Suggestions;
}

/** The demo's "Lanterns" song, first among the songs suggested for the misspelt word. */
async function lanternsSong(page: Page) {
  const [song] = (await suggestionsFor(page, 'latnerns')).media;
  if (!song?.name.includes('Lanterns')) throw new Error(`The first song suggested for "latnerns" is ${song?.name}`);
  return song;
}

/** A screenshot of the viewport with the list open (the page behind is long). */
async function viewportShot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // Thumbnails in the list load lazily: wait for them before the picture.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[role="listbox"] img')].every((image) => (image as HTMLImageElement).complete),
  );
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

/** Waits for a condition of the test's own (what the page reported), failing with what was awaited. */
async function waitUntil(condition: () => boolean, what: string): Promise<void> {
  await vi.waitFor(
    () => {
      if (!condition()) throw new Error(`Timed out waiting for ${what}`);
    },
    { timeout: 15_000, interval: 50 },
  );
}

/** Waits until the box names this option (or none, null) as the one the arrows chose. */
async function waitForActiveOption(box: Locator, option: Locator | null): Promise<void> {
  const expected = option ? await option.getAttribute('id') : null;
  await box
    .page()
    .waitForFunction(([input, id]) => (input as Element).getAttribute('aria-activedescendant') === id, [
      await box.elementHandle(),
      expected,
    ] as const);
}

/** The list has settled on the answer for the box's current text. */
async function waitForSettledList(page: Page): Promise<void> {
  await page.getByRole('listbox', { name: 'Suggestions' }).and(page.locator('[aria-busy="false"]')).waitFor();
}

describe('search as you type', () => {
  const browser = useBrowser();

  it('suggests while the visitor types, and arrow down and Enter open the song', async () => {
    const page = await browser.open('/latest', { width: WIDE });
    const song = await lanternsSong(page);
    const calls = recordApiCalls(page);
    const box = page.getByRole('search').getByRole('combobox', { name: 'Search' });
    expect(await box.getAttribute('aria-expanded')).toBe('false');

    await box.fill('latn');
    await waitForCall(page, calls, /^\/api\/search\/suggest\?q=latn$/);
    await waitForSettledList(page);
    await box.fill('latnerns');
    await waitForCall(page, calls, /^\/api\/search\/suggest\?q=latnerns$/);
    await waitForSettledList(page);
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    const option = listbox.getByRole('option', { name: named(song.name) }).first();
    await option.waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await listbox.getByRole('group', { name: 'Songs' }).count()).toBe(1);
    // One request per text, and none for a text shorter than two letters.
    expect(suggestCalls(calls)).toEqual(['/api/search/suggest?q=latn', '/api/search/suggest?q=latnerns']);

    await box.press('ArrowDown');
    await waitForActiveOption(box, option);
    expect(await option.getAttribute('aria-selected')).toBe('true');
    await viewportShot(page, 'search-suggest-1440');
    await box.press('Enter');
    await waitForPath(page, `/media/${song.id}`);
    await page.getByRole('heading', { level: 1, name: song.name }).waitFor();
    expect(await box.inputValue()).toBe('');
    expectNoPageErrors(page);
  });

  it('closes the list with Escape, and Enter on the text searches the list the visitor is on', async () => {
    const page = await browser.open('/streams', { width: WIDE });
    const box = page.getByRole('search').getByRole('combobox', { name: 'Search' });
    await box.fill('latnerns');
    await waitForSettledList(page);
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    await box.press('Escape');
    await listbox.waitFor({ state: 'hidden' });
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await box.inputValue()).toBe('latnerns');

    // Arrow down opens it again on the first option; typing on forgets that choice, so Enter
    // searches the text, as before suggestions.
    await box.press('ArrowDown');
    await listbox.waitFor();
    await waitForActiveOption(box, listbox.getByRole('option').first());
    await box.press('Space');
    await waitForActiveOption(box, null);
    expect(await listbox.locator('[aria-selected="true"]').count()).toBe(0);
    await box.press('Enter');
    await waitForPath(page, '/search?q=latnerns&type=stream');
    await waitForTitle(page, 'latnerns | Almanac');
  });

  it('types slowly enough to ask once per pause, and aborts the request a newer text supersedes', async () => {
    const page = await browser.open('/latest', { width: WIDE });
    const calls = recordApiCalls(page);
    const aborted: string[] = [];
    page.on('requestfailed', (request: Request) => {
      if (request.failure()?.errorText === 'net::ERR_ABORTED') aborted.push(new URL(request.url()).search);
    });
    // The answer for "latn" is held back until the next text has been asked for.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const isLatn = (url: URL) => url.pathname === SUGGEST_PATH && url.searchParams.get('q') === 'latn';
    await page.route(isLatn, async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });

    const box = page.getByRole('search').getByRole('combobox', { name: 'Search' });
    await box.pressSequentially('latn');
    await waitForCall(page, calls, /^\/api\/search\/suggest\?q=latn$/);
    await page.getByRole('listbox', { name: 'Suggestions' }).getByText('Looking for matches…').waitFor();

    await box.pressSequentially('erns');
    await waitForCall(page, calls, /^\/api\/search\/suggest\?q=latnerns$/);
    await waitUntil(() => aborted.includes('?q=latn'), 'the request for "latn" to be aborted');
    release();
    const song = await lanternsSong(page);
    await page
      .getByRole('option', { name: named(song.name) })
      .first()
      .waitFor();
    // Eight fast keystrokes: fewer requests than keystrokes (none for one letter), the last for the whole text.
    const asked = suggestCalls(calls);
    expect(asked.length).toBeLessThan('latnerns'.length - 1);
    expect(asked).not.toContain('/api/search/suggest?q=l');
    expect(asked.at(-1)).toBe('/api/search/suggest?q=latnerns');
  });

  it('logs a failed suggestion read without a toast; Enter still searches', async () => {
    const page = await browser.newPage({ width: WIDE });
    const logged: string[] = [];
    page.on('console', (message) => message.type() === 'error' && logged.push(message.text()));
    await failRequests(page, /\/api\/search\/suggest\?/);
    await page.goto('/latest');
    const box = page.getByRole('search').getByRole('combobox', { name: 'Search' });
    await box.fill('lanterns');
    await page.getByRole('listbox', { name: 'Suggestions' }).getByText('Suggestions are unavailable right now').waitFor();
    expect(logged.some((text) => text.includes('Search suggestions failed'))).toBe(true);
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
    await box.press('Enter');
    await waitForPath(page, '/search?q=lanterns');
  });

  // Below 1024 px the navbar has a button for the search (header.test.ts: the box from 1024).
  for (const width of [375, 800]) {
    it(`opens the same search from a button at ${width} px`, async () => {
      const page = await browser.open('/', { width });
      const song = await lanternsSong(page);
      await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
      const dialog = page.getByRole('dialog', { name: 'Search' });
      const box = dialog.getByRole('combobox', { name: 'Search' });
      await box.waitFor();
      expect(await box.evaluate((input) => input === document.activeElement)).toBe(true);

      await box.fill('latnerns');
      await waitForSettledList(page);
      const option = dialog.getByRole('option', { name: named(song.name) }).first();
      await option.waitFor();
      await viewportShot(page, `search-suggest-${width}`);
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // The first Escape closes the list, the next one the dialog.
      await box.press('Escape');
      await dialog.getByRole('listbox').waitFor({ state: 'detached' });
      await box.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
      await dialog.getByRole('combobox', { name: 'Search' }).fill('latnerns');
      await waitForSettledList(page);
      await dialog.getByRole('combobox', { name: 'Search' }).press('ArrowDown');
      await dialog.getByRole('combobox', { name: 'Search' }).press('Enter');
      await waitForPath(page, `/media/${song.id}`);
      await dialog.waitFor({ state: 'hidden' });
      expectNoPageErrors(page);
    });
  }
});
