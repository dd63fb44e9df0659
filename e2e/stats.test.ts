import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TopRadio, TopRequested, TopRequesters, UploadsTimeline } from '../common/stats';
import { seriousViolations } from './support/axe';
import { expectNoPageErrors, screenshot, useBrowser } from './support/browser';
import { recordApiCalls, waitForCall, waitForPath, waitForTitle } from './support/expect';
import { DEMO_ADMIN, DEMO_VIEWER, loginAs } from './support/fixtures';

/**
 * /stats (issue 25): the page from the More menu, its charts on the demo catalogue with a table view
 * each, the top-10 lists linking where they say, axe at 375 and 1280 px. The server keeps each
 * statistic for a minute, so the likes the lists show are given before any test reads them.
 */

/** "May 2026" for "2026-05", as the page names months. */
const monthName = (period: string) =>
  new Date(`${period}-01T00:00:00Z`).toLocaleString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

describe('stats page', () => {
  const browser = useBrowser();
  /** A demo song both demo accounts like: the most liked a song can be on this site (two accounts). */
  let likedSong: { id: number; name: string };

  beforeAll(async () => {
    const page = await browser.newPage();
    const latest = (await (await page.request.get('/api/media/latest?size=1')).json()) as { content: { id: number; name: string }[] };
    likedSong = latest.content[0]!;
    for (const account of [DEMO_VIEWER, DEMO_ADMIN]) {
      const fan = await browser.newPage();
      await loginAs(fan, account);
      const res = await fan.request.post(`/api/media/${likedSong.id}/like`);
      expect(res.status(), await res.text()).toBeLessThan(300);
    }
  });

  /** The page, loaded, with both charts drawn (their lazy chunk arrived). */
  async function openStats(page: Page) {
    await waitForTitle(page, 'Stats | Almanac');
    await page.getByRole('heading', { level: 1, name: 'The channel in numbers' }).waitFor();
    await chart(page, 'Songs uploaded per month').waitFor();
    await chart(page, 'Stream hours per month').waitFor();
  }

  const section = (page: Page, heading: string) => page.getByRole('region', { name: heading });
  /** A chart: recharts' keyboard-focusable SVG (role application), named by its title. */
  const chart = (page: Page, name: string) => section(page, name).getByRole('application');

  it('opens from the More menu and draws the charts of the demo catalogue', async () => {
    const page = await browser.open('/');
    const calls = recordApiCalls(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Stats' }).click();
    await waitForPath(page, '/stats');
    await openStats(page);
    await waitForCall(page, calls, /^\/api\/stats\/timeline\?unit=month&what=uploads$/);

    // One bar per month of the whole history, the latest month on the right.
    const timeline = (await (await page.request.get('/api/stats/timeline?unit=month')).json()) as UploadsTimeline;
    expect(timeline.periods.length).toBeGreaterThan(3);
    const bars = chart(page, 'Songs uploaded per month').locator('.recharts-bar-rectangle');
    await expect.poll(() => bars.count()).toBe(timeline.periods.length);
    // The axis names a month every few bars (as many as fit), always the latest one.
    const ticks = await chart(page, 'Songs uploaded per month').locator('.recharts-xAxis-tick-labels text').allTextContents();
    expect(ticks.at(-1)).toBe(monthName(timeline.periods.at(-1)!.period));

    await screenshot(page, 'stats-1280');
    expectNoPageErrors(page);
  });

  it('reads a chart with the keyboard, or as a table of every month', async () => {
    const page = await browser.open('/stats');
    await openStats(page);
    const timeline = (await (await page.request.get('/api/stats/timeline?unit=month')).json()) as UploadsTimeline;
    // Focus shows the first month's tooltip; the arrows move it bar by bar, with the exact figure of each month.
    await chart(page, 'Songs uploaded per month').focus();
    const tooltip = section(page, 'Songs uploaded per month').locator('.recharts-tooltip-wrapper');
    await tooltip.getByText(monthName(timeline.periods[0]!.period)).waitFor();
    await page.keyboard.press('ArrowRight');
    await tooltip.getByText(monthName(timeline.periods[1]!.period)).waitFor();
    await tooltip.getByText(String(timeline.periods[1]!.songs), { exact: true }).waitFor();
    const hours = section(page, 'Stream hours per month');
    await hours.getByRole('button', { name: 'Show as table' }).click();
    const table = hours.getByRole('table', { name: 'Stream hours per month' });
    await table.waitFor();
    // A header row, then every month, newest first.
    expect(await table.getByRole('row').count()).toBe(timeline.periods.length + 1);
    const newest = timeline.periods.at(-1)!;
    const firstRow = table.getByRole('row').nth(1);
    expect(await firstRow.getByRole('rowheader').innerText()).toBe(monthName(newest.period));
    expect(await firstRow.getByRole('cell').allInnerTexts()).toEqual([
      `${Math.round(newest.streamSeconds / 3600).toLocaleString('en-US')} h`,
    ]);
    await hours.getByRole('button', { name: 'Show as chart' }).click();
    await chart(page, 'Stream hours per month').waitFor();
  });

  it('links the top-10 lists to their songs, videos and requesters', async () => {
    const page = await browser.open('/stats');
    await openStats(page);

    const liked = section(page, 'Most liked').getByRole('region', { name: 'Songs' });
    const likedLink = liked.getByRole('link', { name: likedSong.name });
    expect(await likedLink.getAttribute('href')).toBe(`/media/${likedSong.id}`);
    await liked.getByText('2 likes').first().waitFor();

    const requested = (await (await page.request.get('/api/stats/top?what=requested')).json()) as TopRequested;
    expect(requested.items.length).toBeGreaterThan(0);
    const videos = section(page, 'Most requested videos');
    const links = videos.getByRole('listitem').getByRole('link');
    await expect.poll(() => links.count()).toBe(requested.items.length);
    for (const [i, item] of requested.items.entries()) {
      const href = await links.nth(i).getAttribute('href');
      expect(href).toBe(item.mediaId === null ? `https://www.youtube.com/watch?v=${item.videoId}` : `/media/${item.mediaId}`);
    }

    const requesters = (await (await page.request.get('/api/stats/top?what=requesters')).json()) as TopRequesters;
    const top = requesters.items[0]!;
    const people = section(page, 'Top requesters');
    await people.getByRole('link', { name: top.username, exact: true }).click();
    await waitForPath(page, `/requests/history?from=${encodeURIComponent(top.username)}`);
    await waitForTitle(page, 'Request History | Almanac');
  });

  it('lists what each radio station played most, linking to the songs', async () => {
    const page = await browser.open('/stats');
    await openStats(page);
    const radio = (await (await page.request.get('/api/stats/top?what=radio')).json()) as TopRadio;
    const names = { top: 'Top', everything: 'Everything' };
    for (const station of radio.stations) {
      const first = station.items[0];
      if (!first) continue;
      const list = section(page, 'Radio’s most played').getByRole('region', { name: names[station.station] });
      const link = list.getByRole('link', { name: first.name }).first();
      expect(await link.getAttribute('href')).toBe(`/media/${first.id}`);
    }
    expect(radio.stations.some((station) => station.items.length > 0)).toBe(true);
  });

  for (const width of [375, 1280]) {
    it(`has no serious or critical axe violation at ${width} px, charts and tables`, async () => {
      const page = await browser.open('/stats', { width });
      await openStats(page);
      await section(page, 'Most requested videos').getByRole('link').first().waitFor();
      // Nothing wider than the screen: the charts and lists fit.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await section(page, 'Songs uploaded per month').getByRole('button', { name: 'Show as table' }).click();
      await section(page, 'Songs uploaded per month').getByRole('table').waitFor();
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await screenshot(page, `stats-${width}-table`);
    });
  }
});
