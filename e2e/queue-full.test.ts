import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_FULL_MESSAGE, REQUEST_LIMITS_PATH, type RequestLimits } from '../common/request-limits';
import { seriousViolations } from './support/axe';
import { expectNoPageErrors, type PageOptions, screenshot, useBrowser } from './support/browser';
import { DEMO_ADMIN, loginAs } from './support/fixtures';
import { payFlip } from './support/payments';
import { type Site, startSite } from './support/site';

/**
 * QUEUE_MAX (issue 19's fair limits) in Chromium against the real server: while the request queue is
 * full, both request pages say so and lock before the fan pastes or records anything, at once on
 * pages already open (the features socket) and on pages opened meanwhile; a request played makes
 * room, and they unlock without a reload. The run's shared site holds 50; this file starts a site of
 * its own that holds 2 (no demo catalogue: flips of any video link work without one).
 */

let site: Site;
beforeAll(async () => {
  site = await startSite({ dataDirPrefix: 'almanac-e2e-queue-full-', readyWithinMs: 100_000, env: { QUEUE_MAX: '2', DEMO_SEED: 'false' } });
});
afterAll(async () => {
  await site?.stop();
});

const queueFull = async () => ((await (await fetch(`${site.baseURL}${REQUEST_LIMITS_PATH}`)).json()) as RequestLimits).queueFull;

let fans = 0;
/** Paid flips, each by a fan of its own, until the queue is full. */
async function fillQueue(): Promise<void> {
  while (!(await queueFull())) {
    fans += 1;
    await payFlip(site.baseURL, `fuLLqueue${String(fans).padStart(2, '0')}`, `Full-Fan-${fans}`);
  }
}

const urlBox = (page: Page) => page.getByRole('textbox', { name: 'Video URL' });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const notice = (page: Page) => page.getByTestId('queue-full');
const EARLY_LINK = 'https://www.youtube.com/watch?v=eArLyFaN001';

/** Waits until the flip page's link field is usable (the switch and the queue read, and open). */
const flipUnlocked = (page: Page) =>
  page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[placeholder="Enter YouTube video URL"]')?.disabled === false);
/** Waits until the sample page's Record is usable. */
const sampleUnlocked = (page: Page) =>
  page.waitForFunction(() => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Record')?.disabled === false);

describe('a full request queue (QUEUE_MAX=2, a site of its own)', () => {
  const browser = useBrowser();
  const open = (url: string, options: PageOptions) => browser.open(url, { ...options, baseURL: site.baseURL });

  /** NEXT REQUEST as the demo admin (through the API: the queue page has its own tests). */
  async function playNext() {
    const admin = await browser.newPage({ baseURL: site.baseURL });
    await loginAs(admin, DEMO_ADMIN);
    const next = await admin.request.post('/api/requests/flip/next', { headers: { origin: site.baseURL } });
    expect(next.status(), await next.text()).toBe(200);
  }

  async function expectFlipLocked(page: Page) {
    await notice(page).getByText(QUEUE_FULL_MESSAGE).waitFor();
    expect(await urlBox(page).isDisabled()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Nickname' }).isDisabled()).toBe(true);
    expect(await button(page, 'VERIFY').isDisabled()).toBe(true);
  }

  async function expectSampleLocked(page: Page) {
    await notice(page).getByText(QUEUE_FULL_MESSAGE).waitFor();
    expect(await button(page, 'Record').isDisabled()).toBe(true);
    expect(await button(page, 'VERIFY').isDisabled()).toBe(true);
  }

  it('locks both open pages with the message when the queue fills, and unlocks them live when a request plays', async () => {
    // A fan on each page before the queue fills; the flip fan has pasted a link already.
    const flip = await open('/request/flip', { width: 1280 });
    const sample = await open('/request/sample', { width: 375 });
    await flipUnlocked(flip);
    await sampleUnlocked(sample);
    await flip.getByRole('textbox', { name: 'Nickname' }).fill('Early-Fan');
    await urlBox(flip).fill(EARLY_LINK);
    expect(await button(flip, 'VERIFY').isDisabled()).toBe(false);
    expect(await notice(flip).count()).toBe(0);
    for (const page of [flip, sample]) await page.evaluate(() => Object.assign(window, { stayedLoaded: true }));

    await fillQueue();
    await expectFlipLocked(flip);
    await expectSampleLocked(sample);
    await screenshot(flip, 'queue-full-flip-1280');
    await screenshot(sample, 'queue-full-sample-375');

    // NEXT: one request plays, one waits; both pages unlock without a reload.
    await playNext();
    expect(await queueFull()).toBe(false);
    for (const page of [flip, sample]) await notice(page).waitFor({ state: 'detached' });
    await flipUnlocked(flip);
    await sampleUnlocked(sample);
    // What the fan pasted is still there, and VERIFY works again.
    expect(await urlBox(flip).inputValue()).toBe(EARLY_LINK);
    expect(await button(flip, 'VERIFY').isDisabled()).toBe(false);
    for (const page of [flip, sample]) {
      expect(await page.evaluate(() => (window as unknown as { stayedLoaded?: boolean }).stayedLoaded)).toBe(true);
      expectNoPageErrors(page);
    }
  });

  it('says so at once on a page opened while the queue is full', async () => {
    await fillQueue();
    const flip = await open('/request/flip', { width: 375 });
    const sample = await open('/request/sample', { width: 1280 });
    await expectFlipLocked(flip);
    await expectSampleLocked(sample);
    await screenshot(flip, 'queue-full-flip-375');
    await screenshot(sample, 'queue-full-sample-1280');
    expect(await seriousViolations(flip)).toEqual([]);
    expect(await seriousViolations(sample)).toEqual([]);
    expectNoPageErrors(flip);
    expectNoPageErrors(sample);
  });
});
