import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_OVERLAY_KEY, OVERLAY_PATHS, type SamplePlays } from '../common/overlays';
import type { Queue } from '../common/queue';
import type { HeldRequest, RequestDecision } from '../common/request-lifecycle';
import { APPROVALS_TAB_PATH } from '../common/request-states';
import { seriousViolations, TOASTS } from './support/axe';
import { expectNoPageErrors, screenshot, useBrowser } from './support/browser';
import { toasts, waitForPath, waitForTitle, waitForToast } from './support/expect';
import { DEMO_ADMIN, loginAs } from './support/fixtures';

/**
 * The control room in Chromium against the demo server (SAMPLES_REQUIRE_APPROVAL on, flips not held):
 * a paid sample waits in the Admin Console's Request Approvals and not in the sample player; an admin
 * listens to it and approves it, and the player plays it; another is rejected with a reason and
 * refunded at the PayPal stand-in, and never plays; a queued flip is rejected from the queue page.
 */

const base = () => inject('baseURL');
const SUCCESS = 'Payment Successful - your sample has been uploaded. Listen out for it during the song!';
const HELD = 'Your sample will play on stream once it has been approved.';
/** Recordings of Chromium's MediaRecorder (scripts/record-sample-fixtures.ts): a sample paid without the page */
const FIXTURE = new URL('../server/song-requests/sample/fixtures/chromium-3402ms.mp4', import.meta.url);

async function post(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${base()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base() },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** The buyer's approval at the stand-in, as its popup's "Pay now" does. */
async function approveAtPayPal(orderId: string): Promise<void> {
  const approval = await fetch(`${base()}/sandbox/paypal/checkoutnow`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base() },
    body: new URLSearchParams({ token: orderId, action: 'pay' }),
  });
  if (!approval.ok) throw new Error(`The stand-in's approval answered ${approval.status}`);
}

/** A paid flip, as the flip page makes one (flips are not held: it is queued at once). */
async function payFlip(videoId: string, username: string): Promise<void> {
  const mediaUrl = `https://www.youtube.com/watch?v=${videoId}`;
  const { sid } = (await post('/api/requests/flip/validate', { mediaUrl, username })) as { sid: string };
  const order = (await post('/api/requests/flip/create', { sid, paymentSource: 'paypal' })) as { id: string };
  await approveAtPayPal(order.id);
  await post('/api/requests/flip/capture', { sid, orderId: order.id });
}

/** A paid sample of a recorded fixture, as the sample page makes one; answers its capture id (the banner's Transaction ID). */
async function paySample(username: string): Promise<{ sampleId: number; captureId: string }> {
  const form = new FormData();
  form.append('username', username);
  form.append('fileKey', new Blob([readFileSync(FIXTURE)], { type: 'audio/mp4' }), 'sample.mp4');
  const validated = await fetch(`${base()}/api/requests/recording/validate`, { method: 'POST', headers: { origin: base() }, body: form });
  if (!validated.ok) throw new Error(`validate answered ${validated.status}: ${await validated.text()}`);
  const { sid } = (await validated.json()) as { sid: string };
  const order = (await post('/api/requests/recording/create', { sid, paymentSource: 'paypal' })) as { id: string };
  await approveAtPayPal(order.id);
  const paid = (await post('/api/requests/recording/capture', { sid, orderId: order.id })) as { sampleId: string; transactionId: string };
  return { sampleId: Number(paid.sampleId), captureId: paid.transactionId };
}

