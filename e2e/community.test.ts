import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page as ApiPage, Playlist } from '../common/api';
import { seriousViolations } from './support/axe';
import { expectNoPageErrors, screenshot, useBrowser } from './support/browser';
import { describedBy, waitForPath, waitForTitle, waitForToast } from './support/expect';
import { DEMO_ADMIN, DEMO_VIEWER, loginAs } from './support/fixtures';

/**
 * Community playlist submissions in Chromium against the real server: the form's rules, what the
 * server's check with YouTube and the catalogue refuses, and the Admin Console approving and rejecting.
 */

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${inject('baseURL')}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/**
 * A public YouTube playlist the catalogue has never seen (the sandbox's control: a fan publishes one),
 * as the demo's own community playlists are catalogued already.
 */
async function newFanPlaylist(name: string): Promise<{ remoteId: string; linkUrl: string }> {
  const base = inject('baseURL');
  const response = await fetch(`${base}/sandbox/control/youtube/playlists`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { remoteId: string; linkUrl: string };
}

let community: Playlist[];
beforeAll(async () => {
  community = (await api<ApiPage<Playlist>>('/api/playlists?type=community&size=20')).content;
});

/** A region (a section named by its heading or aria-label). */
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

describe('community playlists', () => {
  const browser = useBrowser();

  it('a member submits a playlist by URL; an admin approves it', async () => {
    const playlist = await newFanPlaylist('Submitted in Chromium');
    const member = await browser.newPage();
    await loginAs(member, DEMO_VIEWER);
    await member.goto('/playlists/community');
    await member.getByRole('link', { name: 'SUBMIT A PLAYLIST' }).click();
    await waitForPath(member, '/playlists/community/submit');
    const field = member.getByRole('textbox', { name: 'Playlist URL' });
    const submit = member.getByRole('button', { name: 'SUBMIT' });
    expect(await submit.isDisabled()).toBe(true);
    expect(await field.getAttribute('title')).toBe('Must be valid URL');
    expect(await field.getAttribute('minlength')).toBe('38');
    await member.getByText('Must be valid YouTube playlist URL').first().waitFor();
    await field.fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s');
    await field.blur();
    // The field says what is wrong once left (aria-invalid, and the message under it).
    await member.locator('input[aria-invalid="true"]').waitFor();
    expect(await member.getByText('Must be valid YouTube playlist URL').count()).toBe(2);
    expect(await submit.isDisabled()).toBe(true);
    await field.fill(`https://www.youtube.com/playlist?list=${playlist.remoteId}`);
    expect(await submit.isEnabled()).toBe(true);
    await screenshot(member, 'community-submit-1280');
    await submit.click();
    await waitForToast(member, 'Success', 'Community playlist submitted');
    expect(await field.inputValue()).toBe('');

    // A refresh request as well, from the playlist's page.
    await member.goto(`/playlists/${community[2]!.id}`);
    await member.getByRole('button', { name: 'Request Refresh' }).click();
    await waitForToast(member, 'Success', 'Playlist refresh requested');

    const admin = await browser.newPage();
    await loginAs(admin, DEMO_ADMIN);
    await admin.goto('/admin/edits');
    await admin.getByRole('tab', { name: 'Playlist Refresh Approvals' }).click();
    await waitForPath(admin, '/admin/refreshes');
    await waitForTitle(admin, 'Playlist Refresh Approval Queue | Almanac');
    const submissions = region(admin, 'Community Playlist Submissions');
    const submission = submissions.getByTestId('playlist-request').filter({ hasText: playlist.remoteId });
    await submission.getByText('demo_viewer').waitFor();
    const refreshes = region(admin, 'Playlist Refresh Requests');
    await refreshes.getByTestId('playlist-request').filter({ hasText: community[2]!.name }).waitFor();
    await screenshot(admin, 'admin-refreshes-1280');
    await admin.setViewportSize({ width: 375, height: 800 });
    await screenshot(admin, 'admin-refreshes-375');
    await admin.setViewportSize({ width: 1280, height: 900 });

    await submission.getByRole('button', { name: /^Approve /i }).click();
    await waitForToast(admin, 'Success', 'Community playlist submission approved');
    await submissions.getByText('No pending community playlist submissions').waitFor();
    await refreshes
      .getByRole('button', { name: /^Reject /i })
      .first()
      .click();
    await waitForToast(admin, 'Success', 'Playlist refresh request rejected');
    await refreshes.getByText('No pending playlist refresh requests').waitFor();
    expectNoPageErrors(admin);
  });

  it('toasts a failed approval, and the request stays', async () => {
    const playlist = await newFanPlaylist('Approval fails');
    const member = await browser.newPage();
    await loginAs(member, DEMO_VIEWER);
    await member.goto('/playlists/community/submit');
    await member.getByRole('textbox', { name: 'Playlist URL' }).fill(`https://www.youtube.com/playlist?list=${playlist.remoteId}`);
    await member.getByRole('button', { name: 'SUBMIT' }).click();
    await waitForToast(member, 'Success', 'Community playlist submitted');

    const admin = await browser.newPage();
    await loginAs(admin, DEMO_ADMIN);
    await admin.route('**/api/playlists/refresh/*/approve', (route) => route.fulfill({ status: 500, body: '' }));
    await admin.goto('/admin/refreshes');
    const submission = region(admin, 'Community Playlist Submissions')
      .getByTestId('playlist-request')
      .filter({ hasText: playlist.remoteId });
    await submission.getByRole('button', { name: /^Approve /i }).click();
    await waitForToast(admin, 'Error', 'Unable to approve community playlist submission');
    await submission.getByRole('button', { name: /^Reject /i }).click();
    await waitForToast(admin, 'Success', 'Community playlist submission rejected');
  });

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
    await screenshot(page, 'community-submit-errors-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'community-submit-errors-375');
  });
  it('shows under the field what YouTube or the catalogue say of the playlist, with a link to where it is', async () => {
    const bestOf = (await api<ApiPage<Playlist>>('/api/playlists?type=best_of&providers=youtube&size=1')).content[0]!;
    const page = await browser.newPage();
    await loginAs(page, DEMO_VIEWER);
    await page.goto('/playlists/community/submit');
    const field = page.getByRole('textbox', { name: 'Playlist URL' });
    const submit = page.getByRole('button', { name: 'SUBMIT' });
    // Unknown at YouTube (playlists.list answers no items): a 400, its words under the field.
    await field.fill('https://www.youtube.com/playlist?list=PLnoSuchPlaylistAtYouTube0000');
    await submit.click();
    await waitForToast(page, 'Unable to submit playlist', 'playlistUrl: No public YouTube playlist was found at that link');
    const problem = page.getByText('No public YouTube playlist was found at that link', { exact: true });
    await problem.waitFor();
    expect(await describedBy(field)).toContain('No public YouTube playlist was found at that link');
    // Already catalogued: a 409 naming where, with a link there.
    await field.fill(bestOf.linkUrl);
    await expect.poll(() => problem.count()).toBe(0);
    await submit.click();
    const where = `"${bestOf.name}" is already in the catalogue as a Best Of playlist`;
    await waitForToast(page, 'Unable to submit playlist', where);
    await page.getByText(where, { exact: false }).last().waitFor();
    expect(await describedBy(field)).toContain(where);
    const link = page.getByRole('link', { name: 'Open the playlist' });
    expect(await link.getAttribute('href')).toBe(`/playlists/${bestOf.id}`);
    await screenshot(page, 'community-submit-refused-1280');
    expect(await seriousViolations(page, 'main')).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'community-submit-refused-375');
    expect(await seriousViolations(page, 'main')).toEqual([]);
    await link.click();
    await waitForPath(page, `/playlists/${bestOf.id}`);
    expectNoPageErrors(page);
  });
});
