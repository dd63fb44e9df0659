import { describe, expect, it } from 'vitest';
import { failRequests, useBrowser } from './support/browser';
import { recordApiCalls, waitForCall, waitForCards, waitForPath, waitForTitle, waitForToast } from './support/expect';
import { pick } from './support/lists';

describe('top clips', () => {
  const browser = useBrowser();

  it('defaults to the top clips of the past month and switches views', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/clips');
    await waitForTitle(page, 'Top Clips | Almanac');
    await page.getByRole('heading', { name: 'Top Clips', level: 1 }).waitFor();
    const period = page.getByRole('group', { name: 'Period' });
    expect(await period.getByRole('button').allInnerTexts()).toEqual(['LATEST', 'PAST WEEK', 'PAST MONTH', 'ALL TIME']);
    expect(await period.getByRole('button', { name: 'PAST MONTH' }).getAttribute('aria-pressed')).toBe('true');
    await waitForCall(page, calls, /^\/api\/clips\/top\?period=month&sort=top&page=1&size=21$/);

    await period.getByRole('button', { name: 'LATEST' }).click();
    await waitForPath(page, '/clips?period=six_months&sort=latest');
    await waitForCall(page, calls, /^\/api\/clips\/top\?period=six_months&sort=latest&page=1/);
    expect(await period.getByRole('button', { name: 'LATEST' }).getAttribute('aria-pressed')).toBe('true');

    await period.getByRole('button', { name: 'PAST WEEK' }).click();
    await waitForPath(page, '/clips?period=week');
    await waitForCall(page, calls, /^\/api\/clips\/top\?period=week&sort=top&page=1/);

    await period.getByRole('button', { name: 'ALL TIME' }).click();
    await waitForCall(page, calls, /^\/api\/clips\/top\?period=all_time&sort=top&page=1/);
    await waitForCards(page, 21);
  });

  it('filters by clipper and tags with APPLY and CLEAR', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/clips?period=all_time');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('textbox', { name: 'Clipped by' }).fill('wavy_wren');
    await page.getByRole('button', { name: 'APPLY' }).click();
    await waitForPath(page, '/clips?period=all_time&clippedBy=wavy_wren');
    await waitForCall(page, calls, /^\/api\/clips\/top\?period=all_time&sort=top&clippedBy=wavy_wren&page=1/);
    await page.waitForFunction(() => {
      const cards = [...document.querySelectorAll('[data-testid=item-card]')].map((card) => card.textContent ?? '');
      return cards.length > 0 && cards.every((text) => text.includes('clipped by wavy_wren'));
    });

    await pick(page, 'Tags', ['Jazz']);
    await page.getByRole('button', { name: 'APPLY' }).click();
    await waitForPath(page, /^\/clips\?period=all_time&clippedBy=wavy_wren&tags=\d+$/);

    await page.getByRole('button', { name: 'CLEAR' }).click();
    await waitForPath(page, '/clips?period=all_time');
    expect(await page.getByRole('textbox', { name: 'Clipped by' }).inputValue()).toBe('');
  });

  it('shows the empty text and toasts failures', async () => {
    const page = await browser.open('/clips?clippedBy=nobody_at_all');
    await page.getByText('No clips found').waitFor();
    const failing = await browser.newPage();
    await failRequests(failing, '**/api/clips/top?*');
    await failing.goto('/clips');
    await waitForToast(failing, 'Unable to retrieve clips', 'Something went wrong on our side. Please try again.');
    await failing.getByText('An error occurred when loading clips').waitFor();
  });

  it('/clips is titled by its view, in the tab and the heading', async () => {
    const latest = await browser.open('/clips?period=six_months&sort=latest');
    await waitForTitle(latest, 'Latest Clips | Almanac');
    await latest.getByRole('heading', { level: 1, name: 'Latest Clips' }).waitFor();
    await latest.getByRole('button', { name: 'PAST WEEK' }).click();
    await waitForTitle(latest, 'Top Clips | Almanac');
    await latest.getByRole('heading', { level: 1, name: 'Top Clips' }).waitFor();
  });
});
