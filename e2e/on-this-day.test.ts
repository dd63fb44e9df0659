import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OnThisDay } from '../common/on-this-day';
import { ON_THIS_DAY_KINDS, type OnThisDayKind, onThisDayPath } from '../common/on-this-day-paths';
import { seriousViolations } from './support/axe';
import { expectNoPageErrors, screenshot, useBrowser } from './support/browser';
import { recordApiCalls, waitForCall, waitForPath, waitForTitle } from './support/expect';
import { type Site, startSite } from './support/site';

/**
 * The home page's "On this day" (issue 25) in Chromium against the real server. The demo world puts
 * a stream (with its clips) and a song on today's date two and three years back (server/demo/
 * anniversaries.ts), so the shared site always has some; what the section shows is checked against
 * what the API answers, never against fixed titles. A site of its own with no catalogue has none.
 */

const KIND_LABELS = { media: 'Song', streams: 'Stream', clips: 'Clip' } as const;
const DETAIL = { media: '/media', streams: '/streams', clips: '/clips' } as const;
/** The section loads once the first screen is done (later.ts: at most 8 s after the load event). */
const SHOWS_WITHIN_MS = 30_000;

const section = (page: Page) => page.getByRole('region', { name: 'On this day' });

interface Expected {
  text: string;
  href: string;
  year: number;
}

/** The lines the section should show, from the API's three answers. */
async function expectedLines(page: Page): Promise<Expected[]> {
  const lines: Expected[] = [];
  for (const kind of ON_THIS_DAY_KINDS) {
    const answer = (await (await page.request.get(onThisDayPath(kind))).json()) as OnThisDay<OnThisDayKind>;
    for (const item of answer.content) {
      const when = `${item.yearsAgo} ${item.yearsAgo === 1 ? 'year' : 'years'} ago today`;
      lines.push({ text: `${when}: ${item.name} (${KIND_LABELS[kind]})`, href: `${DETAIL[kind]}/${item.id}`, year: item.year });
    }
  }
  return lines;
}

/** Records the page's layout shifts from its first frame on (before the page's own scripts). */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const watch = window as unknown as { layoutShift: number };
    watch.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) watch.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The sum of the page's layout shifts so far (at least its CLS), two frames on (a shift is reported for the frame it happened in). */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    return (window as unknown as { layoutShift: number }).layoutShift;
  });
}

describe('On this day on the home page', () => {
  const browser = useBrowser();

  for (const width of [1280, 375]) {
    it(`shows what came out on this day in earlier years, oldest first, each linking to its page (${width} px)`, async () => {
      const page = await browser.newPage({ width });
      await watchLayoutShifts(page);
      await page.goto('/');
      await waitForTitle(page, 'Home | Almanac');
      const expected = await expectedLines(page);
      expect(expected.length).toBeGreaterThan(0);

      const lines = section(page).getByRole('listitem');
      await lines.first().waitFor({ timeout: SHOWS_WITHIN_MS });
      await expect.poll(() => section(page).getByRole('heading', { level: 2 }).textContent()).toBe('On This Day');
      const shown = await lines.allInnerTexts();
      // Every line is one of the API's items, worded as the issue says, oldest year first.
      const byText = new Map(expected.map((line) => [line.text, line]));
      expect(shown.length).toBe(Math.min(expected.length, 6));
      const years = shown.map((text) => byText.get(text.replace(/\s+/g, ' ').trim())?.year);
      expect(
        years.every((year) => year !== undefined),
        `${shown.join('\n')}\nnot among\n${[...byText.keys()].join('\n')}`,
      ).toBe(true);
      expect(years).toEqual([...years].sort());
      for (const [i, text] of shown.entries()) {
        const line = byText.get(text.replace(/\s+/g, ' ').trim())!;
        expect(await lines.nth(i).getByRole('link').getAttribute('href')).toBe(line.href);
      }

      // Last on the page and after the first screen: the whole load, the section's arrival included,
      // keeps to the home budget (web/README.md: CLS < 0.05); a section that pushed the page down would not.
      expect(await layoutShift(page)).toBeLessThan(0.05);

      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `on-this-day-${width}`);
      expectNoPageErrors(page);
    });
  }

  it("opens an item's page from its line", async () => {
    const page = await browser.open('/');
    const link = section(page).getByRole('link').first();
    await link.waitFor({ timeout: SHOWS_WITHIN_MS });
    const href = (await link.getAttribute('href'))!;
    await link.click();
    await waitForPath(page, href);
  });

  describe('with nothing on this day (a site of its own, no catalogue)', () => {
    let empty: Site;
    beforeAll(async () => {
      empty = await startSite({ dataDirPrefix: 'almanac-e2e-on-this-day-', readyWithinMs: 100_000, env: { DEMO_SEED: 'false' } });
    });
    afterAll(async () => {
      await empty?.stop();
    });

    for (const width of [1280, 375]) {
      it(`shows no section once all three answers are empty (${width} px)`, async () => {
        const page = await browser.newPage({ width, baseURL: empty.baseURL });
        const calls = recordApiCalls(page);
        const answered = ON_THIS_DAY_KINDS.map((kind) =>
          page.waitForResponse((response) => new URL(response.url()).pathname === onThisDayPath(kind), { timeout: SHOWS_WITHIN_MS }),
        );
        await page.goto('/');
        await waitForTitle(page, 'Home | Almanac');
        for (const response of await Promise.all(answered)) {
          expect(((await response.json()) as OnThisDay<OnThisDayKind>).content).toEqual([]);
        }
        for (const kind of ON_THIS_DAY_KINDS) await waitForCall(page, calls, new RegExp(`^${onThisDayPath(kind)}$`));
        // The answers are in and rendered (two frames later): still nothing, not even a heading.
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        expect(await section(page).count()).toBe(0);
        expect(await page.getByText('On This Day').count()).toBe(0);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `on-this-day-empty-${width}`);
        expectNoPageErrors(page);
      });
    }
  });
});
