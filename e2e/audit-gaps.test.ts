import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { Page as ApiPage, Clip, Media, Stream } from '../common/api';
import { screenshot, useBrowser } from './support/browser';
import { recordApiCalls, waitForCall, waitForCards, waitForPath, waitForTitle, waitForToast } from './support/expect';
import { DEMO_ADMIN, DEMO_VIEWER, loginAs } from './support/fixtures';

/** Spec gaps of issue 9's audit of the built screens: toasts, selects, titles, lists, links, forms and layout. */

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${inject('baseURL')}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** A promise and the function that settles it: lets a routed call wait for a step of the test. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

const toasts = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

describe('toasts (spec 9: newest on top, 1,000 ms after a hover)', () => {
  const browser = useBrowser();

  it('puts the newest toast on top', async () => {
    const page = await browser.newPage();
    const statsMayFail = gate();
    await page.route('**/api/stats', async (route) => {
      await statsMayFail.opened;
      await route.fulfill({ status: 500, body: '' });
    });
    await page.goto('/?loginSuccess=false');
    const older = await waitForToast(page, 'Error', 'An error occurred when logging in');
    statsMayFail.open();
    const newer = await waitForToast(page, 'Error', 'Unable to retrieve stats');
    const [olderBox, newerBox] = [await older.boundingBox(), await newer.boundingBox()];
    expect(newerBox!.y).toBeLessThan(olderBox!.y);
  });

  it('removes a toast 1,000 ms after the pointer leaves it', async () => {
    const page = await browser.newPage();
    await page.clock.install();
    await page.goto('/?loginSuccess=false');
    const toast = await waitForToast(page, 'Error', 'An error occurred when logging in');
    await toast.hover();
    const box = (await toast.boundingBox())!;
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    // Hovered: it stays however long.
    await page.clock.runFor(10_000);
    expect(await toasts(page, 'An error occurred when logging in').count()).toBe(1);
    await page.mouse.move(box.x - 300, box.y + 400);
    await page.clock.runFor(900);
    expect(await toasts(page, 'An error occurred when logging in').count()).toBe(1);
    // 1,000 ms and the 300 ms exit animation later it is gone (the 5 s display time would keep it).
    await page.clock.runFor(600);
    await page.clock.runFor(100);
    expect(await toasts(page, 'An error occurred when logging in').count()).toBe(0);
  });
});

describe('filter selects (spec 2 select defaults, spec 9 type-ahead)', () => {
  const browser = useBrowser();

  it('picks a provider and a channel by typing, 200 ms after the last key', async () => {
    const page = await browser.newPage();
    await page.clock.install();
    await page.goto('/latest');
    await page.getByRole('button', { name: 'Filter' }).click();
    const providers = page.getByRole('combobox', { name: 'Providers', exact: true });
    await providers.focus();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    await page.keyboard.type('so');
    await page.clock.runFor(150);
    expect(await page.getByRole('form', { name: 'Filter' }).textContent()).not.toContain('SoundCloud');
    await page.clock.runFor(100);
    expect(await page.getByRole('form', { name: 'Filter' }).textContent()).toContain('SoundCloud');

    // Several keys make one prefix: "nova m" is "Nova Music", not the first "Nova ..." channel.
    await page.getByRole('combobox', { name: 'Channels', exact: true }).focus();
    await page.keyboard.type('nova m');
    await page.clock.runFor(250);
    await page.clock.resume();
    await page.getByRole('button', { name: 'APPLY' }).click();
    await waitForPath(page, /^\/latest\?providers=youtube&providers=sound_cloud&sources=\w+_music$/);
    await screenshot(page, 'gaps-filter-1280');
  });

  it('titles the clear button "Clear all"', async () => {
    const page = await browser.open('/latest');
    await page.getByRole('button', { name: 'Filter' }).click();
    // Mantine hides the clear button from assistive technology (the pills have their own remove buttons).
    const clear = page.locator('button[aria-label="Clear all"]').first();
    expect(await clear.getAttribute('title')).toBe('Clear all');
  });
});

