import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page as ApiPage, Media } from '../common/api';
import type { Receipt } from '../common/receipt';
import type { SongRequest } from '../common/requests';
import { seriousViolations } from './support/axe';
import { expectNoPageErrors, type PageOptions, screenshot, useBrowser } from './support/browser';
import { waitForPath, waitForTitle } from './support/expect';
import { DEMO_ADMIN, loginAs } from './support/fixtures';
import { payFlip } from './support/payments';
import { type Site, startSite } from './support/site';

/**
 * The fan's receipt (/requests/{id}, issue 20) in Chromium against the real server: a paid flip's page
 * follows it live from the queue to the stream, its place and ETA moving as the requests ahead play;
 * a rejected one says it was refunded, and why when the admin shows the reason; an unknown id says so;
 * and once a request played during a live stream whose recording the sync brought, the receipt, the
 * history row and the song it became link the moment.
 *
 * A site of its own: a fresh queue with no plays yet (the ETA is REQUEST_SLOT_MINUTES, 5, per request
 * ahead, so its texts are known), the live check every second (the demo's is every minute), and no
 * demo catalogue until this file's sync, whose new recording would be every other file's latest stream.
 */

let site: Site;
beforeAll(async () => {
  site = await startSite({
    dataDirPrefix: 'almanac-e2e-receipt-',
    readyWithinMs: 100_000,
    env: { DEMO_SEED: 'false', LIVE_POLL_SECONDS: '1', REQUEST_LIMIT_PER_BUYER: '1000', QUEUE_MAX: '100000' },
  });
});
afterAll(async () => {
  await site?.stop();
});

const api = (path: string, init?: RequestInit) => fetch(`${site.baseURL}${path}`, init);
const readReceipt = async (id: number) => (await (await api(`/api/requests/${id}/receipt`)).json()) as Receipt;
const pay = async (videoId: string, username: string) => (await payFlip(site.baseURL, videoId, username)).requestId;

/** The sandbox's control (this machine only): the streamer goes live, or ends the stream (archived as a Twitch VOD). */
async function sandboxLive(live: boolean): Promise<void> {
  const response = await api('/sandbox/control/live', {
    method: live ? 'POST' : 'DELETE',
    headers: live ? { 'content-type': 'application/json', origin: site.baseURL } : { origin: site.baseURL },
    body: live ? JSON.stringify({ title: 'Receipt night' }) : undefined,
  });
  expect(response.status, await response.text()).toBe(200);
}

const status = (page: Page) => page.getByTestId('receipt-status');
const waiting = (page: Page) => page.getByTestId('receipt-waiting');
const timelineLabels = (page: Page) => page.getByTestId('receipt-timeline').locator('li > p:first-child').allTextContents();

/** Waits until the status panel's headline (and the waiting line, or none) read as expected. */
async function waitForStatus(page: Page, headline: string, line: RegExp | null): Promise<void> {
  await status(page).getByText(headline, { exact: true }).waitFor();
  if (line === null) {
    await waiting(page).waitFor({ state: 'detached' });
    return;
  }
  try {
    await page.waitForFunction(
      ({ source }) => new RegExp(source).test(document.querySelector('[data-testid="receipt-waiting"]')?.textContent ?? ''),
      { source: line.source },
      { timeout: 15_000 },
    );
  } catch {
    throw new Error(`Expected the waiting line ${line}, saw "${await waiting(page).textContent()}"`);
  }
}

async function waitForTimeline(page: Page, labels: string[]): Promise<void> {
  await vi.waitFor(async () => expect(await timelineLabels(page)).toEqual(labels), { timeout: 15_000, interval: 100 });
}

