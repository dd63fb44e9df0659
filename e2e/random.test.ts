import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoPageErrors, failRequests, useBrowser } from './support/browser';
import { pathAndQuery, recordApiCalls, waitForCall, waitForPath, waitForTitle, waitForToast } from './support/expect';

const SCREENSHOTS = path.resolve(fileURLToPath(new URL('./screenshots', import.meta.url)));

/** The provider of the item a detail URL shows, read from the API. */
async function providerOf(page: Page, apiPath: string): Promise<string> {
  const item = (await (await page.request.get(apiPath)).json()) as { provider: string };
  return item.provider;
}

describe('randomizer', () => {
  const browser = useBrowser();

  it('shows the buttons under the title "Randomizer"', async () => {
    const page = await browser.open('/random');
    await waitForTitle(page, 'Randomizer | Almanac');
    await page.getByRole('heading', { level: 1, name: 'Randomizer' }).waitFor();
    const buttons = await page.getByRole('main').getByRole('button').allInnerTexts();
    expect(buttons).toEqual([
      'Random stream',
      'Random YouTube song',
      'Random SoundCloud song',
      'Random YouTube playlist',
      'Random SoundCloud playlist',
    ]);
  });

  it('opens a random stream', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/random');
    await page.getByRole('button', { name: 'Random stream' }).click();
    await waitForPath(page, /^\/streams\/\d+$/);
    expect(calls).toContain('/api/streams/random');
    await waitForTitle(page, 'Stream | Almanac');
    expectNoPageErrors(page);
  });

  it('opens a random song of the video or the audio provider', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/random');
    await page.getByRole('button', { name: 'Random YouTube song' }).click();
    await waitForPath(page, /^\/media\/\d+$/);
    await waitForCall(page, calls, /^\/api\/media\/random\?provider=youtube$/);
    expect(await providerOf(page, `/api${pathAndQuery(page)}`)).toBe('youtube');

    await page.goto('/random');
    await page.getByRole('button', { name: 'Random SoundCloud song' }).click();
    await waitForPath(page, /^\/media\/\d+$/);
    await waitForCall(page, calls, /^\/api\/media\/random\?provider=sound_cloud$/);
    expect(await providerOf(page, `/api${pathAndQuery(page)}`)).toBe('sound_cloud');
  });

  it('opens a random playlist of the video or the audio provider', async () => {
    const page = await browser.newPage();
    await page.goto('/random');
    await page.getByRole('button', { name: 'Random SoundCloud playlist' }).click();
    await waitForPath(page, /^\/playlists\/\d+$/);
    expect(await providerOf(page, `/api${pathAndQuery(page)}`)).toBe('sound_cloud');

    await page.goto('/random');
    await page.getByRole('button', { name: 'Random YouTube playlist' }).click();
    await waitForPath(page, /^\/playlists\/\d+$/);
    expect(await providerOf(page, `/api${pathAndQuery(page)}`)).toBe('youtube');
  });

  it('toasts a failed pick and stays', async () => {
    const page = await browser.newPage();
    await failRequests(page, '**/api/streams/random*');
    await failRequests(page, '**/api/media/random*');
    await page.goto('/random');
    await page.getByRole('button', { name: 'Random stream' }).click();
    await waitForToast(page, 'Unable to retrieve streams', 'Something went wrong on our side. Please try again.');
    await page.getByRole('button', { name: 'Random SoundCloud song' }).click();
    await waitForToast(page, 'Unable to retrieve media', 'Something went wrong on our side. Please try again.');
    expect(pathAndQuery(page)).toBe('/random');
    // The buttons are usable again.
    expect(await page.getByRole('button', { name: 'Random stream' }).isEnabled()).toBe(true);
  });

  it('looks right at 375 and 1280 px', async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const width of [375, 1280]) {
      const page = await browser.open('/random', { width });
      await page.getByRole('button', { name: 'Random stream' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: path.join(SCREENSHOTS, `random-${width}.png`), fullPage: true });
    }
  });
});
