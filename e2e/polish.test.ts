import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { Page as ApiPage, Clip, Playlist, Stream } from '../common/api';
import { seriousViolations } from './support/axe';
import { expectNoPageErrors, screenshot, useBrowser } from './support/browser';
import { DEMO_ADMIN, DEMO_VIEWER, loginAs } from './support/fixtures';

/**
 * Issue 24 item 8, the small things: the Admin Console's tabs on one line on a phone, card footers
 * that keep rows even, the request pages using a wide screen, a stream's empty lists said in one
 * short row each, and an avatar that tells the two demo accounts apart.
 */

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${inject('baseURL')}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** `scope` "main": the screen without the shell's toasts (a login's "Successfully logged in"). */
async function expectAxeClean(page: Page, scope?: string): Promise<void> {
  const violations = await seriousViolations(page, scope);
  expect(violations, violations.join('\n')).toEqual([]);
  expectNoPageErrors(page);
}

describe('Admin Console tabs', () => {
  const browser = useBrowser();

  for (const width of [375, 1280]) {
    it(`keeps the five tabs on one line at ${width} px, each reachable`, async () => {
      const page = await browser.newPage({ width });
      await loginAs(page, DEMO_ADMIN);
      await page.goto('/admin/edits');
      const tabs = page.getByRole('tab');
      await page.getByRole('tab', { name: 'Edit Approvals' }).waitFor();
      const tops = await tabs.evaluateAll((all) => all.map((tab) => Math.round(tab.getBoundingClientRect().top)));
      expect(tops).toHaveLength(5);
      expect(new Set(tops).size).toBe(1);
      // The last tab is scrolled to and opens its screen.
      const last = page.getByRole('tab', { name: 'Request Blocklist' });
      await last.scrollIntoViewIfNeeded();
      await last.click();
      await page.waitForURL(/\/admin\/blocklist$/);
      expect(await last.getAttribute('aria-selected')).toBe('true');
      // The page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await screenshot(page, `polish-admin-tabs-${width}`);
      await expectAxeClean(page, 'main');
    });
  }
});

describe('card footers', () => {
  const browser = useBrowser();

  /** The cards' meta blocks grouped by row (same card top): their heights and bottoms per row. */
  async function footerRows(page: Page): Promise<{ heights: number[]; bottoms: number[] }[]> {
    return page.evaluate(() => {
      const rows = new Map<number, { heights: number[]; bottoms: number[] }>();
      for (const card of document.querySelectorAll<HTMLElement>('[data-testid=item-card]')) {
        const lines = [...card.querySelectorAll<HTMLElement>('[data-testid=card-meta]')].map((line) => line.getBoundingClientRect());
        if (lines.length === 0) continue;
        const top = Math.round(card.getBoundingClientRect().top);
        const row = rows.get(top) ?? { heights: [], bottoms: [] };
        row.heights.push(Math.round(lines.at(-1)!.bottom - lines[0]!.top));
        row.bottoms.push(Math.round(lines.at(-1)!.bottom));
        rows.set(top, row);
      }
      return [...rows.values()];
    });
  }

  for (const path of ['/latest', '/streams', '/playlists']) {
    it(`lines up the footers of each row on ${path} at 1280 px`, async () => {
      const page = await browser.open(path);
      await expect.poll(() => page.getByTestId('item-card').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(8);
      const rows = await footerRows(page);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(new Set(row.heights).size, JSON.stringify(row)).toBe(1);
        expect(Math.max(...row.bottoms) - Math.min(...row.bottoms), JSON.stringify(row)).toBeLessThanOrEqual(1);
      }
      // Every meta line is one row high (no wrapped channel).
      const lineHeights = await page.getByTestId('card-meta').evaluateAll((all) => all.map((line) => line.getBoundingClientRect().height));
      expect(Math.max(...lineHeights)).toBeLessThan(1.5 * Math.min(...lineHeights));
      if (path === '/latest') {
        await screenshot(page, 'polish-cards-1280');
        await page.setViewportSize({ width: 375, height: 800 });
        await screenshot(page, 'polish-cards-375');
      }
    });
  }
});

