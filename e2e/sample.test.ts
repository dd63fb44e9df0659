import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { Page as ApiPage } from '../common/api';
import { DEMO_OVERLAY_KEY } from '../common/overlays';
import type { SongRequest } from '../common/requests';
import { expectNoPageErrors, screenshot, useBrowser } from './support/browser';
import { waitForCards, waitForTitle, waitForToast } from './support/expect';
import { DEMO_ADMIN, loginAs } from './support/fixtures';

/**
 * /request/sample in Chromium with its fake microphone (e2e/support/chromium.ts) against the real
 * server and the PayPal stand-in: record, VERIFY (the server measures and prices), pay, have an admin
 * approve it (samples are held for approval), hear it on the streamer's sample player
 * (/overlays/samples), replay it from the history and hear it again. Holding and rejecting: e2e/approvals.test.ts.
 */

const NOT_ENABLED = 'Sample requests are not currently enabled. Check back again during the next livestream!';
const NO_DEVICE = "Unfortunately you don't currently have any audio recording devices connected";
const SUCCESS = 'Payment Successful - your sample has been uploaded. Listen out for it during the song!';

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const timerSeconds = async (page: Page) => Number.parseFloat((await page.getByTestId('sample-timer').textContent()) ?? 'NaN');

/** Records until the page's timer passes `seconds` (after the 2 s lead-in), then stops. */
async function record(page: Page, seconds: number, width: number, shots = false) {
  await button(page, 'Record').click();
  await page.waitForFunction(() => (document.querySelector('[data-testid="sample-timer"]')?.textContent ?? '').startsWith('-'));
  expect(await timerSeconds(page)).toBeLessThan(0);
  expect(await timerSeconds(page)).toBeGreaterThanOrEqual(-2);
  expect(await button(page, 'Record').isDisabled()).toBe(true);
  expect(await button(page, 'Stop').isDisabled()).toBe(false);
  if (shots) await screenshot(page, `sample-lead-in-${width}`);
  await page.waitForFunction(
    (target) => Number.parseFloat(document.querySelector('[data-testid="sample-timer"]')?.textContent ?? '') >= target,
    seconds,
    { timeout: (seconds + 5) * 1000 },
  );
  expect(await page.getByTestId('sample-price').textContent()).toContain('$10');
  if (shots) await screenshot(page, `sample-recording-${width}`);
  await button(page, 'Stop').click();
  await page.getByTestId('sample-playback').waitFor();
  expect(await button(page, 'Stop').isDisabled()).toBe(true);
}

async function recordAndVerify(page: Page, nickname: string, width: number, shots = false) {
  await page.getByRole('textbox', { name: 'Username' }).fill(nickname);
  expect(await button(page, 'VERIFY').isDisabled()).toBe(true);
  await record(page, 7.1, width, shots);
  expect(await button(page, 'VERIFY').isDisabled()).toBe(false);
  if (shots) await screenshot(page, `sample-recorded-${width}`);
  await button(page, 'VERIFY').click();
  await waitForToast(page, 'Success', 'Verification Successful');
  const verified = page.getByText(/^Verified: /);
  await verified.waitFor();
  // Stop is pressed once the timer shows 7.1 s; on a busy machine the click lands later, so the server
  // measures 7 s or somewhat more, priced at the 5-10 s block.
  const measured = Number((await verified.textContent())?.match(/^Verified: (\d+\.\d) seconds, \$10$/)?.[1]);
  expect(measured).toBeGreaterThanOrEqual(7);
  expect(measured).toBeLessThan(10);
  await page.getByTestId('paypal-buttons').getByRole('button', { name: 'PayPal' }).waitFor();
  expect(await button(page, 'VERIFY').isDisabled()).toBe(true);
  expect(await button(page, 'Record').isDisabled()).toBe(true);
  if (shots) await screenshot(page, `sample-validated-${width}`);
}

async function payInPopup(page: Page, choice: 'Pay now' | 'Pay with a declined card') {
  const paypal = page.getByTestId('paypal-buttons').getByRole('button', { name: 'PayPal' });
  const [popup] = await Promise.all([page.waitForEvent('popup'), paypal.click()]);
  await popup.getByRole('button', { name: choice }).click();
}

