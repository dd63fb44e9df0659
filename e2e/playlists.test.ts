import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { failRequests, screenshot, useBrowser } from './support/browser';
import { recordApiCalls, waitForCall, waitForCards, waitForPath, waitForTitle, waitForToast } from './support/expect';

describe('playlists', () => {
  const browser = useBrowser();

  it('shows four paged sections of four', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/playlists');
    await waitForTitle(page, 'Playlists | Almanac');
    for (const name of ['Recently Updated', 'Stream Playlists', 'Best Of Playlists', 'Other Playlists']) {
      await waitForCards(page, 4, page.getByRole('region', { name }));
    }
    await waitForCall(page, calls, /^\/api\/playlists\/latest\?page=1&size=4$/);
    for (const type of ['stream', 'best_of', 'other'])
      await waitForCall(page, calls, new RegExp(`^/api/playlists\\?type=${type}&page=1&size=4$`));

    const best = page.getByRole('region', { name: 'Best Of Playlists' });
    const total = await totalOf(page, '/api/playlists?type=best_of&size=1');
    expect(total).toBeGreaterThan(4);
    expect(total).toBeLessThan(8);
    await best.getByRole('button', { name: 'Load More' }).click();
    await waitForCall(page, calls, /^\/api\/playlists\?type=best_of&page=2&size=4$/);
    // A short second page ends the list, and its button goes.
    await waitForCards(page, total, best);
    expect(await best.getByRole('button', { name: 'Load More' }).count()).toBe(0);
  });

  it('filters every section through the URL', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/playlists?providers=sound_cloud');
    await waitForCall(page, calls, /^\/api\/playlists\/latest\?providers=sound_cloud&page=1&size=4$/);
    await waitForCall(page, calls, /^\/api\/playlists\?providers=sound_cloud&type=other&page=1&size=4$/);
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('button', { name: 'CLEAR' }).click();
    await waitForPath(page, '/playlists');
  });

  it('toasts failed reads', async () => {
    const page = await browser.newPage();
    await failRequests(page, '**/api/playlists?*');
    await page.goto('/playlists');
    await waitForToast(page, 'Unable to retrieve playlists', 'Something went wrong on our side. Please try again.');
    await page.getByRole('region', { name: 'Stream Playlists' }).getByText('An error occurred when loading playlists').waitFor();
    await waitForCards(page, 4, page.getByRole('region', { name: 'Recently Updated' }));
  });

  it('gives the first Playlists section room under the page title', async () => {
    const page = await browser.open('/playlists');
    const h1 = await page.getByRole('heading', { level: 1 }).boundingBox();
    const h2 = await page.getByRole('heading', { level: 2, name: 'Recently Updated' }).boundingBox();
    expect(h2!.y - (h1!.y + h1!.height)).toBeGreaterThanOrEqual(32);
    await screenshot(page, 'playlists-sections-1280');
  });
});

describe('albums and community playlists', () => {
  const browser = useBrowser();

  it('lists albums', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/playlists/albums');
    await waitForTitle(page, 'Albums | Almanac');
    await waitForCards(page, 4);
    await waitForCall(page, calls, /^\/api\/playlists\?type=album&page=1&size=4$/);
    const total = await totalOf(page, '/api/playlists?type=album&size=1');
    expect(total).toBeGreaterThan(4);
    await page.getByRole('button', { name: 'Load More' }).click();
    await waitForCards(page, Math.min(total, 8));
    expect(await page.getByText('Album', { exact: true }).count()).toBe(Math.min(total, 8));
  });

  it('lists community playlists and guards the submit button', async () => {
    const page = await browser.open('/playlists/community');
    await waitForTitle(page, 'Community Playlists | Almanac');
    await waitForCards(page, 4);
    await page.getByRole('link', { name: 'SUBMIT A PLAYLIST' }).click();
    await waitForToast(page, 'Info', 'You have to be logged in to do that!');
    await waitForPath(page, '/playlists/community');
  });
});

async function totalOf(page: Page, path: string): Promise<number> {
  const body = (await (await page.request.get(path)).json()) as { totalElements: number };
  return body.totalElements;
}
