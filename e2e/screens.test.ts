import { describe, it } from 'vitest';
import { expectNoPageErrors, navigate, screenshot, useBrowser } from './support/browser';
import { waitForTitle } from './support/expect';

/** Screenshots of every built screen at phone and desktop widths (e2e/screenshots/), to look at. */
const SCREENS = [
  ['home', '/', 'Home'],
  ['latest-songs', '/latest', 'Latest Songs'],
  ['top-songs', '/top', 'Top Songs'],
  ['latest-streams', '/streams', 'Latest Streams'],
  ['playlists', '/playlists', 'Playlists'],
  ['albums', '/playlists/albums', 'Albums'],
  ['community-playlists', '/playlists/community', 'Community Playlists'],
  ['top-clips', '/clips', 'Top Clips'],
  ['events', '/events', 'Upcoming Events'],
  ['links', '/links', 'Links'],
  ['socials', '/socials', 'Socials'],
] as const;

describe('screenshots', () => {
  const browser = useBrowser();

  for (const width of [375, 1280]) {
    it(`every screen at ${width} px`, async () => {
      // One page per width, moving between screens without reloads, keeps this quick.
      const page = await browser.open('/events', { width, height: 800 });
      for (const [name, url, title] of SCREENS) {
        await navigate(page, url);
        await waitForTitle(page, `${title} | Almanac`);
        await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'attached' });
        // Lists show skeletons until their first page arrives.
        await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
        await screenshot(page, `${name}-${width}`);
      }
      expectNoPageErrors(page);
    });
  }
});