/** The capture as PayPal (the stand-in's REST API) reports it. */
async function paypalCapture(captureId: string): Promise<{ status: string }> {
  const token = await fetch(`${base()}/sandbox/paypal/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const capture = await fetch(`${base()}/sandbox/paypal/v2/payments/captures/${captureId}`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  return (await capture.json()) as { status: string };
}

/** What the sample player would play: the plays its feed lists. */
async function playerFeed(): Promise<SamplePlays> {
  return (await (await fetch(`${base()}${OVERLAY_PATHS.samples}?key=${DEMO_OVERLAY_KEY}`)).json()) as SamplePlays;
}

const readQueue = async (): Promise<Queue> => (await fetch(`${base()}/api/requests/flip/queue`)).json() as Promise<Queue>;

/** A decision through the API as the logged-in admin page (its cookies, this site's Origin). */
async function decide(admin: Page, id: number, decision: 'approve' | 'reject'): Promise<RequestDecision> {
  const response = await admin.request.post(`/api/requests/${id}/${decision}`, { headers: { origin: base() }, data: {} });
  expect(response.status()).toBe(200);
  return (await response.json()) as RequestDecision;
}

const heldCard = (page: Page, username: string) => page.getByTestId('held-request').filter({ hasText: `Paid by ${username}` });
const button = (page: Page | Locator, name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });

describe('request approvals', () => {
  const browser = useBrowser();

  async function adminPage(width = 1280): Promise<Page> {
    const page = await browser.newPage({ width });
    await loginAs(page, DEMO_ADMIN);
    return page;
  }

  /**
   * The streamer's sample player, clicked once (a browser wants that before it plays sound), noting
   * every play it ever shows in `window.seenPlays`: what it never showed, it never played.
   */
  async function openPlayer(): Promise<Page> {
    const overlay = await browser.newPage({ width: 800, height: 300 });
    await overlay.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { seenPlays: seen });
      new MutationObserver(() => {
        for (const element of document.querySelectorAll('[data-play]')) {
          const play = element.getAttribute('data-play') ?? '';
          if (!seen.includes(play)) seen.push(play);
        }
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-play'] });
    });
    await overlay.goto(`/overlays/samples?key=${DEMO_OVERLAY_KEY}`);
    await overlay.locator('[data-testid="sample-player"][data-ready="true"]').waitFor({ state: 'attached' });
    await overlay.mouse.click(5, 5);
    return overlay;
  }

  const seenPlays = (overlay: Page) => overlay.evaluate(() => (window as unknown as { seenPlays: string[] }).seenPlays);

  async function expectPlayed(overlay: Page, play: string, username: string): Promise<void> {
    const playing = overlay.locator(`[data-testid="sample-playing"][data-play="${play}"]`);
    await playing.waitFor();
    expect(await playing.textContent()).toContain(username);
    await playing.locator('audio[data-playing="true"]').waitFor({ state: 'attached' });
  }

  /** Records about 2 s on the sample page (Chromium's fake microphone), verifies and pays in the stand-in's popup. */
  async function recordAndPay(fan: Page, nickname: string): Promise<{ sampleId: number }> {
    await fan.getByRole('textbox', { name: 'Username' }).fill(nickname);
    await button(fan, 'Record').click();
    await fan.waitForFunction(() => Number.parseFloat(document.querySelector('[data-testid="sample-timer"]')?.textContent ?? '') >= 2);
    await button(fan, 'Stop').click();
    await fan.getByTestId('sample-playback').waitFor();
    await button(fan, 'VERIFY').click();
    await waitForToast(fan, 'Success', 'Verification Successful');
    const paypal = fan.getByTestId('paypal-buttons').getByRole('button', { name: 'PayPal' });
    const [popup] = await Promise.all([fan.waitForEvent('popup'), paypal.click()]);
    await popup.getByRole('button', { name: 'Pay now' }).click();
    const banner = fan.getByTestId('payment-success');
    await banner.waitFor();
    const text = (await banner.innerText()) ?? '';
    expect(text).toContain(SUCCESS);
    expect(text).toContain(HELD);
    return { sampleId: Number(text.match(/Sample ID: (\d+)/)?.[1]) };
  }

  it('holds a paid sample out of the player until an admin listens to it and approves it; then the player plays it', async () => {
    const overlay = await openPlayer();
    const fan = await browser.open('/request/sample', { width: 375 });
    const { sampleId } = await recordAndPay(fan, 'Held-Singer');
    await screenshot(fan, 'approvals-fan-held-375');
    expectNoPageErrors(fan);

    const admin = await adminPage();
    await admin.goto('/admin');
    await admin.getByRole('tab', { name: 'Request Approvals' }).click();
    await waitForPath(admin, APPROVALS_TAB_PATH);
    await waitForTitle(admin, 'Request Approvals | Almanac');
    await admin.getByRole('tab', { name: 'Request Approvals', selected: true }).waitFor();
    const card = heldCard(admin, 'Held-Singer');
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toMatch(/SAMPLE · \$5\.00/);
    expect(text).toMatch(/Voice sample \(\d+\.\d s\)/);
    // The age, relative, with the exact time in the element (and its tooltip).
    expect(await card.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    const held = (await (await admin.request.get('/api/requests/held')).json()) as HeldRequest[];
    const ours = held.find((request) => request.sampleId === sampleId);
    expect(ours).toMatchObject({ kind: 'sample', username: 'Held-Singer', amount: '5.00' });

    // Held: not in what the player plays, and the player has shown nothing of it.
    expect((await playerFeed()).plays.map((play) => play.sampleRequestId)).not.toContain(sampleId);
    expect((await seenPlays(overlay)).filter((play) => play.startsWith(`${sampleId}:`))).toEqual([]);

    // The admin listens, at the loudness it will have on air: Play, then the preview runs.
    await card.getByRole('button', { name: 'Play Sample by Held-Singer', exact: true }).click();
    const progress = card.getByRole('progressbar', { name: 'Progress of Sample by Held-Singer' });
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 15_000, message: 'the sample plays' })
      .toBeGreaterThan(0);
    await screenshot(admin, 'approvals-held-1280');

    await card.getByRole('button', { name: /^Approve Voice sample \(.*\) by Held-Singer$/ }).click();
    await waitForToast(admin, 'Success', 'Request approved');
    await card.waitFor({ state: 'detached' });
    await expectPlayed(overlay, `${sampleId}:0`, 'Held-Singer');
    // A second approval changes nothing and says where it stands (played, once the player reports it).
    const again = await decide(admin, ours!.id, 'approve');
    expect(again.changed).toBe(false);
    expect(['queued', 'played']).toContain(again.state);
    expectNoPageErrors(admin);
    expectNoPageErrors(overlay);
  });

  it('rejects a held sample with a reason: refunded at PayPal, out of the list, never played', async () => {
    const overlay = await openPlayer();
    const admin = await adminPage();
    await admin.goto(APPROVALS_TAB_PATH);
    await admin.getByRole('region', { name: 'Waiting for Approval' }).waitFor();
    await admin.evaluate(() => Object.assign(window, { stayedLoaded: true }));

    const { sampleId, captureId } = await paySample('Rejected-Singer');
    // The open tab polls: the request shows up without a reload.
    const card = heldCard(admin, 'Rejected-Singer');
    await card.waitFor({ timeout: 25_000 });
    expect(await admin.evaluate(() => (window as unknown as { stayedLoaded?: boolean }).stayedLoaded)).toBe(true);
    const id = Number(await card.getAttribute('data-request'));

    await card.getByRole('button', { name: /^Reject / }).click();
    const dialog = admin.getByRole('dialog', { name: 'Reject this request?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('the $5.00 payment is refunded in full through PayPal');
    const show = dialog.getByRole('checkbox', { name: 'Show the reason to the fan' });
    expect(await show.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill('Not something we can play on stream');
    await show.check();
    await screenshot(admin, 'approvals-reject-dialog-1280');
    expect(await seriousViolations(admin, { include: 'main', exclude: [TOASTS] })).toEqual([]);
    await button(dialog, 'REJECT AND REFUND').click();
    await waitForToast(admin, 'Success', 'Request rejected and refunded');
    await dialog.waitFor({ state: 'detached' });
    await card.waitFor({ state: 'detached' });

    // Refunded: the history row (a second reject answers its state, changing nothing) and PayPal.
    expect(await decide(admin, id, 'reject')).toEqual({ id, state: 'refunded', changed: false, refundError: null });
    expect((await paypalCapture(captureId)).status).toBe('REFUNDED');

    // Never played: not in the player's feed, and a later play (the test sound) comes with nothing of it before.
    expect((await playerFeed()).plays.map((play) => play.sampleRequestId)).not.toContain(sampleId);
    await button(admin, 'Play test sound').click();
    await waitForToast(admin, 'Success', 'Test sound sent to the sample player');
    await overlay.locator('[data-testid="sample-playing"][data-play^="test:"]').waitFor();
    expect((await seenPlays(overlay)).filter((play) => play.startsWith(`${sampleId}:`))).toEqual([]);
    expectNoPageErrors(admin);
    expectNoPageErrors(overlay);
  });

  it('tells an admin whose page had not caught up that another admin decided, as information', async () => {
    const admin = await adminPage(375);
    await paySample('Raced-Singer');
    await admin.goto(APPROVALS_TAB_PATH);
    const card = heldCard(admin, 'Raced-Singer');
    await card.waitFor();
    const id = Number(await card.getAttribute('data-request'));
    // The page keeps the list it has (its next reads answer it again), while another admin rejects.
    const stale = JSON.stringify(await (await admin.request.get('/api/requests/held')).json());
    await admin.route('**/api/requests/held', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: stale }));
    expect(await decide(admin, id, 'reject')).toMatchObject({ state: 'refunded', changed: true });

    await card.getByRole('button', { name: /^Approve / }).click();
    await waitForToast(admin, 'Info', 'Another admin already decided: this request is refunded');
    expect(await toasts(admin, 'Unable to approve request').count()).toBe(0);
    expectNoPageErrors(admin);
  });

  it('rejects a queued flip from the queue page; the playing one offers no REJECT', async () => {
    const admin = await adminPage();
    await payFlip('aPpRoVe0001', 'Reject-Fan-1');
    await payFlip('aPpRoVe0002', 'Reject-Fan-2');
    const [first, second] = (await readQueue()).filter((item) => item.username.startsWith('Reject-Fan-'));
    await admin.goto('/requests/queue');
    const queued = admin.getByRole('region', { name: 'Request Queue', exact: true });
    const playing = admin.getByRole('region', { name: 'Now Playing', exact: true });
    await button(queued, `Set playing ${first!.title}`).click();
    await waitForToast(admin, 'Success', 'Request set playing');
    await playing.getByText(first!.title).waitFor();
    expect(await playing.getByRole('button', { name: /^Reject / }).count()).toBe(0);

    await button(queued, `Reject ${second!.title}`).click();
    const dialog = admin.getByRole('dialog', { name: 'Reject this request?' });
    await button(dialog, 'REJECT AND REFUND').click();
    await waitForToast(admin, 'Success', 'Request rejected and refunded');
    await queued.getByText(second!.title).waitFor({ state: 'detached' });
    expect((await readQueue()).map((item) => item.requestId)).not.toContain(second!.requestId);
    expectNoPageErrors(admin);
  });

  it('shows a refund PayPal refused as needing attention, with its message', async () => {
    const control = `${base()}/sandbox/control/faults`;
    const admin = await adminPage();
    await payFlip('aPpRoVe0003', 'Refused-Refund-Fan');
    const item = (await readQueue()).find((entry) => entry.username === 'Refused-Refund-Fan')!;
    const fault = await fetch(control, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'paypal', method: 'POST', path: '/refund', status: 500, times: 20 }),
    });
    expect(fault.status).toBe(200);
    try {
      await admin.goto('/requests/queue');
      await button(admin, `Reject ${item.title}`).click();
      await button(admin.getByRole('dialog'), 'REJECT AND REFUND').click();
      const toast = await waitForToast(admin, 'Info', 'Request rejected, but PayPal refused the refund: it is retried automatically');
      expect(await toast.textContent()).toContain('PayPal 500');
    } finally {
      await fetch(control, { method: 'DELETE' });
    }
    await admin.goto(APPROVALS_TAB_PATH);
    const attention = admin.getByTestId('refund-attention').filter({ hasText: item.title }).filter({ hasText: 'Refused-Refund-Fan' });
    await attention.waitFor();
    expect(await attention.innerText()).toContain('Refund failed: it is tried again automatically');
    expect(await attention.getByTestId('refund-error').textContent()).toMatch(/^PayPal 500/);
    expectNoPageErrors(admin);
  });

  for (const width of [375, 1280]) {
    it(`lays out the tab and the queue page at ${width} px`, async () => {
      const admin = await adminPage(width);
      const nickname = `Layout-Singer-${width}`;
      await paySample(nickname);
      await payFlip(width === 375 ? 'aPpRoVeL375' : 'aPpRoVeL128', `Layout-Fan-${width}`);
      try {
        await admin.goto(APPROVALS_TAB_PATH);
        await heldCard(admin, nickname).waitFor();
        await admin.getByRole('region', { name: 'Refunds needing Attention' }).waitFor();
        const overflow = () => admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(await overflow()).toBe(0);
        await screenshot(admin, `approvals-${width}`);
        expect(await seriousViolations(admin, { include: 'main', exclude: [TOASTS] })).toEqual([]);

        await admin.goto('/requests/queue');
        await button(admin, /^Reject /)
          .first()
          .waitFor();
        expect(await overflow()).toBe(0);
        await screenshot(admin, `approvals-queue-${width}`);
        expect(await seriousViolations(admin, { include: 'main', exclude: [TOASTS] })).toEqual([]);
        expectNoPageErrors(admin);
      } finally {
        // Nothing of this test left waiting for the files after this one.
        const held = (await (await admin.request.get('/api/requests/held')).json()) as HeldRequest[];
        for (const request of held.filter((entry) => entry.username === nickname)) await decide(admin, request.id, 'reject');
        for (const item of (await readQueue()).filter((entry) => entry.username === `Layout-Fan-${width}`)) {
          await decide(admin, item.requestId, 'reject');
        }
      }
    });
  }
});