describe('new sample request', () => {
  const browser = useBrowser();

  /** The sample player with the demo key, clicked once (as a browser wants before it plays sound). */
  async function openPlayer() {
    const overlay = await browser.newPage({ width: 800, height: 300 });
    await overlay.goto(`/overlays/samples?key=${DEMO_OVERLAY_KEY}`);
    await overlay.locator('[data-testid="sample-player"][data-ready="true"]').waitFor({ state: 'attached' });
    await overlay.mouse.click(5, 5);
    return overlay;
  }

  /** The player shows the play with the requester's name and its audio starts. */
  async function expectPlayed(overlay: Page, play: string, username: string) {
    const playing = overlay.locator(`[data-testid="sample-playing"][data-play="${play}"]`);
    await playing.waitFor();
    expect(await playing.textContent()).toContain(username);
    await playing.locator('audio[data-playing="true"]').waitFor({ state: 'attached' });
  }

  it('/request redirects to it; pending at 375 and 1280 px with Record enabled and VERIFY/Stop not', async () => {
    for (const width of [375, 1280]) {
      const page = await browser.open('/request', { width });
      await waitForTitle(page, 'New Sample Request | Almanac');
      expect(new URL(page.url()).pathname).toBe('/request/sample');
      await page.getByText('$5 for up to 5 seconds, plus $5 for each further 5 seconds started').waitFor();
      await button(page, 'Record').waitFor();
      await page.waitForFunction(() => !document.querySelector('button[disabled]')?.textContent?.includes('Record'));
      expect(await button(page, 'Record').isDisabled()).toBe(false);
      expect(await button(page, 'Stop').isDisabled()).toBe(true);
      expect(await button(page, 'VERIFY').isDisabled()).toBe(true);
      expect(await button(page, 'PAYMENT').isDisabled()).toBe(true);
      expect(await page.getByText(NOT_ENABLED).count()).toBe(0);
      await screenshot(page, `sample-pending-${width}`);
      expectNoPageErrors(page);
    }
  });

  for (const width of [1280, 375]) {
    it(`records ~7 s, VERIFY shows $10, pays through the stand-in at ${width} px; an admin replays it`, async () => {
      const nickname = `Seven-Second-Singer-${width}`;
      const overlay = await openPlayer();
      const page = await browser.open('/request/sample', { width });
      await recordAndVerify(page, nickname, width, true);
      await payInPopup(page, 'Pay now');
      const banner = page.getByTestId('payment-success');
      await banner.waitFor();
      const text = (await banner.textContent()) ?? '';
      expect(text).toContain(SUCCESS);
      const sampleId = text.match(/Sample ID: (\d+)/)?.[1];
      expect(sampleId && /Order ID: [A-Z0-9]+/.test(text) && /Transaction ID: [A-Z0-9]+/.test(text)).toBeTruthy();
      await screenshot(page, `sample-success-${width}`);
      expectNoPageErrors(page);

      const history = (await (
        await fetch(`${inject('baseURL')}/api/requests/history?username=${nickname}`)
      ).json()) as ApiPage<SongRequest>;
      // The history's username filter matches a part of the name (spec), so other files' singers may be listed too.
      expect(history.content.filter((row) => row.username === nickname)).toMatchObject([
        { username: nickname, sampleRequestId: Number(sampleId) },
      ]);
      // The banner follows the request's history row (its receipt), not the sample's own id.
      const row = history.content.find((item) => item.username === nickname)!;
      expect(await banner.getByRole('link', { name: 'Follow your request' }).getAttribute('href')).toBe(`/requests/${row.id}`);

      const admin = await browser.newPage({ width });
      await loginAs(admin, DEMO_ADMIN);
      // A paid sample waits for an admin (SAMPLES_REQUIRE_APPROVAL, on in the demo): approved, it goes to the player.
      await admin.goto('/admin/approvals');
      await admin
        .getByTestId('held-request')
        .filter({ hasText: `Paid by ${nickname}` })
        .getByRole('button', { name: /^Approve / })
        .click();
      await waitForToast(admin, 'Success', 'Request approved');
      await admin.goto(`/requests/history?from=${nickname}`);
      await waitForCards(admin, 1, admin.locator('body'), 'request-card');
      // The streamer's player (opened before the payment) played it once approved, showing who recorded it.
      await expectPlayed(overlay, `${sampleId}:0`, nickname);
      await screenshot(overlay, `sample-player-${width}`);
      await admin.getByRole('button', { name: /^Replay request/ }).click();
      await waitForToast(admin, 'Success', 'Request successfully replayed');
      await screenshot(admin, `sample-history-replay-${width}`);
      await expectPlayed(overlay, `${sampleId}:1`, nickname);
      expectNoPageErrors(overlay);
    });
  }

  it('shows the payment error banner when the card is declined', async () => {
    const page = await browser.open('/request/sample', { width: 375 });
    await recordAndVerify(page, 'Declined-Singer', 375);
    await payInPopup(page, 'Pay with a declined card');
    await page.getByRole('alert').filter({ hasText: 'There was an issue when processing your payment. Please try again.' }).waitFor();
    expect(await button(page, 'PAYMENT').isDisabled()).toBe(true);
    await screenshot(page, 'sample-error-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'sample-error-1280');
  });

  it("plays a test sound when an admin asks from the Admin Console's overlay list", async () => {
    const overlay = await openPlayer();
    const admin = await browser.newPage();
    await loginAs(admin, DEMO_ADMIN);
    await admin.goto('/admin/edits');
    const overlays = admin.getByRole('region', { name: 'Stream Overlays' });
    await overlays.getByText(`/overlays/samples?key=${DEMO_OVERLAY_KEY}`).waitFor();
    await overlays.getByRole('button', { name: 'Play test sound' }).click();
    await waitForToast(admin, 'Success', 'Test sound sent to the sample player');
    const playing = overlay.locator('[data-testid="sample-playing"][data-play^="test:"]');
    await playing.waitFor();
    expect(await playing.textContent()).toContain('Test sound');
    await playing.locator('audio[data-playing="true"]').waitFor({ state: 'attached' });
    expectNoPageErrors(overlay);
  });

  it('the sample player shows a short error without a valid key', async () => {
    const overlay = await browser.newPage();
    await overlay.goto('/overlays/samples?key=wrong-key');
    await overlay.getByRole('alert').filter({ hasText: 'Overlay unavailable: check the key in the URL' }).waitFor();
    await overlay.goto('/overlays/samples');
    await overlay.getByRole('alert').filter({ hasText: 'Overlay key missing' }).waitFor();
  });

  it('says there is no recording device when the microphone is refused, or the browser cannot record', async () => {
    for (const width of [375, 1280]) {
      const page = await browser.newPage({ width });
      await page.addInitScript(() => {
        navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
      });
      await page.goto('/request/sample');
      await button(page, 'Record').click();
      await page.getByText(NO_DEVICE).waitFor();
      expect(await page.getByRole('button', { name: 'Record' }).count()).toBe(0);
      await screenshot(page, `sample-unsupported-${width}`);
    }
    const old = await browser.newPage();
    await old.addInitScript(() => {
      // biome-ignore lint/suspicious/noExplicitAny: a browser without MediaRecorder
      delete (window as any).MediaRecorder;
    });
    await old.goto('/request/sample');
    await old.getByText(NO_DEVICE).waitFor();
  });

  it('lets an admin disable sample requests; a visitor then sees the notice and cannot record', async () => {
    const admin = await browser.newPage();
    await loginAs(admin, DEMO_ADMIN);
    await admin.goto('/request/sample');
    await admin.getByRole('button', { name: 'DISABLE REQUESTS' }).click();
    await admin.getByRole('button', { name: 'ENABLE REQUESTS' }).waitFor();
    await waitForToast(admin, 'Success', 'Requests disabled');
    try {
      for (const width of [375, 1280]) {
        const visitor = await browser.open('/request/sample', { width });
        await visitor.getByText(NOT_ENABLED).waitFor();
        expect(await button(visitor, 'Record').isDisabled()).toBe(true);
        expect(await button(visitor, 'VERIFY').isDisabled()).toBe(true);
        expect(await visitor.getByRole('textbox', { name: 'Username' }).count()).toBe(1);
        await screenshot(visitor, `sample-disabled-${width}`);
      }
      expect(await admin.getByRole('textbox', { name: 'Username' }).count()).toBe(0);
    } finally {
      await admin.getByRole('button', { name: 'ENABLE REQUESTS' }).click();
      await admin.getByRole('button', { name: 'DISABLE REQUESTS' }).waitFor();
    }
  });

  it("follows an admin's switch on an open page without a reload", async () => {
    const visitor = await browser.open('/request/sample', { width: 375 });
    await visitor.getByRole('textbox', { name: 'Username' }).fill('Live-Fan');
    await visitor.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent === 'Record' && !b.disabled));
    await visitor.evaluate(() => Object.assign(window, { stayedLoaded: true }));

    const admin = await browser.newPage();
    await loginAs(admin, DEMO_ADMIN);
    await admin.goto('/request/sample');
    await admin.getByRole('button', { name: 'DISABLE REQUESTS' }).click();
    try {
      await waitForToast(admin, 'Success', 'Requests disabled');
      await visitor.getByText(NOT_ENABLED).waitFor();
      expect(await button(visitor, 'Record').isDisabled()).toBe(true);
      expect(await button(visitor, 'VERIFY').isDisabled()).toBe(true);
    } finally {
      await admin.getByRole('button', { name: 'ENABLE REQUESTS' }).click();
    }
    await waitForToast(admin, 'Success', 'Requests enabled');
    await visitor.getByText(NOT_ENABLED).waitFor({ state: 'detached' });
    await visitor.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent === 'Record' && !b.disabled));
    expect(await visitor.getByRole('textbox', { name: 'Username' }).inputValue()).toBe('Live-Fan');
    expect(await visitor.evaluate(() => (window as unknown as { stayedLoaded?: boolean }).stayedLoaded)).toBe(true);
    expectNoPageErrors(visitor);
  });
});
