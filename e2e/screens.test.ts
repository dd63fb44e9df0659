import { describe, it } from 'vitest';
import { expectNoPageErrors, screenshot, useBrowser } from './support/browser';

/** Screenshots of every built screen at phone and desktop widths, for people to look at. */
const SCREENS = [
  ['home', '/'],
  ['latest-songs', '/latest'],
  ['top-songs', '/top'],
  ['latest-streams', '/streams'],
  ['playlists', '/playlists'],
  ['albums', '/playlists/albums'],
  ['community-playlists', '/playlists/community'],
  ['top-clips', '/clips'],
  ['events', '/events'],
  ['links', '/links'],
  ['socials', '/socials'],
] as const;

describe('screenshots', () => {
  const browser = useBrowser();
  for (const [name, url] of SCREENS) {
    it(`${name} at 375 and 1280 px`, async () => {
      for (const width of [375, 1280]) {
        const page = await browser.open(url, { width, height: 800 });
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await screenshot(page, `${name}-${width}`);
        expectNoPageErrors(page);
        await page.close();
      }
    });
  }
});
