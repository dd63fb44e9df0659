import { describe, expect, it } from 'vitest';
import { expectNoPageErrors, failRequests, screenshot, useBrowser } from './support/browser';
import {
  pathAndQuery,
  pauseClockSoon,
  recordApiCalls,
  waitForCall,
  waitForCards,
  waitForPath,
  waitForTitle,
  waitForToast,
} from './support/expect';
import { pick, scrollToEnd } from './support/lists';

describe('latest songs', () => {
  const browser = useBrowser();

  it('lists youtube songs by default, 21 per page on wide screens, and loads the next page on scroll', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/latest');
    await waitForTitle(page, 'Latest Songs | Almanac');
    await page.getByRole('heading', { name: 'Latest Songs', level: 1 }).waitFor();
    await waitForCards(page, 21);
    expect(calls).toContain('/api/media/latest?providers=youtube&page=1&size=21');
    const cards = await page.getByTestId('item-card').allInnerTexts();
    expect(cards.every((text) => text.includes('YouTube'))).toBe(true);

    await scrollToEnd(page);
    await waitForCards(page, 42);
    expect(calls).toContain('/api/media/latest?providers=youtube&page=2&size=21');
    expectNoPageErrors(page);
  });

  it('uses pages of 9 on narrow screens', async () => {
    const page = await browser.newPage({ width: 375 });
    const calls = recordApiCalls(page);
    await page.goto('/latest');
    await waitForCards(page, 9);
    expect(calls).toContain('/api/media/latest?providers=youtube&page=1&size=9');
  });

  it('links a card to its song', async () => {
    const page = await browser.open('/latest');
    const first = page.getByTestId('item-card').first().getByRole('link');
    const name = (await first.textContent()) ?? '';
    await first.click();
    await waitForPath(page, /^\/media\/\d+$/);
    await waitForTitle(page, 'Song | Almanac');
    expect(name.length).toBeGreaterThan(0);
  });

  it('applies and clears the filter through the URL', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/latest');
    await waitForCards(page, 21);
    const toggle = page.getByRole('button', { name: 'Filter' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await page.getByPlaceholder('Select Channels..').waitFor();
    await page.getByPlaceholder('Select Tags..').waitFor();

    await pick(page, 'Providers', ['SoundCloud']);
    await page.getByRole('button', { name: 'APPLY' }).click();
    await waitForPath(page, '/latest?providers=youtube&providers=sound_cloud');
    await waitForCall(page, calls, /^\/api\/media\/latest\?providers=youtube&providers=sound_cloud&page=1/);

    await pick(page, 'Channels', ['Nova audio']);
    await pick(page, 'Tags', ['Jazz']);
    await page.getByRole('button', { name: 'APPLY' }).click();
    await waitForPath(page, /^\/latest\?providers=youtube&providers=sound_cloud&sources=nova_sc&tags=\d+$/);
    const cards = await page.getByTestId('item-card').allInnerTexts();
    // A card's meta parts are laid out on one row each (innerText breaks between them): read as shown.
    expect(cards.every((text) => text.replace(/\s*\n\s*/g, ' ').includes('SoundCloud · Nova audio'))).toBe(true);

    await page.getByRole('button', { name: 'CLEAR' }).click();
    // An explicit empty provider list, so the youtube default does not come back.
    await waitForPath(page, '/latest?providers=');
    await waitForCall(page, calls, /^\/api\/media\/latest\?page=1&size=21$/);
    expect(await page.getByPlaceholder('Select Providers..').count()).toBe(1);
  });

  it('re-initialises the filter bar when the URL filter changes', async () => {
    const page = await browser.open('/latest?providers=sound_cloud');
    await page.getByRole('button', { name: 'Filter' }).click();
    const pills = page.locator('.mantine-MultiSelect-pill');
    await pills.first().waitFor();
    expect(await pills.allInnerTexts()).toEqual(['SoundCloud']);
    // Same screen, new URL (the menu's Latest has no filter, so the youtube default applies).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Songs' }).click();
    await page.getByRole('menuitem', { name: 'Latest' }).click();
    // The router writes the default filter into the URL.
    await waitForPath(page, '/latest?providers=youtube');
    await page.waitForFunction(
      () => [...document.querySelectorAll('.mantine-MultiSelect-pill')].map((p) => p.textContent).join() === 'YouTube',
    );
  });

  it('says so when nothing matches', async () => {
    // SoundCloud songs never come from the main YouTube channel.
    const page = await browser.open('/latest?providers=sound_cloud&sources=nova_yt');
    await page.getByText('No media found').waitFor();
    expect(await page.getByTestId('item-card').count()).toBe(0);
  });

  it('toasts a failed load, shows the error, and retries when the visitor scrolls again', async () => {
    const page = await browser.newPage();
    await page.route('**/api/media/latest?*page=2*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'Database is asleep' }),
      }),
    );
    await page.goto('/latest');
    await waitForCards(page, 21);
    await scrollToEnd(page);
    // The server sent an error body: its message is the toast message, the failure text its title.
    await waitForToast(page, 'Unable to retrieve latest songs', 'Database is asleep');
    await page.getByText('An error occurred when loading media').waitFor();
    await waitForCards(page, 21);

    await page.unroute('**/api/media/latest?*page=2*');
    await page.mouse.wheel(0, -200);
    await scrollToEnd(page);
    await waitForCards(page, 42);
    expect(await page.getByText('An error occurred when loading media').count()).toBe(0);
  });

  it('toasts "Error" with the failure text when the server sent no error body', async () => {
    const page = await browser.newPage();
    await page.route('**/api/media/latest?*', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' }),
    );
    await page.goto('/latest');
    await waitForToast(page, 'Error', 'Unable to retrieve latest songs');
    await page.getByText('An error occurred when loading media').waitFor();
    expect(await page.getByText('No media found').count()).toBe(0);
  });

  it('picks a provider and a channel by typing, 200 ms after the last key', async () => {
    const page = await browser.newPage();
    await page.clock.install();
    await page.goto('/latest');
    await page.getByRole('button', { name: 'Filter' }).click();
    const providers = page.getByRole('combobox', { name: 'Providers', exact: true });
    await providers.focus();
    await pauseClockSoon(page);
    await page.keyboard.type('so');
    await page.clock.runFor(150);
    expect(await page.getByRole('form', { name: 'Filter' }).textContent()).not.toContain('SoundCloud');
    await page.clock.runFor(100);
    expect(await page.getByRole('form', { name: 'Filter' }).textContent()).toContain('SoundCloud');

    // Several keys make one prefix: "nova m" is "Nova Music", not the first "Nova ..." channel.
    await page.getByRole('combobox', { name: 'Channels', exact: true }).focus();
    await page.keyboard.type('nova m');
    await page.clock.runFor(250);
    await page.clock.resume();
    await page.getByRole('button', { name: 'APPLY' }).click();
    await waitForPath(page, /^\/latest\?providers=youtube&providers=sound_cloud&sources=\w+_music$/);
    await screenshot(page, 'latest-filter-typed-1280');
  });

  it('titles the clear button "Clear all"', async () => {
    const page = await browser.open('/latest');
    await page.getByRole('button', { name: 'Filter' }).click();
    // Mantine hides the clear button from assistive technology (the pills have their own remove buttons).
    const clear = page.locator('button[aria-label="Clear all"]').first();
    expect(await clear.getAttribute('title')).toBe('Clear all');
  });

  it('drops unknown sources as the server does', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/latest?sources=foo_music');
    await waitForPath(page, '/latest?providers=youtube');
    await waitForCall(page, calls, /^\/api\/media\/latest\?providers=youtube&page=1/);
    await page.getByRole('button', { name: 'Filter' }).click();
    expect(await page.getByRole('form', { name: 'Filter' }).textContent()).not.toContain('foo');
  });

  it('keeps the default provider when every provider in the URL is unknown', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/latest?providers=foo&tags=abc');
    await waitForPath(page, '/latest?providers=youtube');
    await waitForCall(page, calls, /^\/api\/media\/latest\?providers=youtube&page=1/);
  });

  it("never leaves a card's meta separator at the edge of a line", async () => {
    const page = await browser.open('/latest?providers=sound_cloud', { width: 600 });
    await waitForCards(page, 9);
    const { lines, dangling } = await page.evaluate(() => {
      const found: string[] = [];
      for (const line of document.querySelectorAll<HTMLElement>('[data-testid=card-meta]')) {
        const box = line.getBoundingClientRect();
        for (const separator of line.querySelectorAll<HTMLElement>('[data-separator]')) {
          const rect = separator.getBoundingClientRect();
          if (rect.right <= box.left + 0.5) continue; // clipped: the first on its line
          // A shown separator has text on both sides, on its own row.
          const row = [...line.querySelectorAll<HTMLElement>('[data-part]')].filter(
            (part) => Math.abs(part.getBoundingClientRect().top - rect.top) < 4,
          );
          const before = row.some((part) => part.getBoundingClientRect().right <= rect.left + 1 && !part.contains(separator));
          const after = row.some((part) => part.contains(separator) && part.getBoundingClientRect().right > rect.right + 1);
          if (!before || !after) found.push(line.textContent ?? '');
        }
      }
      return { lines: document.querySelectorAll('[data-testid=card-meta]').length, dangling: found };
    });
    expect(lines).toBeGreaterThan(0);
    expect(dangling).toEqual([]);
    await screenshot(page, 'latest-card-meta-600');
  });
});

