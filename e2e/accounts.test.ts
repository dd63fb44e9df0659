import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page as ApiPage, Media, Playlist, Stream, Tag } from '../common/api';
import { expectNoPageErrors, screenshot, useBrowser } from './support/browser';
import { pathAndQuery, waitForPath, waitForTitle, waitForToast } from './support/expect';
import { DEMO_ADMIN, DEMO_VIEWER, loginAs } from './support/fixtures';

/**
 * Accounts and community in Chromium against the real server: Twitch login through the sandbox,
 * likes, proposing changes, the Admin Console approving and rejecting them, and the route guards
 * (community playlist submissions: community.test.ts).
 */

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${inject('baseURL')}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** A region (a section named by its heading or aria-label). */
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** Picks tags in the (searchable) tag multi-select of an edit view. */
async function pickTag(page: Page, name: string) {
  const input = page.getByRole('combobox', { name: 'Tags', exact: true });
  await input.click({ force: true });
  await input.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await page.keyboard.press('Escape');
}

async function logOut(page: Page, displayName: string) {
  await page.getByRole('button', { name: `Account menu for ${displayName}` }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
  await waitForToast(page, 'Success', 'Successfully logged out');
  await waitForPath(page, '/');
  await page.getByRole('link', { name: 'Login' }).first().waitFor();
}

let tags: Tag[];
let songs: Media[];
let streams: Stream[];
let community: Playlist[];

beforeAll(async () => {
  tags = await api<Tag[]>('/api/tag');
  songs = (await api<ApiPage<Media>>('/api/media/latest?size=40')).content;
  streams = (await api<ApiPage<Stream>>('/api/streams/latest?size=20')).content;
  community = (await api<ApiPage<Playlist>>('/api/playlists?type=community&size=20')).content;
});

/** A tag the item does not have yet. */
const newTagFor = (item: { tags: Tag[] }, offset = 0) => tags.filter((t) => !item.tags.some((own) => own.id === t.id))[offset]!;

describe('login', () => {
  const browser = useBrowser();

  it('logs in through the sandbox’s Twitch page and out again', async () => {
    const page = await browser.open('/latest');
    await page.getByRole('link', { name: 'Login' }).first().click();
    // /login says "Logging in with" Twitch, then the browser goes to Twitch (here the sandbox).
    await page.getByRole('heading', { name: 'Log in with Twitch' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/sandbox/twitch/oauth2/authorize');
    await page.getByRole('link', { name: /demo_viewer/ }).click();
    await waitForToast(page, 'Success', 'Logged in');
    await waitForPath(page, '/');
    await page.getByRole('button', { name: 'Account menu for demo_viewer' }).click();
    await page.getByText('Logged in as demo_viewer').waitFor();
    await page.keyboard.press('Escape');
    await logOut(page, 'demo_viewer');
    // The session ended on the server too.
    const me = await page.request.get('/api/auth/user');
    expect(await me.json()).toBeNull();
    expectNoPageErrors(page);
  });

  it('shows "Logging in with" Twitch on /login (375 and 1280 px)', async () => {
    for (const width of [375, 1280]) {
      const page = await browser.newPage({ width, height: 700 });
      // A 204 keeps the browser on /login instead of going to Twitch, to look at the page.
      await page.route('**/api/auth/twitch/login', (route) => route.fulfill({ status: 204 }));
      await page.goto('/login');
      await waitForTitle(page, 'Login | Almanac');
      await page.getByRole('heading', { name: 'Logging in with' }).waitFor();
      await page.getByRole('main').getByText('Twitch', { exact: true }).waitFor();
      await screenshot(page, `login-${width}`);
      await page.close();
    }
  });

  it('says so when the login fails (the visitor cancels at Twitch)', async () => {
    const page = await browser.open('/');
    await page.getByRole('link', { name: 'Login' }).first().click();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await waitForToast(page, 'Error', 'An error occurred when logging in');
    await waitForPath(page, '/');
  });
});

describe('members', () => {
  const browser = useBrowser();

  it('likes and unlikes a song, and finds it on the Liked page', async () => {
    const song = songs.find((s) => !s.liked)!;
    const page = await browser.newPage();
    await loginAs(page, DEMO_VIEWER);
    await page.goto(`/media/${song.id}`);
    await page.getByRole('heading', { level: 1, name: song.name }).waitFor();
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    await waitForToast(page, 'Success', 'Liked song');
    await page.getByRole('button', { name: 'Unlike', exact: true }).waitFor();

    await page.goto('/liked');
    await waitForTitle(page, 'Liked | Almanac');
    await page.getByRole('tab', { name: 'Songs' }).waitFor();
    await page.getByTestId('item-card').filter({ hasText: song.name }).waitFor();
    await page.getByRole('tab', { name: 'Streams' }).click();
    await page.getByText('No streams found').waitFor();
    await page.getByRole('tab', { name: 'Playlists' }).click();
    await page.getByText('No playlists found').waitFor();
    // The tab is in the URL: a reload opens it again.
    await waitForPath(page, '/liked?tab=playlists');
    await page.reload();
    expect(await page.getByRole('tab', { name: 'Playlists' }).getAttribute('aria-selected')).toBe('true');

    await page.goto(`/media/${song.id}`);
    await page.getByRole('button', { name: 'Unlike', exact: true }).click();
    await waitForToast(page, 'Success', 'Unliked song');
    await page.getByRole('button', { name: 'Like', exact: true }).waitFor();
    await page.goto('/liked');
    await page.getByText('No songs found').waitFor();
    expectNoPageErrors(page);
  });

  it('shows the liked lists at 375 and 1280 px', async () => {
    const page = await browser.newPage({ width: 1280 });
    await loginAs(page, DEMO_VIEWER);
    for (const item of songs.slice(0, 3)) await page.request.post(`/api/media/${item.id}/like`);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/liked');
      await page.getByTestId('item-card').nth(2).waitFor();
      await screenshot(page, `liked-${width}`);
    }
    for (const item of songs.slice(0, 3)) await page.request.delete(`/api/media/${item.id}/like`);
  });

  it('toasts a failed read of a liked list', async () => {
    const page = await browser.newPage();
    await loginAs(page, DEMO_VIEWER);
    await page.route('**/api/streams/liked?*', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto('/liked');
    await page.getByRole('tab', { name: 'Streams' }).click();
    await waitForToast(page, 'Error', 'Unable to retrieve liked streams');
    await page.getByText('An error occurred when loading streams').waitFor();
  });
});

describe('edits and their approval', () => {
  const browser = useBrowser();

  it('a member proposes a change; an admin approves it and sees it applied', async () => {
    const song = songs.find((s) => s.lyrics === null) ?? songs[0]!;
    const tag = newTagFor(song);
    const lyrics = `First line of the words\nSecond line, proposed in ${Date.now()}`;

    const member = await browser.newPage();
    await loginAs(member, DEMO_VIEWER);
    await member.goto(`/media/${song.id}/details`);
    await member.getByRole('link', { name: 'EDIT' }).click();
    await waitForPath(member, `/media/${song.id}/edit`);
    await waitForTitle(member, 'Edit Song | Almanac');
    // Read-only fields stay read-only; the save button proposes.
    expect(await member.getByRole('textbox', { name: 'Name' }).getAttribute('readonly')).not.toBeNull();
    const propose = member.getByRole('button', { name: 'PROPOSE CHANGE' });
    expect(await propose.isDisabled()).toBe(true);
    await member.getByRole('textbox', { name: 'Lyrics' }).fill(lyrics);
    await pickTag(member, tag.name);
    await member.getByRole('textbox', { name: 'Stream timestamp' }).fill('soon');
    await member.getByText('Must be a time like 754, 12:34 or 1:02:03').waitFor();
    expect(await propose.isDisabled()).toBe(true);
    await member.getByRole('textbox', { name: 'Stream timestamp' }).fill(song.streamTimestamp === null ? '' : String(song.streamTimestamp));
    await screenshot(member, 'edit-song-member-1280');
    await propose.click();
    await waitForToast(member, 'Success', 'Change submitted');
    await waitForPath(member, `/media/${song.id}/details`);
    // Proposed, not applied.
    expect((await api<Media>(`/api/media/${song.id}`)).tags.some((t) => t.id === tag.id)).toBe(false);
    await logOut(member, 'demo_viewer');

    const admin = await browser.newPage();
    await loginAs(admin, DEMO_ADMIN);
    await admin.goto('/admin');
    await waitForPath(admin, '/admin/edits');
    await admin.getByRole('heading', { level: 1, name: 'Admin Console' }).waitFor();
    await admin.getByRole('tab', { name: 'Edit Approvals', selected: true }).waitFor();
    const request = region(admin, 'Media Edit Requests').getByTestId('edit-request').filter({ hasText: song.name });
    await request.waitFor();
    await request.getByText('demo_viewer').waitFor();
    await request.getByText('Second line, proposed in').waitFor();
    await request.getByText(tag.name, { exact: true }).waitFor();
    await screenshot(admin, 'admin-edits-1280');
    await request.getByRole('button', { name: /^Approve /i }).click();
    await waitForToast(admin, 'Success', 'Edit request approved and applied');
    await request.waitFor({ state: 'detached' });

    // Applied: the song shows the tag, and its edit view the lyrics.
    await admin.goto(`/media/${song.id}`);
    await admin.getByRole('heading', { level: 1, name: song.name }).waitFor();
    await admin.getByRole('link', { name: tag.name, exact: true }).waitFor();
    await admin.goto(`/media/${song.id}/edit`);
    expect(await admin.getByRole('textbox', { name: 'Lyrics' }).inputValue()).toBe(lyrics);
    await admin.getByRole('button', { name: 'SAVE', exact: true }).waitFor();
    expectNoPageErrors(admin);
  });

  it('an admin rejects another proposal; the stream stays as it was', async () => {
    const stream = streams[0]!;
    const tag = newTagFor(stream, 1);
    const member = await browser.newPage();
    await loginAs(member, DEMO_VIEWER);
    await member.goto(`/streams/${stream.id}/edit`);
    await waitForTitle(member, 'Edit Stream | Almanac');
    await pickTag(member, tag.name);
    await member.getByRole('button', { name: 'PROPOSE CHANGE' }).click();
    await waitForToast(member, 'Success', 'Change submitted');
    await waitForPath(member, `/streams/${stream.id}/details`);

    const admin = await browser.newPage();
    await loginAs(admin, DEMO_ADMIN);
    await admin.goto('/admin/edits');
    const request = region(admin, 'Stream Edit Requests').getByTestId('edit-request').filter({ hasText: stream.name });
    await request.getByRole('button', { name: /^Reject /i }).click();
    await waitForToast(admin, 'Success', 'Edit request rejected');
    await region(admin, 'Stream Edit Requests').getByText('No pending stream edit requests').waitFor();
    expect((await api<Stream>(`/api/streams/${stream.id}`)).tags.map((t) => t.id)).toEqual(stream.tags.map((t) => t.id));
  });

  it('an admin’s SAVE applies at once; a failed save toasts and stays', async () => {
    const playlist = community[0]!;
    const tag = newTagFor(playlist, 2);
    const admin = await browser.newPage();
    await loginAs(admin, DEMO_ADMIN);
    await admin.goto(`/playlists/${playlist.id}/edit`);
    await waitForTitle(admin, 'Edit Playlist | Almanac');
    await pickTag(admin, tag.name);

    await admin.route(`**/api/playlists/${playlist.id}`, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'streamId: there is no stream 99' }),
          })
        : route.fallback(),
    );
    await admin.getByRole('button', { name: 'SAVE', exact: true }).click();
    await waitForToast(admin, 'Unable to update playlist', 'streamId: there is no stream 99');
    expect(pathAndQuery(admin)).toBe(`/playlists/${playlist.id}/edit`);
    expect(await admin.getByRole('button', { name: 'SAVE', exact: true }).isEnabled()).toBe(true);
    await admin.unroute(`**/api/playlists/${playlist.id}`);

    await admin.getByRole('button', { name: 'SAVE', exact: true }).click();
    await waitForToast(admin, 'Success', 'Change submitted');
    await waitForPath(admin, `/playlists/${playlist.id}/details`);
    expect((await api<Playlist>(`/api/playlists/${playlist.id}`)).tags.map((t) => t.id)).toContain(tag.id);
  });

  it('shows the edit views at 375 px', async () => {
    const page = await browser.newPage({ width: 375, height: 800 });
    await loginAs(page, DEMO_VIEWER);
    await page.goto(`/media/${songs[1]!.id}/edit`);
    await page.getByRole('button', { name: 'PROPOSE CHANGE' }).waitFor();
    await screenshot(page, 'edit-song-375');
    await page.goto(`/clips/${(await api<ApiPage<{ id: number }>>('/api/clips?size=1')).content[0]!.id}/edit`);
    await page.getByRole('textbox', { name: 'Stream id' }).waitFor();
    await screenshot(page, 'edit-clip-375');
  });
});

