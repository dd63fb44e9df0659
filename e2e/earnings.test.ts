import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { EarningsSummary } from '../common/earnings';
import { formatMoney } from '../common/format';
import { seriousViolations, TOASTS } from './support/axe';
import { expectNoPageErrors, screenshot, useBrowser } from './support/browser';
import { waitForPath, waitForTitle, waitForToast } from './support/expect';
import { DEMO_ADMIN, loginAs } from './support/fixtures';

/**
 * The Admin Console's Earnings tab in Chromium against the real server: a flip paid through the
 * PayPal stand-in shows in the figures, and the CSV the tab links to holds its row.
 */

const VIDEO = 'https://www.youtube.com/watch?v=earnE2eTest';
const downloads = await mkdtemp(path.join(tmpdir(), 'almanac-earnings-'));
afterAll(() => rm(downloads, { recursive: true, force: true }));

async function summaryOf(admin: Page): Promise<EarningsSummary> {
  const response = await admin.request.get('/api/payments/summary');
  expect(response.status()).toBe(200);
  return (await response.json()) as EarningsSummary;
}

/** A visitor pays a flip through the stand-in's popup; answers the PayPal order and capture ids from the success banner. */
async function payFlip(fan: Page, nickname: string): Promise<{ order: string; capture: string }> {
  await fan.getByRole('textbox', { name: 'Nickname' }).fill(nickname);
  await fan.getByRole('textbox', { name: 'Video URL' }).fill(VIDEO);
  await fan.getByRole('button', { name: 'VERIFY' }).click();
  await waitForToast(fan, 'Success', 'Verification Successful');
  const button = fan.getByTestId('paypal-buttons').getByRole('button', { name: 'PayPal' });
  const [popup] = await Promise.all([fan.waitForEvent('popup'), button.click()]);
  await popup.getByRole('button', { name: 'Pay now' }).click();
  const banner = fan.getByTestId('payment-success');
  await banner.waitFor();
  // innerText: the ids are in blocks of their own, which textContent runs together.
  const text = await banner.innerText();
  return { order: text.match(/Order ID: ([A-Z0-9]+)/)![1]!, capture: text.match(/Transaction ID: ([A-Z0-9]+)/)![1]! };
}

describe('earnings tab', () => {
  const browser = useBrowser();

  it('shows a flip paid through PayPal, and downloads it in the CSV', async () => {
    const admin = await browser.newPage({ width: 1280 });
    await loginAs(admin, DEMO_ADMIN);
    const before = await summaryOf(admin);

    const nickname = 'Earnings-Fan';
    const paid = await payFlip(await browser.open('/request/flip'), nickname);
    const after = await summaryOf(admin);
    expect(after.totals.allTime.count).toBe(before.totals.allTime.count + 1);
    expect(after.totals.allTime.grossCents).toBe(before.totals.allTime.grossCents + 2000);
    expect(after.byKind.flip.allTime.netCents).toBe(before.byKind.flip.allTime.netCents + 2000);
    expect(after.days.at(-1)!.date).toBe(after.periodStarts.today);

    await admin.goto('/admin');
    await waitForPath(admin, '/admin/edits');
    await admin.getByRole('tab', { name: 'Edit Approvals', selected: true }).waitFor();
    expect(await admin.getByRole('tab').allTextContents()).toEqual([
      'Edit Approvals',
      'Playlist Refresh Approvals',
      'Request Approvals',
      'Earnings',
      'Request Blocklist',
    ]);
    await admin.getByRole('tab', { name: 'Earnings' }).click();
    await waitForPath(admin, '/admin/earnings');
    await waitForTitle(admin, 'Earnings | Almanac');
    await admin.getByRole('tab', { name: 'Earnings', selected: true }).waitFor();
    const allTime = admin.getByRole('region', { name: 'All time' });
    expect(await allTime.getByTestId('net').textContent()).toBe(formatMoney(after.totals.allTime.netCents, 'USD'));
    const today = admin.getByTestId('earnings-days').getByRole('row').nth(1);
    expect(await today.locator('time').getAttribute('datetime')).toBe(after.periodStarts.today);
    expect(await today.textContent()).toContain(formatMoney(after.days.at(-1)!.grossCents, 'USD'));
    await admin.getByText(/are UTC days/).waitFor();

    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`payments-${after.periodStarts.today}.csv`);
    const file = path.join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    const lines = readFileSync(file, 'utf8').split('\r\n');
    expect(lines[0]).toBe(
      'Payment ID,Created (UTC),Updated (UTC),Captured (UTC),Kind,Status,Request,Buyer,Amount,Currency,PayPal order ID,PayPal capture ID,Description',
    );
    const ours = lines.filter((line) => line.includes(`,${paid.order},`));
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatch(new RegExp(`,flip,captured,\\d+,${nickname},20\\.00,USD,${paid.order},${paid.capture},Flip request: `));
    expectNoPageErrors(admin);
  });

  for (const width of [375, 1280]) {
    it(`lays the tab out at ${width} px`, async () => {
      const admin = await browser.newPage({ width });
      await loginAs(admin, DEMO_ADMIN);
      await admin.goto('/admin/earnings');
      await admin.getByRole('region', { name: 'Today' }).waitFor();
      await admin.getByTestId('earnings-days').waitFor();
      // Nothing wider than the screen but the tables' own scroll areas.
      const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBe(0);
      await screenshot(admin, `admin-earnings-${width}`);
      expect(await seriousViolations(admin, { include: 'main', exclude: [TOASTS], wcagOnly: true })).toEqual([]);
      expectNoPageErrors(admin);
    });
  }
});
