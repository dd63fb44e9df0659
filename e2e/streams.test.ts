import { describe, expect, it } from 'vitest';
import { failRequests, useBrowser } from './support/browser';
import { recordApiCalls, waitForCall, waitForCards, waitForPath, waitForTitle, waitForToast } from './support/expect';
import { pick, scrollToEnd } from './support/lists';

describe('latest streams', () => {
  const browser = useBrowser();

  it('lists streams and loads more on scroll', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/streams');
    await waitForTitle(page, 'Latest Streams | Almanac');
    await page.getByRole('heading', { name: 'Latest Streams', level: 1 }).waitFor();
    await waitForCards(page, 21);
    await scrollToEnd(page);
    await waitForCards(page, 42);
    expect(calls).toContain('/api/streams/latest?page=2&size=21');
  });

  it('filters by the stream providers', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/streams');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('combobox', { name: 'Providers' }).click({ force: true });
    const options = await page.getByRole('listbox', { name: 'Providers' }).getByRole('option').allInnerTexts();
    expect(options).toEqual(['Twitch', 'YouTube']);
    await page.keyboard.press('Escape');
    await pick(page, 'Providers', ['Twitch']);
    await page.getByRole('button', { name: 'APPLY' }).click();
    await waitForPath(page, '/streams?providers=twitch');
    await waitForCall(page, calls, /^\/api\/streams\/latest\?providers=twitch&page=1&size=21$/);
    await page.waitForFunction(() => {
      const cards = [...document.querySelectorAll('[data-testid=item-card]')].map((card) => card.textContent ?? '');
      return cards.length > 0 && cards.every((text) => text.includes('Twitch'));
    });
  });

  it('toasts a failed read', async () => {
    const page = await browser.newPage();
    await failRequests(page, '**/api/streams/latest?*');
    await page.goto('/streams');
    await waitForToast(page, 'Unable to retrieve latest streams', 'Something went wrong on our side. Please try again.');
    await page.getByText('An error occurred when loading streams').waitFor();
  });
});
