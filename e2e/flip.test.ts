import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page as ApiPage } from '../common/api';
import type { SongRequest } from '../common/requests';
import { seriousViolations, TOASTS } from './support/axe';
import { expectNoPageErrors, failRequests, screenshot, useBrowser } from './support/browser';
import { contrastOf } from './support/contrast';
import { describedBy, waitForCards, waitForTitle, waitForToast } from './support/expect';
import { DEMO_ADMIN, loginAs } from './support/fixtures';

/** /request/flip in Chromium against the real server, the YouTube stand-in and the PayPal stand-in. */

const NOT_ENABLED = 'Flip requests are not currently enabled. Check back again during the next livestream!';
const READ_FAILED = 'Unable to check whether requests are enabled';
const NEW_VIDEO = 'https://www.youtube.com/watch?v=fl1pE2eTest&t=42s';

let requested: SongRequest;

beforeAll(async () => {
  const response = await fetch(`${inject('baseURL')}/api/requests/history?size=100`);
  const history = ((await response.json()) as ApiPage<SongRequest>).content;
  // A video asked for before, with a song that came of it: its earlier requests show GO TO FLIP.
  requested = history.find((r) => r.mediaId !== null && /^[A-Za-z0-9_-]{11}$/.test(r.videoId))!;
  expect(requested).toBeDefined();
});

const verifyButton = (page: Page) => page.getByRole('button', { name: 'VERIFY' });

async function fillAndVerify(page: Page, url: string, nickname?: string) {
  if (nickname !== undefined) await page.getByRole('textbox', { name: 'Nickname' }).fill(nickname);
  await page.getByRole('textbox', { name: 'Video URL' }).fill(url);
  await verifyButton(page).click();
  await waitForToast(page, 'Success', 'Verification Successful');
  await page.getByTestId('flip-video').waitFor();
}

/** Clicks the PayPal button and answers on the stand-in's approval page in its popup. */
async function payInPopup(page: Page, choice: 'Pay now' | 'Pay with a declined card') {
  const button = page.getByTestId('paypal-buttons').getByRole('button', { name: 'PayPal' });
  const [popup] = await Promise.all([page.waitForEvent('popup'), button.click()]);
  await popup.getByRole('button', { name: choice }).click();
}