describe('request pages', () => {
  const browser = useBrowser();

  for (const [path, name] of [
    ['/request/flip', 'flip'],
    ['/request/sample', 'sample'],
  ] as const) {
    it(`puts the two steps side by side on a wide screen, stacked on a phone (${name})`, async () => {
      const page = await browser.open(path, { width: 1440 });
      const steps = page.getByTestId('request-steps');
      await steps.waitFor();
      const wide = await steps.evaluate((grid) => {
        const [first, second] = [...grid.children].map((child) => child.getBoundingClientRect());
        return { width: grid.getBoundingClientRect().width, sideBySide: !!first && !!second && Math.abs(first.top - second.top) < 2 };
      });
      expect(wide.sideBySide).toBe(true);
      expect(wide.width / 1440).toBeGreaterThan(0.55);
      await page.setViewportSize({ width: 1280, height: 900 });
      await screenshot(page, `polish-${name}-1280`);
      await expectAxeClean(page);
      await page.setViewportSize({ width: 375, height: 800 });
      const stacked = await steps.evaluate((grid) => {
        const [first, second] = [...grid.children].map((child) => child.getBoundingClientRect());
        return !!first && !!second && second.top >= first.bottom;
      });
      expect(stacked).toBe(true);
      await screenshot(page, `polish-${name}-375`);
      await expectAxeClean(page);
    });
  }
});

describe('stream page', () => {
  const browser = useBrowser();

  it('says "No playlists found" / "No clips found" in one short row beside the heading', async () => {
    const streams = await api<ApiPage<Stream>>('/api/streams/latest?size=50');
    let bare: Stream | undefined;
    for (const stream of streams.content) {
      const playlists = await api<ApiPage<Playlist>>(`/api/playlists?streamId=${stream.id}&size=1`);
      const clips = await api<ApiPage<Clip>>(`/api/clips/top?streamId=${stream.id}&period=all_time&size=1`);
      if (playlists.content.length === 0 && clips.content.length === 0) {
        bare = stream;
        break;
      }
    }
    expect(bare, 'a demo stream without playlists or clips').toBeDefined();
    for (const width of [1280, 375]) {
      const page = await browser.open(`/streams/${bare!.id}`, { width });
      for (const [region, text] of [
        ['Stream Playlists', 'No playlists found'],
        ['Top Clips', 'No clips found'],
      ] as const) {
        const section = page.getByRole('region', { name: region, exact: true });
        await section.getByText(text, { exact: true }).waitFor();
        const { heading, empty, height } = await section.evaluate((element) => {
          const box = (selector: string) => element.querySelector(selector)!.getBoundingClientRect();
          return { heading: box('h2'), empty: box('[data-testid=list-empty]'), height: element.getBoundingClientRect().height };
        });
        // One row: the text beside the heading when it fits (1280), at most right under it (375).
        if (width === 1280) expect(Math.abs(empty.top + empty.height / 2 - (heading.top + heading.height / 2))).toBeLessThan(8);
        expect(height).toBeLessThan(width === 1280 ? 60 : 90);
      }
      await screenshot(page, `polish-stream-empty-${width}`);
      await expectAxeClean(page);
    }
  });
});

describe('account avatar', () => {
  const browser = useBrowser();

  it('shows each demo account its own initials', async () => {
    for (const [account, expected] of [
      [DEMO_VIEWER, 'DV'],
      [DEMO_ADMIN, 'DA'],
    ] as const) {
      const page = await browser.newPage({ width: 375 });
      await loginAs(page, account);
      const avatar = page.getByRole('button', { name: `Account menu for ${account.displayName}` });
      await avatar.waitFor();
      // The initials are drawn by CSS (UserMenu.tsx: the button's name is its label): what ::before shows.
      // Read in one page-side step and polled: the late account menu replaces the bare button once it
      // arrives, and a node read in between is detached (its computed style is empty).
      const shown = () =>
        page.evaluate((label) => {
          const element = document.querySelector(`button[aria-label="${label}"] [data-initials]`);
          return element ? getComputedStyle(element, '::before').content.replace(/^"|"$/g, '') : null;
        }, `Account menu for ${account.displayName}`);
      await expect.poll(shown, { timeout: 15_000 }).toBe(expected);
    }
  });
});
