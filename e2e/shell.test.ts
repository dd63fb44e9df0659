import { describe, expect, it } from 'vitest';
import { expectNoPageErrors, useBrowser } from './support/browser';
import { gate, pathAndQuery, pauseClockSoon, toasts, waitForPath, waitForTitle, waitForToast } from './support/expect';
import { DEMO_ADMIN, DEMO_VIEWER, loginAs } from './support/fixtures';

describe('app shell', () => {
  const browser = useBrowser();

  it('shows the menu tree, channel buttons, login button and footer', async () => {
    const page = await browser.open('/');
    await waitForTitle(page, 'Home | Almanac');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Songs', 'Streams', 'Playlists', 'Requests', 'Song of the Day', 'Radio', 'Socials', 'More']) {
      await nav
        .getByRole('button', { name: label, exact: true })
        .or(nav.getByRole('link', { name: label, exact: true }))
        .waitFor();
    }
    expect(await page.getByRole('link', { name: 'Nova live on Twitch' }).getAttribute('href')).toBe(
      'https://www.twitch.tv/nova_almanac_demo',
    );
    expect(await page.getByRole('link', { name: 'Nova on YouTube' }).getAttribute('href')).toBe('https://www.youtube.com/@NovaAlmanacDemo');
    // Demo mode has auth enabled and nobody is logged in (GET /api/auth/user fails).
    await page.getByRole('link', { name: 'Login' }).first().waitFor();

    const footer = page.getByRole('contentinfo');
    await footer.getByText(`Songs and streams © ${new Date().getFullYear()} Nova`).waitFor();
    await footer.getByText('The Almanac crew', { exact: false }).waitFor();
    await footer.getByRole('link', { name: 'YouTube (Unofficial daily)' }).waitFor();
    await footer.getByRole('link', { name: 'Discord' }).waitFor();
    expectNoPageErrors(page);
  });

  it('opens a submenu entry and titles the page, scrolled to the top', async () => {
    const page = await browser.open('/');
    await page.mouse.wheel(0, 2000);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Songs' }).click();
    await page.getByRole('menuitem', { name: 'Top' }).click();
    await waitForPath(page, '/top');
    await waitForTitle(page, 'Top Songs | Almanac');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await nav.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Events' }).click();
    await waitForTitle(page, 'Upcoming Events | Almanac');
    await page.getByText('No upcoming events').waitFor();
  });

  it('redirects unknown paths home, /request to the sample request and non-admins away from /admin', async () => {
    const page = await browser.open('/no/such/page');
    await waitForPath(page, '/');
    await page.goto('/request');
    await waitForPath(page, '/request/sample');
    await waitForTitle(page, 'New Sample Request | Almanac');
    await page.goto('/admin');
    await waitForPath(page, '/');
    await page.goto('/streams/not-a-number');
    await waitForPath(page, '/');
  });

  it('sends an admin from /admin to the edit approvals', async () => {
    const page = await browser.newPage();
    await loginAs(page, DEMO_ADMIN);
    await page.goto('/admin');
    await waitForPath(page, '/admin/edits');
    await waitForTitle(page, 'Edit Approval Queue | Almanac');
  });

  it('guards login-only routes with an info toast', async () => {
    const page = await browser.open('/liked');
    await waitForToast(page, 'Info', 'You have to be logged in to do that!');
    await waitForPath(page, '/');

    // With a previous page, the visitor stays there.
    await page.goto('/events');
    await waitForTitle(page, 'Upcoming Events | Almanac');
    await page.evaluate(() => {
      history.pushState({}, '', '/liked');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitForPath(page, '/events');
  });

  it('searches from the navbar, adding the type of the list being viewed', async () => {
    const page = await browser.open('/streams', { width: 1500 });
    const search = page.getByRole('search').getByRole('combobox', { name: 'Search' });
    await search.fill('synthwave');
    await search.press('Enter');
    await waitForPath(page, '/search?q=synthwave&type=stream');

    await page.goto('/latest');
    await page.getByRole('search').getByRole('combobox', { name: 'Search' }).fill('lofi');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/search?q=lofi');
  });

  it('opens the search from a button below 1024 px', async () => {
    const page = await browser.open('/playlists/albums', { width: 800 });
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('combobox', { name: 'Search' }).fill('paper');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/search?q=paper&type=playlist');
  });

  it('uses a burger menu on narrow screens', async () => {
    const page = await browser.open('/', { width: 375 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Playlists' }).click();
    await page.getByRole('link', { name: 'Community' }).click();
    await waitForPath(page, '/playlists/community');
    await waitForTitle(page, 'Community Playlists | Almanac');
    // The drawer closes after navigating.
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
  });

  it('shows the logged-in menu and logs out', async () => {
    const page = await browser.newPage();
    await loginAs(page, DEMO_ADMIN);
    await page.route('**/api/auth/logout', (route) => route.fulfill({ status: 204 }));
    await page.goto('/latest');
    await page.getByRole('button', { name: 'Account menu for demo_admin' }).click();
    await page.getByText('Logged in as demo_admin').waitFor();
    await page.getByRole('menuitem', { name: 'Admin Console' }).waitFor();
    await page.getByRole('menuitem', { name: 'Liked' }).waitFor();
    await page.unroute('**/api/auth/user');
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await waitForToast(page, 'Success', 'Successfully logged out');
    await waitForPath(page, '/');
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
  });

  it('hides Admin Console from non-admins and toasts a failed logout', async () => {
    const page = await browser.newPage();
    await loginAs(page, DEMO_VIEWER);
    await page.route('**/api/auth/logout', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'Session store down' }),
      }),
    );
    await page.goto('/events');
    await page.getByRole('button', { name: 'Account menu for demo_viewer' }).click();
    await page.getByRole('menuitem', { name: 'Liked' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Admin Console' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    // The server's message is the toast message; the failure text becomes the title (spec 7).
    await waitForToast(page, 'Unable to logout at this time', 'Session store down');
    expect(pathAndQuery(page)).toBe('/events');
  });

  it('puts the newest toast on top', async () => {
    const page = await browser.newPage();
    const statsMayFail = gate();
    await page.route('**/api/stats', async (route) => {
      await statsMayFail.opened;
      await route.fulfill({ status: 500, body: '' });
    });
    await page.goto('/?loginSuccess=false');
    const older = await waitForToast(page, 'Error', 'An error occurred when logging in');
    statsMayFail.open();
    const newer = await waitForToast(page, 'Error', 'Unable to retrieve stats');
    const [olderBox, newerBox] = [await older.boundingBox(), await newer.boundingBox()];
    expect(newerBox!.y).toBeLessThan(olderBox!.y);
  });

  it('removes a toast 1,000 ms after the pointer leaves it', async () => {
    const page = await browser.newPage();
    await page.clock.install();
    await page.goto('/?loginSuccess=false');
    const toast = await waitForToast(page, 'Error', 'An error occurred when logging in');
    await toast.hover();
    const box = (await toast.boundingBox())!;
    await pauseClockSoon(page);
    // Hovered: it stays however long.
    await page.clock.runFor(10_000);
    expect(await toasts(page, 'An error occurred when logging in').count()).toBe(1);
    await page.mouse.move(box.x - 300, box.y + 400);
    await page.clock.runFor(900);
    expect(await toasts(page, 'An error occurred when logging in').count()).toBe(1);
    // 1,000 ms and the 300 ms exit animation later it is gone (the 5 s display time would keep it).
    await page.clock.runFor(600);
    await page.clock.runFor(100);
    expect(await toasts(page, 'An error occurred when logging in').count()).toBe(0);
  });
});
