import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { expectNoPageErrors, navigate, screenshot, useBrowser } from './support/browser';
import { waitForTitle } from './support/expect';
import { DEMO_STREAMER_LOGIN, type DemoLogin, loginAs } from './support/fixtures';

/**
 * Issue 25, "a radio you can feel others listening to": a reaction tapped in one browser context
 * shows in another's counts (and floats up there), and three logged-in listeners voting skip the
 * track for everyone. Each page is its own context (its own cookies: its own listener). The station
 * is `everything`, so the other radio files' `top` is left alone. Waits are generous; how fast is
 * bench's business.
 */

const WAIT = { timeout: 30_000 };
const STATION = '/radio?station=everything';

const statusBadge = (page: Page) => page.getByRole('status').filter({ hasText: /^(Connecting\.\.\.|Connected)$/ });
const currentTrackName = (page: Page) => page.locator('section[aria-labelledby="radio-current"] a').first();
const reactions = (page: Page) => page.getByRole('group', { name: 'Reactions' }).first();

async function waitConnected(page: Page): Promise<void> {
  await statusBadge(page).filter({ hasText: 'Connected' }).waitFor(WAIT);
  await currentTrackName(page).waitFor(WAIT);
}

/** A reaction button's count, from its name ("Fire, 3") */
async function countOf(page: Page, label: string): Promise<number> {
  const name =
    (await reactions(page)
      .getByRole('button', { name: new RegExp(`^${label}, `) })
      .getAttribute('aria-label')) ?? '';
  return Number(name.split(', ')[1]);
}

describe('radio reactions and votes to skip', () => {
  const browser = useBrowser();

  it('a reaction in one browser reaches another’s counts, and floats up there', async () => {
    const tapper = await browser.open(STATION);
    const watcher = await browser.open(STATION, { width: 375 });
    await waitConnected(tapper);
    await waitConnected(watcher);
    // The crowd of the track comes with it (or a moment after): both show the same count.
    const track = (await currentTrackName(watcher).textContent()) ?? '';
    const before = await countOf(tapper, 'Fire');
    await reactions(watcher)
      .getByRole('button', { name: `Fire, ${before}` })
      .waitFor(WAIT);

    await reactions(tapper)
      .getByRole('button', { name: `Fire, ${before}` })
      .click();
    await reactions(tapper)
      .getByRole('button', { name: `Fire, ${before + 1}` })
      .waitFor(WAIT);
    await reactions(watcher)
      .getByRole('button', { name: `Fire, ${before + 1}` })
      .waitFor(WAIT);
    // Unless the track changed meanwhile, the watcher saw it rise (decorative: hidden from screen readers).
    if ((await currentTrackName(watcher).textContent()) === track) {
      await watcher.waitForFunction(() => [...document.querySelectorAll('[aria-hidden] span')].some((span) => span.textContent === '🔥'));
    }
    await screenshot(watcher, 'radio-reactions-375');
    await screenshot(tapper, 'radio-reactions-1280');
    expect(await seriousViolations(watcher)).toEqual([]);
    expect(await seriousViolations(tapper)).toEqual([]);
    expectNoPageErrors(tapper);
    expectNoPageErrors(watcher);
  });

  it('three logged-in listeners voting skip the track for everyone', async () => {
    const logins: DemoLogin[] = ['demo_viewer', 'demo_admin', DEMO_STREAMER_LOGIN];
    const pages: Page[] = [];
    for (const [i, login] of logins.entries()) {
      const page = await browser.newPage({ width: i === 0 ? 375 : 1280 });
      await loginAs(page, login);
      await page.goto(STATION);
      await waitConnected(page);
      pages.push(page);
    }
    // Three logged-in listeners: three votes skip (more than half, and at least 3).
    for (const page of pages) await page.getByText('0 of 3 votes to skip', { exact: true }).waitFor(WAIT);
    const track = (await currentTrackName(pages[0]!).textContent()) ?? '';
    // A reaction to the track: Previously Played shows it once the track is skipped.
    const fire = await countOf(pages[1]!, 'Fire');
    await reactions(pages[1]!)
      .getByRole('button', { name: `Fire, ${fire}` })
      .click();
    for (const page of pages)
      await reactions(page)
        .getByRole('button', { name: `Fire, ${fire + 1}` })
        .waitFor(WAIT);

    await pages[0]!.getByRole('button', { name: 'VOTE TO SKIP' }).click();
    for (const page of pages) await page.getByText('1 of 3 votes to skip', { exact: true }).waitFor(WAIT);
    await pages[0]!.getByRole('button', { name: 'VOTED' }).waitFor(WAIT);
    await screenshot(pages[0]!, 'radio-vote-375');
    await screenshot(pages[1]!, 'radio-vote-1280');
    expect(await seriousViolations(pages[0]!)).toEqual([]);

    await pages[1]!.getByRole('button', { name: 'VOTE TO SKIP' }).click();
    for (const page of pages) await page.getByText('2 of 3 votes to skip', { exact: true }).waitFor(WAIT);
    await pages[2]!.getByRole('button', { name: 'VOTE TO SKIP' }).click();

    // Skipped: a new track everywhere, its votes back to none, and the skipped one on top of Previously Played.
    for (const page of pages) {
      await page.waitForFunction(
        (previous) => document.querySelector('section[aria-labelledby="radio-current"] a')?.textContent !== previous,
        track,
        WAIT,
      );
      await page.getByText('0 of 3 votes to skip', { exact: true }).waitFor(WAIT);
      await page.getByRole('button', { name: 'VOTE TO SKIP' }).waitFor(WAIT);
      const played = page.locator('section[aria-labelledby="radio-played"] li').first();
      await played
        .filter({ hasText: track })
        .filter({ hasText: `Reactions: Fire ${fire + 1}` })
        .waitFor(WAIT);
    }
    await screenshot(pages[0]!, 'radio-skipped-375');
    for (const page of pages) expectNoPageErrors(page);
  });

  it('the mini-player has the reactions and the vote while the listener browses', async () => {
    for (const width of [375, 1280]) {
      const page = await browser.newPage({ width });
      await loginAs(page, 'demo_viewer');
      await page.goto(STATION);
      await waitConnected(page);
      await navigate(page, '/latest');
      await waitForTitle(page, 'Latest Songs | Almanac');
      const mini = page.getByRole('region', { name: 'Radio player' });
      await mini.waitFor(WAIT);
      const before = await countOf(page, 'Applause');
      await mini.getByRole('button', { name: `Applause, ${before}` }).click();
      await mini.getByRole('button', { name: `Applause, ${before + 1}` }).waitFor(WAIT);
      await mini.getByRole('button', { name: 'VOTE TO SKIP' }).waitFor(WAIT);
      await mini.getByText(/^\d+ of \d+ votes to skip$/).waitFor(WAIT);
      await mini.screenshot({ path: `e2e/screenshots/radio-reactions-mini-player-${width}.png` });
      await screenshot(page, `radio-reactions-mini-page-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      expectNoPageErrors(page);
    }
  });
});