describe('top songs', () => {
  const browser = useBrowser();

  it('defaults to the past month and switches periods through the URL', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/top');
    await waitForTitle(page, 'Top Songs | Almanac');
    const period = page.getByRole('group', { name: 'Period' });
    for (const label of ['PAST WEEK', 'PAST MONTH', 'PAST 6 MONTHS', 'PAST YEAR', 'ALL TIME'])
      await period.getByRole('button', { name: label }).waitFor();
    expect(await period.getByRole('button', { name: 'PAST MONTH' }).getAttribute('aria-pressed')).toBe('true');
    await waitForCall(page, calls, /^\/api\/media\/top\?period=month&page=1&size=21$/);

    await period.getByRole('button', { name: 'PAST WEEK' }).click();
    await waitForPath(page, '/top?period=week');
    await waitForCall(page, calls, /^\/api\/media\/top\?period=week&page=1/);
    expect(await period.getByRole('button', { name: 'PAST WEEK' }).getAttribute('aria-pressed')).toBe('true');

    await period.getByRole('button', { name: 'ALL TIME' }).click();
    await waitForPath(page, '/top?period=all_time');
    await waitForCall(page, calls, /^\/api\/media\/top\?period=all_time&page=1/);
    await waitForCards(page, 21);
  });

  it('keeps the period when a filter is applied, and drops unknown periods', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/top?period=decade');
    await waitForCall(page, calls, /^\/api\/media\/top\?period=month&page=1/);
    await page.goto('/top?period=year');
    await page.getByRole('button', { name: 'Filter' }).click();
    await pick(page, 'Providers', ['YouTube']);
    await page.getByRole('button', { name: 'APPLY' }).click();
    await waitForPath(page, '/top?period=year&providers=youtube');
    await waitForCall(page, calls, /^\/api\/media\/top\?providers=youtube&period=year&page=1/);
  });

  it('toasts a failed read', async () => {
    const page = await browser.newPage();
    await failRequests(page, '**/api/media/top?*');
    await page.goto('/top');
    await waitForToast(page, 'Unable to retrieve top songs', 'Something went wrong on our side. Please try again.');
    await page.getByText('An error occurred when loading media').waitFor();
    expect(pathAndQuery(page)).toBe('/top');
  });
});
