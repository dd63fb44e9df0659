import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { RadioTrack } from '../common/radio';
import { expectNoPageErrors, failRequests, navigate, screenshot, useBrowser } from './support/browser';
import { waitForPath, waitForTitle, waitForToast } from './support/expect';
import { DEMO_ADMIN, DEMO_VIEWER, loginAs } from './support/fixtures';
import { serverTrack, trackWithTimeLeft } from './support/radio';

/**
 * /radio in Chromium against the real server in demo mode (issue 13): the station's socket, the
 * sandbox's generated audio played from the station's position, SKIP TRACK reaching another
 * listener, the station switch, and the player that stays while the listener browses.
 */

/** Records every text the connection badge shows (it may say "Connected" within milliseconds of "Connecting..."). */
function statusRecorder() {
  const seen: string[] = [];
  (window as unknown as { radioStatuses: string[] }).radioStatuses = seen;
  new MutationObserver(() => {
    for (const element of document.querySelectorAll('[role="status"]')) {
      const text = element.textContent ?? '';
      if ((text === 'Connecting...' || text === 'Connected') && seen.at(-1) !== text) seen.push(text);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

const statuses = (page: Page) => page.evaluate(() => (window as unknown as { radioStatuses: string[] }).radioStatuses);

const statusBadge = (page: Page) => page.getByRole('status').filter({ hasText: /^(Connecting\.\.\.|Connected)$/ });
const currentTrackName = (page: Page) => page.locator('section[aria-labelledby="radio-current"] a').first();
const playedEntries = (page: Page) => page.locator('section[aria-labelledby="radio-played"] li');

async function waitConnected(page: Page): Promise<void> {
  await statusBadge(page).filter({ hasText: 'Connected' }).waitFor();
  await currentTrackName(page).waitFor();
}

/** Starts playback: the browser may refuse to autoplay, and then the page offers a click. */
async function startListening(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-radio]');
    const offered = [...document.querySelectorAll('button')].some((button) => button.textContent === 'Click to listen');
    return offered || (audio !== null && !audio.paused && audio.currentTime > 0);
  });
  const listen = page.getByRole('button', { name: 'Click to listen' });
  if (await listen.count()) await listen.first().click();
  await page.waitForFunction(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-radio]');
    return audio !== null && !audio.paused && audio.currentTime > 0;
  });
}

/** The audio's position minus the station's (both on this machine's clock), in seconds. */
function audioDrift(page: Page, track: RadioTrack): Promise<number> {
  return page.evaluate((startedAt) => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-radio]');
    if (!audio) throw new Error('No radio audio element');
    return audio.currentTime - (Date.now() - Date.parse(startedAt)) / 1000;
  }, track.startedAt);
}

/** The audio element's source, to tell that the same one goes on playing. */
const audioSource = (page: Page) => page.evaluate(() => document.querySelector<HTMLAudioElement>('audio[data-radio]')?.src ?? null);

