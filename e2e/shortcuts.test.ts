import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { expectNoPageErrors, screenshot, useBrowser } from './support/browser';
import { waitForTitle } from './support/expect';

/**
 * The keyboard shortcuts (issue 25; components/shortcuts/): `/` focuses the search box, Space plays
 * or pauses the tuned radio, `?` lists them in a dialog, and none fires while typing in a field.
 */

const shortcutsDialog = (page: Page) => page.getByRole('dialog', { name: 'Keyboard shortcuts' });

/** What has the focus: its tag and accessible label, and an input's value. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    return {
      tag: element?.tagName,
      label: element?.getAttribute('aria-label'),
      value: element?.value,
      inHeader: element?.closest('header') !== null,
      inDialog: element?.closest('[role="dialog"]')?.getAttribute('aria-labelledby') ?? null,
    };
  });

/**
 * The shortcuts come with the shell's late parts (after start-up): pressing `?` until its dialog
 * opens tells they are in (a press before that does nothing), then Escape closes it again.
 */
async function shortcutsReady(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        if (!(await shortcutsDialog(page).isVisible())) await page.keyboard.press('?');
        return shortcutsDialog(page).isVisible();
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
  await page.keyboard.press('Escape');
  await shortcutsDialog(page).waitFor({ state: 'hidden' });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

const audioPaused = (page: Page) => page.evaluate(() => document.querySelector<HTMLAudioElement>('audio[data-radio]')?.paused ?? null);

/** /radio playing (headless Chromium lets it start; "Click to listen" otherwise). */
async function playingRadio(page: Page): Promise<void> {
  await page.goto('/radio');
  await waitForTitle(page, 'Radio | Almanac');
  await page.locator('section[aria-labelledby="radio-current"] a').first().waitFor();
  const listen = page.getByRole('button', { name: 'Click to listen' });
  await page.getByRole('button', { name: 'Pause radio' }).or(listen).first().waitFor();
  if (await listen.count()) await listen.click();
  await page.waitForFunction(() => document.querySelector<HTMLAudioElement>('audio[data-radio]')?.paused === false);
}

describe('keyboard shortcuts', () => {
  const browser = useBrowser();

  it('"/" focuses the header search box, without typing the slash', async () => {
    const page = await browser.open('/');
    await shortcutsReady(page);
    await page.keyboard.press('/');
    expect(await focused(page)).toMatchObject({ tag: 'INPUT', label: 'Search', value: '', inHeader: true });
    expectNoPageErrors(page);
  });

  it('"/" opens the search dialog with the focus in its box on a phone', async () => {
    const page = await browser.open('/', { width: 375 });
    await shortcutsReady(page);
    await page.keyboard.press('/');
    await page.getByRole('dialog', { name: 'Search' }).waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'INPUT', label: 'Search', value: '', inHeader: false });
  });

  for (const width of [375, 1280]) {
    it(`"?" opens the list of shortcuts at ${width} px, clean for axe; Escape closes it`, async () => {
      const page = await browser.open('/', { width });
      await shortcutsReady(page);
      await page.keyboard.press('?');
      const dialog = shortcutsDialog(page);
      await dialog.waitFor();
      for (const row of ['Focus the search box', 'Play or pause the radio', 'Show the keyboard shortcuts']) {
        await dialog.getByRole('row', { name: new RegExp(row) }).waitFor();
      }
      await dialog.getByRole('columnheader', { name: 'Key' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `shortcuts-dialog-${width}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    });
  }

  it('Space plays and pauses the radio once it is tuned; elsewhere it scrolls the page as always', async () => {
    const home = await browser.open('/');
    await shortcutsReady(home);
    await home.keyboard.press('Space');
    await home.waitForFunction(() => window.scrollY > 0);
    expect(await home.locator('audio[data-radio]').count()).toBe(0);

    const page = await browser.newPage();
    await playingRadio(page);
    await shortcutsReady(page);
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Play radio' }).waitFor();
    expect(await audioPaused(page)).toBe(true);
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Pause radio' }).waitFor();
    await page.waitForFunction(() => document.querySelector<HTMLAudioElement>('audio[data-radio]')?.paused === false);
    await screenshot(page, 'shortcuts-radio-1280');
    expectNoPageErrors(page);
  });

  it('none fires while typing in a field', async () => {
    const page = await browser.newPage();
    await playingRadio(page);
    await shortcutsReady(page);
    const box = page.locator('header input[aria-label="Search"]');
    await box.click();
    await page.keyboard.type('a / b ?');
    await expect.poll(() => box.inputValue()).toBe('a / b ?');
    expect(await focused(page)).toMatchObject({ label: 'Search', inHeader: true });
    expect(await shortcutsDialog(page).isVisible()).toBe(false);
    expect(await audioPaused(page)).toBe(false);
  });
});