describe("the fan's receipt (a site of its own)", () => {
  const browser = useBrowser();
  const open = (url: string, options: PageOptions = {}) => browser.open(url, { ...options, baseURL: site.baseURL });

  async function adminPage(): Promise<Page> {
    const admin = await browser.newPage({ baseURL: site.baseURL });
    await loginAs(admin, DEMO_ADMIN);
    return admin;
  }

  /** NEXT REQUEST as the admin, through the API (its cookies, this site's Origin). */
  async function next(admin: Page): Promise<void> {
    const response = await admin.request.post('/api/requests/flip/next', { headers: { origin: site.baseURL } });
    expect(response.status(), await response.text()).toBe(200);
  }

  async function reject(admin: Page, id: number, body: { reason?: string; showReason?: boolean }): Promise<void> {
    const response = await admin.request.post(`/api/requests/${id}/reject`, { headers: { origin: site.baseURL }, data: body });
    expect(response.status(), await response.text()).toBe(200);
  }

  it('follows a paid flip live from third in the queue to played, its place and ETA moving as the requests ahead play', async () => {
    await pay('rEcEiPt0001', 'Receipt-Fan-1');
    await pay('rEcEiPt0002', 'Receipt-Fan-2');
    const id = await pay('rEcEiPt0003', 'Receipt-Fan-3');
    const answer = await readReceipt(id);
    expect(answer).toMatchObject({ id, kind: 'flip', status: 'queued', position: 3, username: 'Receipt-Fan-3', amount: '20.00' });

    const page = await open(`/requests/${id}`, { width: 375 });
    await waitForTitle(page, 'Request | Almanac');
    await page.getByRole('heading', { level: 1, name: 'Flip Request' }).waitFor();
    const title = page.getByRole('heading', { level: 2, name: answer.title });
    expect(await title.getByRole('link').getAttribute('href')).toBe('https://www.youtube.com/watch?v=rEcEiPt0003');
    expect(await title.getByRole('link').getAttribute('target')).toBe('_blank');
    const text = await page.locator('main').textContent();
    expect(text).toContain('Requested by Receipt-Fan-3');
    expect(text).toContain('Paid $20.00');
    // No plays yet on this site: five minutes per request, two ahead.
    await waitForStatus(page, 'In the queue', /^#3 in the queue · about 10 minutes$/);
    await waitForTimeline(page, ['Queued']);
    // The timeline's time is relative, its exact time on hover.
    await page.getByTestId('receipt-timeline').locator('time').hover();
    await page.getByRole('tooltip').waitFor();
    // A marker that a reload would wipe.
    await page.evaluate(() => Object.assign(window, { stayedLoaded: true }));

    const admin = await adminPage();
    await next(admin);
    // Something plays now: the next one starts a pace (still five minutes) after it began, then one more.
    await waitForStatus(page, 'In the queue', /^#2 in the queue · about (9|10) minutes$/);
    await next(admin);
    // Two plays seconds apart: that is the streamer's pace now, and this one is next.
    await waitForStatus(page, 'In the queue', /^#1 in the queue · (about a minute|any minute now)$/);
    await next(admin);
    await waitForStatus(page, 'Playing on stream now', null);
    await waitForTimeline(page, ['Queued', 'Playing on stream']);
    await next(admin);
    await waitForStatus(page, 'Played on stream', null);
    await waitForTimeline(page, ['Queued', 'Playing on stream', 'Played']);
    // Played offline: no moment to watch.
    expect(await page.getByRole('link', { name: 'Watch the moment' }).count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { stayedLoaded?: boolean }).stayedLoaded)).toBe(true);
    expectNoPageErrors(page);
  });

  it('looks right and passes axe at 375 and 1280 px while queued', async () => {
    await pay('rEcEiPt0004', 'Receipt-Fan-4');
    const id = await pay('rEcEiPt0005', 'Receipt-Fan-5');
    for (const width of [375, 1280]) {
      const page = await open(`/requests/${id}`, { width });
      // The pace is the last test's plays, seconds apart: "any minute now", or a minute.
      await waitForStatus(page, 'In the queue', /^#2 in the queue · (about a minute|any minute now)$/);
      expect(await page.getByRole('link', { name: 'Request Queue' }).getAttribute('href')).toBe('/requests/queue');
      expect(await page.getByRole('link', { name: 'Request History' }).getAttribute('href')).toBe('/requests/history');
      // From 992 px the timeline sits beside the request and its status, not under them (issue 24 item 8).
      const timeline = await page.getByTestId('receipt-timeline').boundingBox();
      const state = await status(page).boundingBox();
      if (width === 1280) expect(timeline!.x).toBeGreaterThan(state!.x + state!.width);
      else expect(timeline!.y).toBeGreaterThan(state!.y + state!.height);
      await screenshot(page, `receipt-queued-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      expectNoPageErrors(page);
    }
  });

  it('says plainly when a request was refunded, with the reason the admin chose to show', async () => {
    // The two queued by the test before: #1 and #2.
    const queued = (await (await api('/api/requests/flip/queue')).json()) as { requestId: number }[];
    expect(queued).toHaveLength(2);
    const [first, second] = queued.map((item) => item.requestId) as [number, number];
    const page = await open(`/requests/${second}`, { width: 375 });
    await waitForStatus(page, 'In the queue', /^#2 in the queue/);

    const admin = await adminPage();
    await reject(admin, second, { reason: 'This one is not a song we can flip on stream', showReason: true });
    await waitForStatus(page, 'Refunded: your payment was returned in full', null);
    await status(page).getByText('This request will not be played.').waitFor();
    expect(await page.getByTestId('receipt-reason').textContent()).toBe('Reason: This one is not a song we can flip on stream');
    expect((await timelineLabels(page)).at(-1)).toBe('Refunded');
    await screenshot(page, 'receipt-refunded-375');
    expect(await seriousViolations(page)).toEqual([]);

    // A reason kept private is not shown.
    await reject(admin, first, { reason: 'Private note', showReason: false });
    const other = await open(`/requests/${first}`, { width: 1280 });
    await waitForStatus(other, 'Refunded: your payment was returned in full', null);
    expect(await other.getByTestId('receipt-reason').count()).toBe(0);
    expect(await other.locator('main').textContent()).not.toContain('Private note');
    expectNoPageErrors(page);
    expectNoPageErrors(other);
  });

  it('says so for an unknown request, without an error toast; an id that cannot be one goes home', async () => {
    expect((await api('/api/requests/999999/receipt')).status).toBe(404);
    const page = await open('/requests/999999', { width: 375 });
    await page.getByTestId('receipt-unknown').getByText('There is no request 999999.').waitFor();
    expect(await page.getByRole('link', { name: 'request history' }).getAttribute('href')).toBe('/requests/history');
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
    await screenshot(page, 'receipt-unknown-375');
    expect(await seriousViolations(page)).toEqual([]);
    expectNoPageErrors(page);

    const bad = await open('/requests/not-a-number');
    await waitForPath(bad, '/');
  });

  it('links the moment on stream once the recording is synced, on the receipt, the history row and the song it became', async () => {
    await sandboxLive(true);
    let live = false;
    try {
      // The live check (every second here) sees the stream start.
      await vi.waitFor(async () => expect(((await (await api('/api/live')).json()) as { live: boolean }).live).toBe(true), {
        timeout: 15_000,
        interval: 200,
      });
      live = true;
      const id = await pay('rEcEiPt0009', 'Moment-Fan');
      const page = await open(`/requests/${id}`, { width: 1280 });
      await waitForStatus(page, 'In the queue', /^#1 in the queue/);
      const admin = await adminPage();
      await next(admin);
      await waitForStatus(page, 'Playing on stream now', null);
      await next(admin);
      await waitForStatus(page, 'Played on stream', null);
      // The recording has to run past the second it played (its length is counted in whole seconds).
      await vi.waitFor(
        async () => {
          const answer = await readReceipt(id);
          const played = Date.parse(answer.timeline.find((step) => step.status === 'playing')!.at);
          expect(Date.now() - played).toBeGreaterThan(2_000);
        },
        { timeout: 10_000, interval: 250 },
      );
      await sandboxLive(false);
      live = false;
      expect(await page.getByRole('link', { name: 'Watch the moment' }).count()).toBe(0);

      // The sync brings the ended stream's recording (demo mode: asked from this machine).
      const sync = await api('/api/sync', { method: 'POST', headers: { origin: site.baseURL } });
      expect(sync.status, await sync.text()).toBe(200);
      const answer = await readReceipt(id);
      // The sandbox's stream began 45 minutes before it went live here: the request played that far in.
      expect(answer.moment?.url).toMatch(/^https:\/\/www\.twitch\.tv\/videos\/\d+\?t=0h4[5-9]m\d+s$/);
      expect(answer.moment!.seconds).toBeGreaterThanOrEqual(45 * 60);
      await page.reload();
      const moment = page.getByRole('link', { name: 'Watch the moment' });
      await moment.waitFor();
      expect(await moment.getAttribute('href')).toBe(answer.moment!.url);
      expect(await moment.getAttribute('target')).toBe('_blank');

      const history = await open('/requests/history?from=Moment-Fan', { width: 375 });
      const row = history.getByTestId('request-card').first();
      expect(await row.getByRole('link', { name: /^Watch the moment / }).getAttribute('href')).toBe(answer.moment!.url);
      expect(await row.getByRole('link', { name: /^Receipt of / }).getAttribute('href')).toBe(`/requests/${id}`);

      // An admin names the song it became.
      const song = ((await (await api('/api/media/latest?size=1')).json()) as ApiPage<Media>).content[0]!;
      const edit = await admin.request.post(`/api/requests/history/${id}`, {
        headers: { origin: site.baseURL },
        data: { username: 'Moment-Fan', mediaId: song.id },
      });
      expect(edit.status(), await edit.text()).toBe(200);
      const row2 = (await (await api(`/api/requests/history/${id}`)).json()) as SongRequest;
      expect(row2.mediaId).toBe(song.id);
      await page.reload();
      const became = page.getByTestId('receipt-became');
      await became.waitFor();
      expect(await became.textContent()).toBe(`Became: ${song.name}`);
      expect(await became.getByRole('link').getAttribute('href')).toBe(`/media/${song.id}`);
      await screenshot(page, 'receipt-played-1280');
      expect(await seriousViolations(page)).toEqual([]);

      // The song's page links back to the receipt and to the moment.
      await became.getByRole('link').click();
      await waitForPath(page, `/media/${song.id}`);
      const box = page.getByRole('region', { name: 'Song Flip Requested by Moment-Fan' });
      expect(await box.getByRole('link', { name: 'Receipt' }).getAttribute('href')).toBe(`/requests/${id}`);
      expect(await box.getByRole('link', { name: 'Watch the moment' }).getAttribute('href')).toBe(answer.moment!.url);
      await box.getByRole('link', { name: 'Receipt' }).click();
      await waitForPath(page, `/requests/${id}`);
      await page.getByTestId('receipt-became').waitFor();
      expectNoPageErrors(page);
      expectNoPageErrors(history);
    } finally {
      if (live) await sandboxLive(false);
    }
  }, 240_000);
});