describe('radio', () => {
  const browser = useBrowser();

  it('connects, shows the current track and plays it from the station position', async () => {
    const page = await browser.newPage();
    await page.addInitScript(statusRecorder);
    await page.goto('/radio');
    await waitForTitle(page, 'Radio | Almanac');
    await page.getByRole('heading', { level: 1, name: 'Radio 93.8 FM, 24/7' }).waitFor();
    await waitConnected(page);
    expect(await statuses(page)).toEqual(['Connecting...', 'Connected']);

    const track = await serverTrack(page, 'top');
    expect(track.station).toBe('top');
    await currentTrackName(page).filter({ hasText: track.name }).waitFor();

    await startListening(page);
    expect(await audioSource(page)).toContain(`/sandbox/audio/${encodeURIComponent(track.remoteId)}`);
    expect(Math.abs(await audioDrift(page, track))).toBeLessThan(2);
    await page.getByRole('button', { name: 'Pause radio' }).waitFor();
    // The lock screen (Media Session API): the track's name and the station, with play and pause.
    const session = await page.evaluate(() => ({
      title: navigator.mediaSession.metadata?.title,
      album: navigator.mediaSession.metadata?.album,
      artwork: navigator.mediaSession.metadata?.artwork.length,
      state: navigator.mediaSession.playbackState,
    }));
    expect(session).toEqual({ title: track.name, album: 'Top', artwork: track.thumbnail ? 1 : 0, state: 'playing' });
    // How many listen now: this page at least.
    await page.getByText(/[1-9]\d* listening now/).waitFor();
    expectNoPageErrors(page);
    await screenshot(page, 'radio-1280');
  });

  it('offers "Click to listen" when the browser refuses to play without a gesture, and plays on that click', async () => {
    const page = await browser.newPage();
    // Chromium's autoplay policy, as a browser without this site's media engagement applies it:
    // play() is refused until the visitor has clicked something on the page.
    await page.addInitScript(() => {
      let clicked = false;
      addEventListener(
        'click',
        (event) => {
          if (event.isTrusted) clicked = true;
        },
        true,
      );
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        return clicked ? play.call(this) : Promise.reject(new DOMException('play() needs a user gesture', 'NotAllowedError'));
      };
    });
    await page.goto('/radio');
    await waitConnected(page);
    await page.getByRole('button', { name: 'Click to listen' }).click();
    await page.waitForFunction(() => document.querySelector<HTMLAudioElement>('audio[data-radio]')?.paused === false);
    await page.getByRole('button', { name: 'Pause radio' }).waitFor();
  });

  it("an admin's SKIP TRACK changes the track on another listener's page, and Previously Played grows", async () => {
    const listener = await browser.open('/radio');
    await waitConnected(listener);
    // The skip must be the only change: a track ending on its own meanwhile would be on top instead.
    const before = (await trackWithTimeLeft(listener, 'top', 25)).name;
    await currentTrackName(listener).filter({ hasText: before }).waitFor();
    const playedBefore = await playedEntries(listener).count();

    const admin = await browser.newPage();
    await loginAs(admin, DEMO_ADMIN);
    await navigate(admin, '/radio');
    await waitConnected(admin);
    await currentTrackName(admin).waitFor();
    const skipRequest = admin.waitForRequest('**/api/radio/skip**');
    await admin.getByRole('button', { name: 'SKIP TRACK' }).click();
    // It names the play the admin sees, so a second click or a track change meanwhile skips nothing more.
    const skipUrl = new URL((await skipRequest).url());
    expect(skipUrl.searchParams.get('station')).toBe('top');
    expect(Number.isNaN(Date.parse(skipUrl.searchParams.get('startedAt') ?? ''))).toBe(false);
    await waitForToast(admin, 'Success', 'Track skipped');

    await listener.waitForFunction(
      (previous) => document.querySelector('section[aria-labelledby="radio-current"] a')?.textContent !== previous,
      before,
    );
    await listener.waitForFunction(
      (count) => document.querySelectorAll('section[aria-labelledby="radio-played"] li').length > count,
      playedBefore,
    );
    // The track before is on top, numbered from the oldest.
    const top = playedEntries(listener).first();
    expect(await top.textContent()).toContain(before);
    expect(await top.textContent()).toMatch(new RegExp(`^${await playedEntries(listener).count()}`));
    expectNoPageErrors(listener);
  });

  it('toasts "Unable to skip track" when the skip fails', async () => {
    const admin = await browser.newPage();
    await loginAs(admin, DEMO_ADMIN);
    await failRequests(admin, '**/api/radio/skip**');
    await navigate(admin, '/radio');
    await waitConnected(admin);
    await admin.getByRole('button', { name: 'SKIP TRACK' }).click();
    await waitForToast(admin, 'Unable to skip track', 'Something went wrong on our side. Please try again.');
  });

  it('switching to everything clears the track and reconnects to that station', async () => {
    const page = await browser.open('/radio', { width: 375 });
    await waitConnected(page);
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await page.evaluate(statusRecorder);

    await page.getByText('Everything', { exact: true }).click();
    await waitForPath(page, '/radio?station=everything');
    await waitConnected(page);
    // The station's socket, whatever else its query carries (`crowd=1`: the reactions' tally).
    const stationOf = (url: string) => {
      const parsed = new URL(url);
      return parsed.pathname === '/api/ws/radio' ? parsed.searchParams.get('station') : null;
    };
    expect(sockets.some((url) => stationOf(url) === 'everything')).toBe(true);
    expect(await statuses(page)).toContain('Connecting...');
    const track = await serverTrack(page, 'everything');
    await currentTrackName(page).filter({ hasText: track.name }).waitFor();
    await screenshot(page, 'radio-375');
  });

  it('keeps playing while the listener browses, with the mini-player, and back', async () => {
    for (const width of [1280, 375]) {
      const page = await browser.open('/radio', { width });
      await waitConnected(page);
      await startListening(page);
      const source = await audioSource(page);
      const name = (await currentTrackName(page).textContent()) ?? '';

      await navigate(page, '/latest');
      await waitForTitle(page, 'Latest Songs | Almanac');
      const mini = page.getByRole('region', { name: 'Radio player' });
      await mini.waitFor();
      await mini.getByRole('link', { name }).waitFor();
      await mini.getByText('93.8 FM · Top').waitFor();
      const at = await page.evaluate(() => document.querySelector<HTMLAudioElement>('audio[data-radio]')?.currentTime ?? -1);
      await page.waitForFunction((then) => {
        const audio = document.querySelector<HTMLAudioElement>('audio[data-radio]');
        return audio !== null && !audio.paused && audio.currentTime > then + 1;
      }, at);
      expect(await audioSource(page)).toBe(source);
      await mini.screenshot({ path: `e2e/screenshots/radio-mini-player-${width}.png` });

      // Pause and play from the mini-player.
      await mini.getByRole('button', { name: 'Pause radio' }).click();
      await page.waitForFunction(() => document.querySelector<HTMLAudioElement>('audio[data-radio]')?.paused === true);
      await mini.getByRole('button', { name: 'Play radio' }).click();
      await page.waitForFunction(() => document.querySelector<HTMLAudioElement>('audio[data-radio]')?.paused === false);

      await mini.getByRole('link', { name }).click();
      await waitForPath(page, '/radio');
      await waitConnected(page);
      expect(await page.getByRole('region', { name: 'Radio player' }).count()).toBe(0);
      expect(await audioSource(page)).toBe(source);
      expect(await page.evaluate(() => document.querySelector<HTMLAudioElement>('audio[data-radio]')?.paused)).toBe(false);
      expectNoPageErrors(page);
    }
  });

  it('reconnects after the connection drops (spec 7), and shows it meanwhile', async () => {
    const page = await browser.newPage();
    // The page's sockets pass through to the real server; the test can cut one, as a network would.
    const routes: { close: () => Promise<void> }[] = [];
    // The station's socket (?station=), not the listener count's (/api/ws/radio/listeners).
    await page.routeWebSocket(/\/api\/ws\/radio\?/, (socket) => {
      socket.connectToServer();
      routes.push(socket);
    });
    await page.addInitScript(statusRecorder);
    await page.goto('/radio');
    await waitConnected(page);
    await routes[0]!.close();
    await statusBadge(page)
      .filter({ hasText: 'Connected' })
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await page.waitForFunction(() => (window as unknown as { radioStatuses: string[] }).radioStatuses.length >= 4);
    expect(await statuses(page)).toEqual(['Connecting...', 'Connected', 'Connecting...', 'Connected']);
    expect(routes).toHaveLength(2);
    // The new connection sends the station's track at once.
    await currentTrackName(page)
      .filter({ hasText: (await serverTrack(page, 'top')).name })
      .waitFor();
  });

  it('shows SKIP TRACK to admins only', async () => {
    const viewer = await browser.newPage();
    await loginAs(viewer, DEMO_VIEWER);
    await navigate(viewer, '/radio');
    await waitConnected(viewer);
    expect(await viewer.getByRole('button', { name: 'SKIP TRACK' }).count()).toBe(0);

    const anonymous = await browser.open('/radio');
    await waitConnected(anonymous);
    expect(await anonymous.getByRole('button', { name: 'SKIP TRACK' }).count()).toBe(0);
  });
});