describe('filters in the URL (spec 4 "Query parameter parsing")', () => {
  const browser = useBrowser();

  it('drops unknown sources as the server does', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/latest?sources=foo_music');
    await waitForPath(page, '/latest?providers=youtube');
    await waitForCall(page, calls, /^\/api\/media\/latest\?providers=youtube&page=1/);
    await page.getByRole('button', { name: 'Filter' }).click();
    expect(await page.getByRole('form', { name: 'Filter' }).textContent()).not.toContain('foo');
  });

  it('keeps the default provider when every provider in the URL is unknown', async () => {
    const page = await browser.newPage();
    const calls = recordApiCalls(page);
    await page.goto('/latest?providers=foo&tags=abc');
    await waitForPath(page, '/latest?providers=youtube');
    await waitForCall(page, calls, /^\/api\/media\/latest\?providers=youtube&page=1/);
  });
});

describe('clips and detail pages', () => {
  const browser = useBrowser();

  it('/clips is titled by its view, in the tab and the heading', async () => {
    const latest = await browser.open('/clips?period=six_months&sort=latest');
    await waitForTitle(latest, 'Latest Clips | Almanac');
    await latest.getByRole('heading', { level: 1, name: 'Latest Clips' }).waitFor();
    await latest.getByRole('button', { name: 'PAST WEEK' }).click();
    await waitForTitle(latest, 'Top Clips | Almanac');
    await latest.getByRole('heading', { level: 1, name: 'Top Clips' }).waitFor();
  });

  it("shows a stream's top 4 clips, without Load More", async () => {
    const streams = await api<ApiPage<Stream>>('/api/streams/latest?size=50');
    let streamId: number | undefined;
    for (const stream of streams.content) {
      const clips = await api<ApiPage<Clip>>(`/api/clips/top?streamId=${stream.id}&period=all_time&size=5`);
      if (clips.content.length > 4) {
        streamId = stream.id;
        break;
      }
    }
    expect(streamId).toBeDefined();
    const page = await browser.open(`/streams/${streamId}`);
    const topClips = page.getByRole('region', { name: 'Top Clips', exact: true });
    await waitForCards(page, 4, topClips);
    expect(await topClips.getByRole('button', { name: 'Load More' }).count()).toBe(0);
    await screenshot(page, 'gaps-stream-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'gaps-stream-375');
  });

  it('shows Watch Stream for a song with a stream timestamp', async () => {
    const songs = await api<ApiPage<Media>>('/api/media/latest?providers=youtube&size=5');
    const song = songs.content[0]!;
    const page = await browser.newPage();
    await page.route(`**/api/media/${song.id}`, (route) => route.fulfill({ json: { ...song, streamId: null, streamTimestamp: 754 } }));
    await page.goto(`/media/${song.id}`);
    const watch = page.getByRole('link', { name: 'Watch Stream at 12:34' });
    expect(await watch.getAttribute('href')).toBe(`/api/media/${song.id}/launchStream`);
  });

  it('keeps the About panel as tall as its content', async () => {
    const songs = await api<ApiPage<Media>>('/api/media/latest?providers=youtube&size=1');
    const page = await browser.open(`/media/${songs.content[0]!.id}`);
    const about = page.getByRole('region', { name: 'About' });
    await page.getByTestId('detail-actions').waitFor();
    const gap = await about.evaluate((panel) => {
      const facts = panel.querySelector('[data-testid=fact-list]')!.getBoundingClientRect();
      const actions = panel.querySelector('[data-testid=detail-actions]')!.getBoundingClientRect();
      return actions.top - facts.bottom;
    });
    // The divider and its margins only.
    expect(gap).toBeLessThan(60);
    await screenshot(page, 'gaps-media-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'gaps-media-375');
  });

  it('gives the first Playlists section room under the page title', async () => {
    const page = await browser.open('/playlists');
    const h1 = await page.getByRole('heading', { level: 1 }).boundingBox();
    const h2 = await page.getByRole('heading', { level: 2, name: 'Recently Updated' }).boundingBox();
    expect(h2!.y - (h1!.y + h1!.height)).toBeGreaterThanOrEqual(32);
    await screenshot(page, 'gaps-playlists-1280');
  });
});

describe('cards, home and admin toasts', () => {
  const browser = useBrowser();

  it("never leaves a card's meta separator at the edge of a line", async () => {
    const page = await browser.open('/latest?providers=sound_cloud', { width: 600 });
    await waitForCards(page, 9);
    const { lines, dangling } = await page.evaluate(() => {
      const found: string[] = [];
      for (const line of document.querySelectorAll<HTMLElement>('[data-testid=card-meta]')) {
        const box = line.getBoundingClientRect();
        for (const separator of line.querySelectorAll<HTMLElement>('[data-separator]')) {
          const rect = separator.getBoundingClientRect();
          if (rect.right <= box.left + 0.5) continue; // clipped: the first on its line
          // A shown separator has text on both sides, on its own row.
          const row = [...line.querySelectorAll<HTMLElement>('[data-part]')].filter(
            (part) => Math.abs(part.getBoundingClientRect().top - rect.top) < 4,
          );
          const before = row.some((part) => part.getBoundingClientRect().right <= rect.left + 1 && !part.contains(separator));
          const after = row.some((part) => part.contains(separator) && part.getBoundingClientRect().right > rect.right + 1);
          if (!before || !after) found.push(line.textContent ?? '');
        }
      }
      return { lines: document.querySelectorAll('[data-testid=card-meta]').length, dangling: found };
    });
    expect(lines).toBeGreaterThan(0);
    expect(dangling).toEqual([]);
    await screenshot(page, 'gaps-latest-600');
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
    expect(await toasts(page, 'Unable to retrieve latest streams').count()).toBe(1);
  });

  it('says exactly "... approved", with the import report below it', async () => {
    const page = await browser.newPage();
    await loginAs(page, DEMO_ADMIN);
    const request = {
      id: 999,
      playlistId: 1,
      playlistName: 'Fake',
      remoteId: 'PLfakefakefake',
      submittedBy: 'x',
      updatedAt: new Date().toISOString(),
    };
    await page.route('**/api/playlists/refresh?*', (route) => {
      const type = new URL(route.request().url()).searchParams.get('type');
      const content = type === 'refresh' ? [request] : [];
      return route.fulfill({ json: { content, page: 1, size: 21, totalElements: content.length, totalPages: 1, last: true } });
    });
    await page.route('**/api/playlists/refresh/999/approve', (route) =>
      route.fulfill({
        json: {
          message: 'Fake: 3 songs added, 2 kept',
          report: { id: 1, remoteId: 'PLfakefakefake', name: 'Fake', created: false, added: 3, kept: 2, skipped: 0, removed: 0 },
        },
      }),
    );
    await page.goto('/admin/refreshes');
    await page.getByRole('button', { name: /^Approve /i }).click();
    const toast = await waitForToast(page, 'Success', 'Playlist refresh request approved');
    const lines = await toast.locator('.mantine-Notification-description > *').allInnerTexts();
    expect(lines).toEqual(['Playlist refresh request approved', 'Fake: 3 songs added, 2 kept']);
    await screenshot(page, 'gaps-approval-toast-1280');
  });
});

describe('form errors (spec 5 "Generic form errors")', () => {
  const browser = useBrowser();

  it('names what is wrong with a playlist URL', async () => {
    const page = await browser.newPage();
    await loginAs(page, DEMO_VIEWER);
    await page.goto('/playlists/community/submit');
    const field = page.getByRole('textbox', { name: 'Playlist URL' });
    await field.focus();
    await field.blur();
    await page.getByText('Playlist URL is required', { exact: true }).waitFor();
    await field.fill('https://youtu.be/abc');
    await page.getByText('Playlist URL must be at least 38 characters long (it has 20)', { exact: true }).waitFor();
    await field.fill('not a url but long enough to be judged here');
    await page.getByText('Playlist URL must be a valid URL', { exact: true }).waitFor();
    await screenshot(page, 'gaps-community-submit-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'gaps-community-submit-375');
  });
});
