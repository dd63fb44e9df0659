import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { expectNoPageErrors, useBrowser } from './support/browser';
import { waitForTitle } from './support/expect';
import { DEMO_VIEWER, loginAs } from './support/fixtures';

/**
 * Issue 24 items 7 and 8: the navbar's search box from 1024 px (the dialog below), fitting beside
 * the menu bar, and a header whose items keep their place logged in or out.
 */

const SCREENSHOTS = path.resolve(fileURLToPath(new URL('./screenshots', import.meta.url)));

async function headerShot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 1280;
  await page.screenshot({ path: path.join(SCREENSHOTS, `header-${name}.png`), clip: { x: 0, y: 0, width, height: 64 } });
}

/** The left edge and width of every visible link, button and box in the header. */
function headerItems(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('header a, header button, header input')]
      .map((element) => ({ element, rect: element.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0)
      .map(({ element, rect }) => `${element.getAttribute('aria-label') ?? element.textContent?.trim()}@${Math.round(rect.left)}`),
  );
}

/** Waits until the shell's late parts (menus, the real search box) have replaced their stand-ins. */
async function waitForLateParts(page: Page): Promise<void> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: 'Songs' })
    .or(page.getByRole('banner').getByRole('button', { name: 'Open menu' }))
    .first()
    .waitFor();
  await page.waitForFunction(() => document.querySelector('header [role="combobox"], header [aria-haspopup="dialog"]'));
}

describe('the header', () => {
  const browser = useBrowser();

  for (const width of [1024, 1200, 1280, 1440]) {
    it(`shows the search box at ${width} px, beside the menu, and it suggests`, async () => {
      const page = await browser.open('/', { width });
      await waitForTitle(page, 'Home | Almanac');
      const banner = page.getByRole('banner');
      expect(await banner.getByRole('button', { name: 'Search' }).count()).toBe(0);
      const box = banner.getByRole('combobox', { name: 'Search' });
      await box.waitFor();
      // The bar fits: nothing wider than the screen, the menu and the box apart.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // Below lg (1200 px) the menu is in the burger's drawer.
      const nav = banner.getByRole('navigation', { name: 'Main' });
      const menu = (await nav.isVisible()) ? await nav.boundingBox() : null;
      const search = await box.boundingBox();
      if (!search) throw new Error('The search box has no box');
      if (menu) expect(search.x).toBeGreaterThanOrEqual(menu.x + menu.width + 8);
      expect(search.width).toBeGreaterThanOrEqual(100);
      // Nothing in the header runs past its right edge (the Login button was cut off at 1280 px).
      const rightmost = await page.evaluate(() =>
        Math.max(
          ...[...document.querySelectorAll('header a, header button, header input')].map((item) => item.getBoundingClientRect().right),
        ),
      );
      expect(rightmost).toBeLessThanOrEqual(width - 8);
      await headerShot(page, `${width}`);

      await box.fill('latnerns');
      await page.getByRole('listbox').getByRole('option').first().waitFor();
      expect(await seriousViolations(page, 'header')).toEqual([]);
      expectNoPageErrors(page);
    });
  }

  it('opens the search dialog from the icon at 800 px', async () => {
    const page = await browser.open('/', { width: 800 });
    const banner = page.getByRole('banner');
    expect(await banner.getByRole('combobox', { name: 'Search' }).count()).toBe(0);
    await banner.getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('combobox', { name: 'Search' }).fill('latnerns');
    await dialog.getByRole('option').first().waitFor();
    expectNoPageErrors(page);
  });

  for (const width of [375, 1280]) {
    it(`keeps every header item in place logged in and out at ${width} px`, async () => {
      const page = await browser.open('/', { width });
      await waitForTitle(page, 'Home | Almanac');
      await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
      await waitForLateParts(page);
      const out = await headerItems(page);
      // Login shows whole (a label cut to "Logi" would pass the positions).
      const clipped = await page
        .getByRole('banner')
        .getByRole('link', { name: 'Login' })
        .evaluateAll((links) => links.some((link) => [link, ...link.querySelectorAll('*')].some((n) => n.scrollWidth > n.clientWidth + 1)));
      expect(clipped).toBe(false);
      await headerShot(page, `${width}-logged-out`);

      await loginAs(page, DEMO_VIEWER);
      const account = page.getByRole('banner').getByRole('button', { name: `Account menu for ${DEMO_VIEWER.displayName}` });
      await account.waitFor();
      await waitForLateParts(page);
      const loggedIn = await headerItems(page);
      await headerShot(page, `${width}-logged-in`);
      // The same items at the same x, but the last: Login became the account button, at the slot's right.
      expect(loggedIn.slice(0, -1)).toEqual(out.slice(0, -1));
      expect(await seriousViolations(page, 'header')).toEqual([]);
      expectNoPageErrors(page);
    });
  }
});
