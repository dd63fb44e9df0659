import { describe, expect, it } from 'vitest';
import { expectNoPageErrors, failRequests, useBrowser } from './support/browser';
import { gate, recordApiCalls, toasts, waitForCall, waitForCards, waitForPath, waitForTitle, waitForToast } from './support/expect';

interface StatsBody {
  streamCount: number;
  streamDuration: number;
  clipCount: number;
  tagStats: { id: number; name: string; count: number }[];
  providerStats: Record<'youtube' | 'sound_cloud', { mediaCount: number; mediaDuration: number }>;
}

describe('home', () => {
  const browser = useBrowser();

  it('shows the button bar, the last stream, stats, top tags and short pages of top and latest songs', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/');
    await waitForTitle(page, 'Home | Almanac');

    const shortcuts = page.getByRole('navigation', { name: 'Shortcuts' });
    const targets: Record<string, string> = {
      Socials: '/socials',
      'Top Songs': '/top',
      Albums: '/playlists/albums',
      Radio: '/radio',
      'Sample Request': '/request/sample',
    };
    for (const [label, href] of Object.entries(targets)) {
      expect(await shortcuts.getByRole('link', { name: label }).getAttribute('href')).toBe(href);
    }

    // Not live (the sandbox stream is offline): the last stream with its player.
    const last = page.getByRole('region', { name: 'Last stream' });
    await last.getByRole('button', { name: /^Play .+ on (YouTube|Twitch)$/ }).waitFor();
    expect(await page.getByTestId('live-banner').count()).toBe(0);

    // Stats as the API counts them, durations in whole hours.
    const stats = (await (await page.request.get('/api/stats')).json()) as StatsBody;
    const statsBox = page.getByTestId('channel-stats');
    await statsBox
      .getByText(`${Math.round(stats.streamDuration / 3600).toLocaleString('en-US')} hours`)
      .first()
      .waitFor();
    await statsBox.getByText(stats.clipCount.toLocaleString('en-US'), { exact: true }).waitFor();

    // Top tags link to a tag search.
    const topTag = stats.tagStats[0]!;
    const tagLink = page.getByRole('region', { name: 'Top tags' }).getByRole('link', { name: new RegExp(`^${topTag.name}`) });
    expect(await tagLink.getAttribute('href')).toBe(`/search?tags=${topTag.id}`);

    // Short pages: 8 on wide screens, in paged mode.
    await waitForCall(page, calls, /^\/api\/media\/top\?period=month&page=1&size=8$/);
    await waitForCall(page, calls, /^\/api\/media\/latest\?page=1&size=8$/);
    const top = page.getByRole('region', { name: 'Top Songs This Month' });
    await waitForCards(page, 8, top);
    await top.getByRole('button', { name: 'Load More' }).click();
    await waitForCall(page, calls, /^\/api\/media\/top\?period=month&page=2&size=8$/);
    await waitForCards(page, 8, page.getByRole('region', { name: 'Latest Songs' }));
    // The server wrote the public configuration into the page: no round trip for it before the first render.
    expect(calls.filter((call) => call.startsWith('/api/config'))).toEqual([]);
    expectNoPageErrors(page);
  });

  it('plays the last stream only when asked', async () => {
    const page = await browser.open('/');
    const play = page.getByRole('region', { name: 'Last stream' }).getByRole('button', { name: /^Play / });
    expect(await page.locator('iframe').count()).toBe(0);
    await play.click();
    const src = await page.locator('iframe').first().getAttribute('src');
    expect(src).toMatch(/^https:\/\/(www\.youtube-nocookie\.com\/embed\/|player\.twitch\.tv\/\?video=)/);
  });

  it('shows the live banner and the live player when the streamer is live', async () => {
    const page = await browser.newPage();
    await page.route('**/api/live', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ live: true, title: 'Late night piano requests', startedAt: new Date(Date.now() - 3_600_000).toISOString() }),
      }),
    );
    await page.goto('/');
    const banner = page.getByTestId('live-banner');
    await banner.getByText('Nova is live now!').waitFor();
    await banner.getByText('Late night piano requests').waitFor();
    expect(await page.getByRole('region', { name: 'Last stream' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Play Nova live on Twitch' }).click();
    const src = await page.locator('iframe').first().getAttribute('src');
    expect(src).toBe('https://player.twitch.tv/?channel=nova_almanac_demo&parent=127.0.0.1&autoplay=false');
  });

  it('toasts the login result and drops the parameter', async () => {
    const page = await browser.open('/?loginSuccess=true');
    await waitForToast(page, 'Success', 'Logged in');
    await waitForPath(page, '/');
    await page.goto('/?loginSuccess=false');
    await waitForToast(page, 'Error', 'An error occurred when logging in');
    await waitForPath(page, '/');
  });

  it('toasts failed reads of stats and songs', async () => {
    const page = await browser.newPage();
    await failRequests(page, '**/api/stats');
    await failRequests(page, '**/api/media/latest?*');
    await page.goto('/');
    await waitForToast(page, 'Unable to retrieve stats', 'Something went wrong on our side. Please try again.');
    await waitForToast(page, 'Unable to retrieve latest songs', 'Something went wrong on our side. Please try again.');
    await page.getByRole('region', { name: 'Latest Songs' }).getByText('An error occurred when loading media').waitFor();
    // A failed load can be retried with Load More.
    await page.unroute('**/api/media/latest?*');
    await page.getByRole('region', { name: 'Latest Songs' }).getByRole('button', { name: 'Load More' }).click();
    await waitForCards(page, 8, page.getByRole('region', { name: 'Latest Songs' }));
  });

  it('uses short pages of 4 on phones', async () => {
    const page = await browser.newPage({ width: 375 });
    const calls = recordApiCalls(page);
    await page.goto('/');
    await waitForCall(page, calls, /^\/api\/media\/top\?period=month&page=1&size=4$/);
    await waitForCards(page, 4, page.getByRole('region', { name: 'Top Songs This Month' }));
  });

  it('toasts a failed last-stream read once', async () => {
    const page = await browser.newPage();
    const streamFailed = gate();
    await page.route('**/api/streams/latest?*', async (route) => {
      await route.fulfill({ status: 500, body: '' });
      streamFailed.open();
    });
    // "Not live" only once the last-stream read has failed, so both readers have mounted by then.
    await page.route('**/api/live', async (route) => {
      await streamFailed.opened;
      await route.continue();
    });
    await page.goto('/');
    await page.getByRole('region', { name: 'Last stream' }).getByText('An error occurred when loading streams').waitFor();
    await page.getByRole('region', { name: 'Latest Songs' }).getByTestId('item-card').first().waitFor();
    // The toasts' host is a late chunk, loaded with the first toast: its toast may show a moment after the text.
    await expect.poll(() => toasts(page, 'Unable to retrieve latest streams').count()).toBe(1);
  });
});
