import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page as ApiPage } from '../common/api';
import type { SongRequest } from '../common/requests';
import { expectNoPageErrors, screenshot, useBrowser } from './support/browser';
import { waitForTitle, waitForToast } from './support/expect';
import { DEMO_ADMIN, loginAs } from './support/fixtures';

/** /request/flip in Chromium against the real server, the YouTube stand-in and the PayPal stand-in. */

const NOT_ENABLED = 'Flip requests are not currently enabled. Check back again during the next livestream!';
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
      // Fields are locked once verified.
      expect(await page.getByRole('textbox', { name: 'Video URL' }).isDisabled()).toBe(true);
      expect(await verifyButton(page).isDisabled()).toBe(true);
      await screenshot(page, `flip-validated-previous-${width}`);
      expectNoPageErrors(page);
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
});
