import { describe, it } from 'vitest';
import { BLOCKED_MESSAGE } from '../common/blocklist';
import { expectNoPageErrors, screenshot, useBrowser } from './support/browser';
import { waitForPath, waitForToast } from './support/expect';
import { DEMO_ADMIN, loginAs } from './support/fixtures';

/** The Admin Console's Request Blocklist tab (issue 19's fair limits): a blocked video is refused at VERIFY. */

const BLOCKED_VIDEO = 'bl0ckE2eVid';

describe('the request blocklist', () => {
  const browser = useBrowser();

  it('an admin blocks a video; VERIFY refuses it with a neutral message; removed, it verifies again', async () => {
    const admin = await browser.newPage();
    await loginAs(admin, DEMO_ADMIN);
    await admin.goto('/admin/blocklist');
    await waitForPath(admin, '/admin/blocklist');
    await admin.getByRole('tab', { name: 'Request Blocklist', selected: true }).waitFor();
    await admin.getByText('Nothing is blocked.').waitFor();
    await admin.getByRole('textbox', { name: 'Video' }).fill(`https://www.youtube.com/watch?v=${BLOCKED_VIDEO}`);
    await admin.getByRole('button', { name: 'BLOCK' }).click();
    await waitForToast(admin, 'Success', 'Video blocked');
    await admin.getByRole('cell', { name: BLOCKED_VIDEO, exact: true }).waitFor();
    await screenshot(admin, 'admin-blocklist-1280');
    await admin.setViewportSize({ width: 375, height: 800 });
    await screenshot(admin, 'admin-blocklist-375');

    const fan = await browser.newPage({ width: 375 });
    await fan.goto('/request/flip');
    await fan.getByRole('textbox', { name: 'Nickname' }).fill('Night-Owl');
    await fan.getByRole('textbox', { name: 'Video URL' }).fill(`https://www.youtube.com/watch?v=${BLOCKED_VIDEO}`);
    await fan.getByRole('button', { name: 'VERIFY' }).click();
    await waitForToast(fan, 'Verification failed', BLOCKED_MESSAGE);

    await admin.getByRole('button', { name: `Remove ${BLOCKED_VIDEO} from the blocklist` }).click();
    await waitForToast(admin, 'Success', 'Removed from the blocklist');
    await admin.getByText('Nothing is blocked.').waitFor();
    await fan.getByRole('button', { name: 'VERIFY' }).click();
    await waitForToast(fan, 'Success', 'Verification Successful');
    expectNoPageErrors(admin);
    expectNoPageErrors(fan);
  });
});