describe('new flip request', () => {
  const browser = useBrowser();

  for (const width of [375, 1280]) {
    it(`shows step 1 to a logged-out visitor at ${width} px, VERIFY waiting for a valid form`, async () => {
      const page = await browser.open('/request/flip', { width });
      await waitForTitle(page, 'New Flip Request | Almanac');
      await page.getByText('$20 per flip request').waitFor();
      expect(await page.getByRole('link', { name: 'Request Queue' }).getAttribute('href')).toBe('/requests/queue');
      expect(await page.getByRole('link', { name: 'Request History' }).getAttribute('href')).toBe('/requests/history');
      expect(await page.getByText(NOT_ENABLED).count()).toBe(0);
      expect(await page.getByRole('button', { name: /REQUESTS$/ }).count()).toBe(0);
      const url = page.getByRole('textbox', { name: 'Video URL' });
      expect(await url.getAttribute('placeholder')).toBe('Enter YouTube video URL');
      expect(await page.getByRole('button', { name: 'PAYMENT' }).isDisabled()).toBe(true);
      expect(await verifyButton(page).isDisabled()).toBe(true);
      await url.fill(NEW_VIDEO);
      // Still no nickname.
      expect(await verifyButton(page).isDisabled()).toBe(true);
      await page.getByRole('textbox', { name: 'Nickname' }).fill('ab');
      expect(await verifyButton(page).isDisabled()).toBe(true);
      await page.getByRole('textbox', { name: 'Nickname' }).fill('Night-Owl');
      expect(await verifyButton(page).isDisabled()).toBe(false);
      await url.fill('https://youtu.be/short');
      expect(await verifyButton(page).isDisabled()).toBe(true);
      await url.hover();
      await page.getByRole('tooltip', { name: 'Must be valid URL' }).waitFor();
      await screenshot(page, `flip-pending-${width}`);
      expect(await seriousViolations(page, { exclude: [TOASTS] })).toEqual([]);
      expectNoPageErrors(page);
    });

    it(`verifies a video requested before and lists its earlier requests at ${width} px`, async () => {
      const page = await browser.open('/request/flip', { width });
      await fillAndVerify(page, `https://www.youtube.com/watch?v=${requested.videoId}`, 'Night-Owl');
      const text = await page
        .getByText(/^This video has been requested \d+ time\(s\) before, but you can still request it again$/)
        .textContent();
      expect(Number(text!.match(/requested (\d+) time/)![1])).toBeGreaterThanOrEqual(1);
      const earlier = page.getByRole('list', { name: 'Earlier requests' });
      await earlier.getByText(requested.username).first().waitFor();
      expect(await earlier.getByRole('link', { name: 'GO TO FLIP' }).first().getAttribute('href')).toBe(`/media/${requested.mediaId}`);
      // Fields are locked once verified: their values shown as text.
      expect(await page.getByRole('textbox', { name: 'Video URL' }).count()).toBe(0);
      await page.getByTestId('verified-values').getByText(`https://www.youtube.com/watch?v=${requested.videoId}`).waitFor();
      expect(await verifyButton(page).isDisabled()).toBe(true);
      await screenshot(page, `flip-validated-previous-${width}`);
      expect(await seriousViolations(page, { exclude: [TOASTS] })).toEqual([]);
      expectNoPageErrors(page);
    });
  }

  it('says the nickname rule in text under the field once touched, tied to it by aria-describedby', async () => {
    const page = await browser.open('/request/flip', { width: 375 });
    const nickname = page.getByRole('textbox', { name: 'Nickname' });
    await page.getByRole('textbox', { name: 'Video URL' }).fill(NEW_VIDEO);
    await nickname.focus();
    await page.keyboard.type('night owl');
    // No pointer anywhere: the rule is on the page, and in what the field describes itself with.
    const rule = page.getByText('Only letters, numbers or dash', { exact: true });
    await rule.waitFor();
    expect(await rule.isVisible()).toBe(true);
    expect(await nickname.getAttribute('aria-invalid')).toBe('true');
    expect(await describedBy(nickname)).toContain('Only letters, numbers or dash');
    expect(await verifyButton(page).isDisabled()).toBe(true);
    await nickname.fill('ab');
    await page.getByText('Nickname must be at least 3 characters long (it has 2)', { exact: true }).waitFor();
    expect(await describedBy(nickname)).toContain('Nickname must be at least 3 characters long (it has 2)');
    await screenshot(page, 'flip-nickname-rule-375');
    expect(await seriousViolations(page, { exclude: [TOASTS] })).toEqual([]);
    await nickname.fill('Night-Owl');
    await expect.poll(() => verifyButton(page).isDisabled()).toBe(false);
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'flip-nickname-rule-1280');
  });

  for (const width of [375, 1280]) {
    it(`shows the verified nickname and URL as readable text at ${width} px`, async () => {
      const page = await browser.open('/request/flip', { width });
      await fillAndVerify(page, NEW_VIDEO, 'Night-Owl');
      const verified = page.getByTestId('verified-values');
      for (const value of ['Night-Owl', NEW_VIDEO]) {
        const text = verified.getByText(value, { exact: true });
        // At least 4.5:1 against what is behind it (WCAG AA for body text).
        expect(await contrastOf(text), value).toBeGreaterThanOrEqual(4.5);
      }
      expect(await page.getByRole('textbox').count()).toBe(0);
      await screenshot(page, `flip-verified-values-${width}`);
      expect(await seriousViolations(page, { exclude: [TOASTS] })).toEqual([]);
      // New request gives the fields back with the values in them.
      await page.getByRole('button', { name: 'New request' }).click();
      expect(await page.getByRole('textbox', { name: 'Nickname' }).inputValue()).toBe('Night-Owl');
    });
  }

  it('tells a first request apart, and shows the video card', async () => {
    const page = await browser.open('/request/flip');
    await fillAndVerify(page, NEW_VIDEO, 'Night-Owl');
    await page.getByText('Good news, this video has not been requested before!').waitFor();
    const card = page.getByTestId('flip-video');
    expect(await card.getByRole('link', { name: 'Watch on YouTube' }).getAttribute('href')).toBe(
      'https://www.youtube.com/watch?v=fl1pE2eTest',
    );
    expect(await card.locator('img').getAttribute('src')).toBe('/sandbox/youtube/vi/fl1pE2eTest/mqdefault.jpg');
    expect(await card.textContent()).toMatch(/\d+:\d\d/);
  });

  it('toasts a failed verification and goes back to step 1', async () => {
    const page = await browser.open('/request/flip');
    await page.getByRole('textbox', { name: 'Nickname' }).fill('Night-Owl');
    await page.getByRole('textbox', { name: 'Video URL' }).fill('https://www.youtube.com/watch?v=00000000000');
    await verifyButton(page).click();
    await waitForToast(page, 'Verification failed', 'This YouTube video does not exist, or it is private or deleted');
    expect(await page.getByRole('textbox', { name: 'Video URL' }).isDisabled()).toBe(false);
    expect(await verifyButton(page).isDisabled()).toBe(false);
  });

  it('lets an admin disable requests; a visitor then sees the notice and cannot verify', async () => {
    const admin = await browser.newPage();
    await loginAs(admin, DEMO_ADMIN);
    await admin.goto('/request/flip');
    expect(await admin.getByRole('textbox', { name: 'Nickname' }).count()).toBe(0);
    await admin.getByRole('button', { name: 'DISABLE REQUESTS' }).click();
    await admin.getByRole('button', { name: 'ENABLE REQUESTS' }).waitFor();
    await waitForToast(admin, 'Success', 'Requests disabled');
    await admin.getByText(NOT_ENABLED).waitFor();
    try {
      for (const width of [375, 1280]) {
        const visitor = await browser.open('/request/flip', { width });
        await visitor.getByText(NOT_ENABLED).waitFor();
        expect(await visitor.getByRole('textbox', { name: 'Video URL' }).isDisabled()).toBe(true);
        expect(await verifyButton(visitor).isDisabled()).toBe(true);
        await screenshot(visitor, `flip-disabled-${width}`);
      }
    } finally {
      await admin.getByRole('button', { name: 'ENABLE REQUESTS' }).click();
      await admin.getByRole('button', { name: 'DISABLE REQUESTS' }).waitFor();
    }
  });

  it("follows an admin's switch on another page without a reload: the notice and a locked step 1, then back", async () => {
    const visitor = await browser.open('/request/flip', { width: 375 });
    const url = visitor.getByRole('textbox', { name: 'Video URL' });
    await visitor.getByRole('textbox', { name: 'Nickname' }).fill('Night-Owl');
    await url.fill(NEW_VIDEO);
    expect(await verifyButton(visitor).isDisabled()).toBe(false);
    // A marker that a reload would wipe.
    await visitor.evaluate(() => Object.assign(window, { stayedLoaded: true }));

    const admin = await browser.newPage();
    await loginAs(admin, DEMO_ADMIN);
    await admin.goto('/request/flip');
    await admin.getByRole('button', { name: 'DISABLE REQUESTS' }).click();
    try {
      await waitForToast(admin, 'Success', 'Requests disabled');
      await visitor.getByText(NOT_ENABLED).waitFor();
      expect(await url.isDisabled()).toBe(true);
      expect(await verifyButton(visitor).isDisabled()).toBe(true);
      expect(await visitor.getByTestId('feature-read-error').count()).toBe(0);
      await screenshot(visitor, 'flip-disabled-live-375');
    } finally {
      await admin.getByRole('button', { name: 'ENABLE REQUESTS' }).click();
    }
    await waitForToast(admin, 'Success', 'Requests enabled');
    await visitor.getByText(NOT_ENABLED).waitFor({ state: 'detached' });
    await visitor.waitForFunction(
      () => !document.querySelector<HTMLInputElement>('input[placeholder="Enter YouTube video URL"]')?.disabled,
    );
    // What the fan typed is still there, and VERIFY works again.
    expect(await url.inputValue()).toBe(NEW_VIDEO);
    expect(await verifyButton(visitor).isDisabled()).toBe(false);
    expect(await visitor.evaluate(() => (window as unknown as { stayedLoaded?: boolean }).stayedLoaded)).toBe(true);
    expectNoPageErrors(visitor);
  });

  it('toasts a failed ENABLE / DISABLE REQUESTS and keeps the state it had', async () => {
    const admin = await browser.newPage();
    await loginAs(admin, DEMO_ADMIN);
    await admin.route('**/api/requests/flip/enabled', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({
              statusCode: 500,
              error: 'Internal Server Error',
              message: 'Something went wrong on our side. Please try again.',
            }),
          })
        : route.fallback(),
    );
    await admin.goto('/request/flip');
    await admin.getByRole('button', { name: 'DISABLE REQUESTS' }).click();
    await waitForToast(admin, 'Unable to update request settings', 'Something went wrong on our side. Please try again.');
    await admin.getByRole('button', { name: 'DISABLE REQUESTS' }).waitFor();
    expect(await admin.getByText(NOT_ENABLED).count()).toBe(0);
  });

  for (const width of [375, 1280]) {
    it(`says the switch could not be read, with a retry, never the notice, at ${width} px`, async () => {
      const page = await browser.newPage({ width });
      await failRequests(page, '**/api/requests/flip/enabled');
      // The socket says nothing either (as when the server is away): the page knows only that the read failed.
      await page.routeWebSocket(/\/api\/ws\/requests\/features$/, () => {});
      await page.goto('/request/flip');
      await waitForToast(page, READ_FAILED, 'Something went wrong on our side. Please try again.');
      const error = page.getByTestId('feature-read-error');
      await error.getByText(READ_FAILED).waitFor();
      expect(await page.getByText(NOT_ENABLED).count()).toBe(0);
      expect(await page.getByRole('textbox', { name: 'Video URL' }).isDisabled()).toBe(true);
      expect(await verifyButton(page).isDisabled()).toBe(true);
      await screenshot(page, `flip-switch-error-${width}`);
      expect(await seriousViolations(page, { exclude: [TOASTS] })).toEqual([]);

      await page.unroute('**/api/requests/flip/enabled');
      await error.getByRole('button', { name: 'Try again' }).click();
      await error.waitFor({ state: 'detached' });
      expect(await page.getByText(NOT_ENABLED).count()).toBe(0);
      // The form unlocks once the switch's fresh answer is in (a busy machine takes a moment after the error goes).
      await expect.poll(() => page.getByRole('textbox', { name: 'Video URL' }).isDisabled(), { timeout: 15_000 }).toBe(false);
      expectNoPageErrors(page);
    });
  }

  for (const width of [375, 1280]) {
    it(`pays through the PayPal popup at ${width} px: the success banner with its ids, then the request in the history`, async () => {
      const nickname = `Payer-${width}`;
      const page = await browser.open('/request/flip', { width });
      await fillAndVerify(page, NEW_VIDEO, nickname);
      await screenshot(page, `flip-validated-${width}`);
      await payInPopup(page, 'Pay now');
      const banner = page.getByTestId('payment-success');
      await banner.waitFor();
      const text = (await banner.textContent()) ?? '';
      expect(text).toContain('Payment Successful - your request has been submitted. Check the request queue with the link above');
      const ids = {
        sample: text.match(/Sample ID: (\d+)/)?.[1],
        order: text.match(/Order ID: ([A-Z0-9]+)/)?.[1],
        transaction: text.match(/Transaction ID: ([A-Z0-9]+)/)?.[1],
      };
      expect(ids.sample && ids.order && ids.transaction).toBeTruthy();
      expect(await banner.getByRole('link', { name: 'See your request in the queue' }).getAttribute('href')).toBe('/requests/queue');
      // A flip's "Sample ID" is its history row: the receipt's id.
      expect(await banner.getByRole('link', { name: 'Follow your request' }).getAttribute('href')).toBe(`/requests/${ids.sample}`);
      expect(await page.getByRole('button', { name: 'PAYMENT' }).isDisabled()).toBe(true);
      await screenshot(page, `flip-success-${width}`);
      expectNoPageErrors(page);

      await page.goto(`/requests/history?from=${nickname}`);
      await waitForCards(page, 1, page.locator('body'), 'request-card');
      const card = page.getByTestId('request-card').first();
      expect(await card.textContent()).toContain(`Requested by ${nickname}`);
      const request = await (await fetch(`${inject('baseURL')}/api/requests/history/${ids.sample}`)).json();
      expect(request).toMatchObject({ videoId: 'fl1pE2eTest', username: nickname });
    });
  }

  it('completes a payment under way when an admin turns flips off meanwhile; only a new request is locked', async () => {
    const page = await browser.open('/request/flip', { width: 1280 });
    await fillAndVerify(page, NEW_VIDEO, 'Midway-Fan');
    const paypal = page.getByTestId('paypal-buttons').getByRole('button', { name: 'PayPal' });
    const [popup] = await Promise.all([page.waitForEvent('popup'), paypal.click()]);
    await popup.getByRole('button', { name: 'Pay now' }).waitFor();

    const admin = await browser.newPage();
    await loginAs(admin, DEMO_ADMIN);
    await admin.goto('/request/flip');
    await admin.getByRole('button', { name: 'DISABLE REQUESTS' }).click();
    try {
      await waitForToast(admin, 'Success', 'Requests disabled');
      await page.getByText(NOT_ENABLED).waitFor();
      await popup.getByRole('button', { name: 'Pay now' }).click();
      const banner = page.getByTestId('payment-success');
      await banner.waitFor();
      expect(await banner.textContent()).toContain('Payment Successful - your request has been submitted.');
      await page.getByRole('button', { name: 'New request' }).click();
      expect(await page.getByRole('textbox', { name: 'Video URL' }).isDisabled()).toBe(true);
      expect(await verifyButton(page).isDisabled()).toBe(true);
    } finally {
      await admin.getByRole('button', { name: 'ENABLE REQUESTS' }).click();
      await admin.getByRole('button', { name: 'DISABLE REQUESTS' }).waitFor();
    }
    expectNoPageErrors(page);
  });

  it('shows the error banner when the card is declined', async () => {
    for (const width of [375, 1280]) {
      const page = await browser.open('/request/flip', { width });
      await fillAndVerify(page, NEW_VIDEO, 'Declined-Fan');
      await payInPopup(page, 'Pay with a declined card');
      await page.getByRole('alert').filter({ hasText: 'There was an issue when processing your payment. Please try again.' }).waitFor();
      expect(await page.getByRole('button', { name: 'PAYMENT' }).isDisabled()).toBe(true);
      // The server's own message under the banner, and a new try (nothing was charged).
      await page.getByTestId('payment-failure').getByText('PayPal declined this payment', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Try again' }).waitFor();
      await screenshot(page, `flip-error-${width}`);
    }
  });

  it('after an approved payment whose capture PayPal did not answer, confirms it instead of failing, offers no new payment, and shows the success banner once it is captured', async () => {
    const control = `${inject('baseURL')}/sandbox/control/faults`;
    const page = await browser.open('/request/flip', { width: 1280 });
    await fillAndVerify(page, NEW_VIDEO, 'Waiting-Fan');
    const fault = await fetch(control, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'paypal', path: '/capture', status: 500, times: 50 }),
    });
    expect(fault.status).toBe(200);
    const capture = page.waitForRequest('**/api/requests/flip/capture');
    try {
      await payInPopup(page, 'Pay now');
      const confirming = page.getByTestId('payment-confirming');
      await confirming.getByText('do not pay again', { exact: false }).waitFor();
      // It keeps asking where the payment stands: still confirming after two answers, never the error banner nor a new try.
      for (let i = 0; i < 2; i++) await page.waitForResponse((response) => response.url().includes('/api/requests/flip/status'));
      expect(await confirming.isVisible()).toBe(true);
      expect(await page.getByText('There was an issue when processing your payment').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      await screenshot(page, 'flip-confirming-1280');
    } finally {
      await fetch(control, { method: 'DELETE' });
    }
    // PayPal answers again and the order is captured (here by the same call, in production by the
    // payments safety net minutes later): the waiting page turns to the success banner by itself.
    // Settling it here also keeps the late capture out of the files that run after this one.
    const sent = await capture;
    const retried = await page.request.post(sent.url(), { data: sent.postDataJSON() });
    expect(retried.status()).toBe(200);
    await page.getByTestId('payment-success').waitFor();
    expect(await page.getByTestId('payment-confirming').count()).toBe(0);
    expectNoPageErrors(page);
  });

  for (const [lost, answer] of [
    ['the connection dropped', 'abort'],
    ['the database was away (503)', 503],
    ['the instance died behind nginx (502)', 502],
  ] as const) {
    it(`when the capture's answer is lost after PayPal took the money (${lost}), confirms it and shows the success banner`, async () => {
      const page = await browser.open('/request/flip', { width: 375 });
      await fillAndVerify(page, NEW_VIDEO, `Lost-Answer-${typeof answer === 'number' ? answer : 'net'}`);
      // The server captures and settles; the page never gets the answer.
      await page.route('**/api/requests/flip/capture', async (route) => {
        await route.fetch();
        if (answer === 'abort') await route.abort('connectionreset');
        else
          await route.fulfill({
            status: answer,
            contentType: 'application/json',
            body: JSON.stringify({
              statusCode: answer,
              error: 'Unavailable',
              message: 'The database is unavailable for a moment. Please try again.',
            }),
          });
      });
      await payInPopup(page, 'Pay now');
      const banner = page.getByTestId('payment-success');
      await banner.waitFor();
      expect(await banner.textContent()).toMatch(/Order ID: [A-Z0-9]+/);
      expect(await page.getByText('There was an issue when processing your payment').count()).toBe(0);
      await screenshot(page, `flip-confirmed-${typeof answer === 'number' ? answer : 'net'}-375`);
    });
  }
});