describe('admin console and guards', () => {
  const browser = useBrowser();

  it('shows the empty queues at 375 and 1280 px', async () => {
    const page = await browser.newPage();
    await loginAs(page, DEMO_ADMIN);
    await page.goto('/admin/edits');
    for (const noun of ['media', 'playlist', 'stream', 'clip']) await page.getByText(`No pending ${noun} edit requests`).waitFor();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `admin-console-${width}`);
    }
  });

  it('sends visitors from login-only routes home with an info toast', async () => {
    for (const path of ['/liked', `/media/${songs[0]!.id}/edit`, '/playlists/community/submit']) {
      const page = await browser.open(path);
      await waitForToast(page, 'Info', 'You have to be logged in to do that!');
      await waitForPath(page, '/');
      await page.close();
    }
  });

  it('sends members silently home from the admin console; admins get in', async () => {
    const member = await browser.newPage();
    await loginAs(member, DEMO_VIEWER);
    await member.goto('/admin/refreshes');
    await waitForPath(member, '/');
    await member.getByRole('heading', { name: 'Top Songs This Month' }).waitFor();
    expect(await member.locator('.mantine-Notification-root').filter({ hasText: 'Info' }).count()).toBe(0);
    // The member's edit route opens.
    await member.goto(`/media/${songs[0]!.id}/edit`);
    await member.getByRole('button', { name: 'PROPOSE CHANGE' }).waitFor();

    const admin = await browser.newPage();
    await loginAs(admin, DEMO_ADMIN);
    await admin.goto('/admin');
    await waitForPath(admin, '/admin/edits');
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
    await screenshot(page, 'approval-toast-1280');
  });
});
