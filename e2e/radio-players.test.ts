import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../common/constants';
import type { RadioTrack } from '../common/radio';
import { expectNoPageErrors, useBrowser } from './support/browser';
import { DEMO_ADMIN, loginAs } from './support/fixtures';
import { serverTrack } from './support/radio';

/**
 * The providers' players of the radio (issue 13), outside demo mode's audio: the page is told there
 * is no sandbox audio, and the YouTube IFrame Player API and SoundCloud Widget API scripts are
 * answered by stand-ins that record what the radio asks of them (tests never reach a provider).
 * Each must start the station's track at the station's position, and be moved back when it drifts.
 */

/** Stands in for https://www.youtube.com/iframe_api: a YT.Player whose clock stands still, so it drifts. */
const FAKE_YOUTUBE = `
window.YT = { Player: function (element, options) {
  const self = this;
  const calls = (window.playerCalls = window.playerCalls || []);
  let time = options.playerVars.start;
  calls.push(['create', options.videoId, time]);
  const state = (data) => setTimeout(() => options.events.onStateChange({ data, target: self }), 0);
  this.loadVideoById = (o) => { calls.push(['load', o.videoId, o.startSeconds]); time = o.startSeconds; state(1); };
  this.playVideo = () => { calls.push(['play']); state(1); };
  this.pauseVideo = () => { calls.push(['pause']); state(2); };
  this.seekTo = (seconds) => { calls.push(['seek', seconds]); time = seconds; };
  this.getCurrentTime = () => time;
  this.setVolume = (volume) => calls.push(['volume', volume]);
  this.destroy = () => calls.push(['destroy']);
  setTimeout(() => options.events.onReady({ target: self }), 0);
} };
if (window.onYouTubeIframeAPIReady) window.onYouTubeIframeAPIReady();
`;

/** Stands in for https://w.soundcloud.com/player/api.js: a widget whose position stands still. */
const FAKE_SOUNDCLOUD = `
const Events = { READY: 'ready', PLAY: 'play', PAUSE: 'pause', FINISH: 'finish', ERROR: 'error', PLAY_PROGRESS: 'playProgress' };
window.SC = { Widget: Object.assign(function (iframe) {
  const calls = (window.playerCalls = window.playerCalls || []);
  const handlers = {};
  let position = 0;
  calls.push(['create', iframe.src]);
  const widget = {
    bind: (event, handler) => { handlers[event] = handler; },
    load: (url, options) => { calls.push(['load', url]); setTimeout(() => options.callback && options.callback(), 0); },
    play: () => { calls.push(['play']); handlers.play && handlers.play(); handlers.playProgress && handlers.playProgress({ currentPosition: position }); },
    pause: () => { calls.push(['pause']); handlers.pause && handlers.pause(); },
    seekTo: (ms) => { calls.push(['seek', ms / 1000]); position = ms; },
    setVolume: (volume) => calls.push(['volume', volume]),
  };
  setTimeout(() => handlers.ready && handlers.ready(), 0);
  return widget;
}, { Events }) };
`;

type Call = [string, ...unknown[]];

async function providerPage(page: Page): Promise<void> {
  // Nothing leaves this machine: the two API scripts are the stand-ins above, the widget's page is blank.
  await page.route(/^https:\/\//, (route) => {
    const url = route.request().url();
    if (url === 'https://www.youtube.com/iframe_api') return route.fulfill({ contentType: 'text/javascript', body: FAKE_YOUTUBE });
    if (url === 'https://w.soundcloud.com/player/api.js') return route.fulfill({ contentType: 'text/javascript', body: FAKE_SOUNDCLOUD });
    if (url.startsWith('https://w.soundcloud.com/player/')) return route.fulfill({ contentType: 'text/html', body: '<html></html>' });
    return route.abort();
  });
  // The app shell's public configuration without the sandbox's audio, so the providers' players are used.
  // (Rewriting the document itself would make Chromium treat it as a public page and refuse its
  // sockets to this loopback server: local network access checks.)
  await page.addInitScript((id) => {
    const getElementById = Document.prototype.getElementById;
    Document.prototype.getElementById = function (this: Document, wanted: string) {
      const element = getElementById.call(this, wanted);
      if (wanted !== id || !element?.textContent) return element;
      const config = JSON.parse(element.textContent) as { radioAudioBase: string | null };
      return { textContent: JSON.stringify({ ...config, radioAudioBase: null }) } as HTMLElement;
    };
  }, PUBLIC_CONFIG_ELEMENT_ID);
}

/** Skips `everything` (as an admin, through the API) until a song of this provider plays. */
async function playProvider(admin: Page, provider: RadioTrack['provider']): Promise<RadioTrack> {
  for (let skips = 0; skips < 60; skips++) {
    const track = await serverTrack(admin, 'everything');
    if (track.provider === provider) return track;
    const response = await admin.request.post('/api/radio/skip?station=everything', { headers: { origin: inject('baseURL') } });
    if (!response.ok()) throw new Error(`skip answered ${response.status()}`);
    // The next track is the one a new listener gets (each read is a socket's round trip).
    for (let reads = 0; (await serverTrack(admin, 'everything')).startedAt === track.startedAt; reads++) {
      if (reads > 50) throw new Error('The skip did not change the track');
    }
  }
  throw new Error(`No ${provider} song came up on everything`);
}

const calls = (page: Page) => page.evaluate(() => (window as unknown as { playerCalls?: Call[] }).playerCalls ?? []);
const position = (track: RadioTrack) => (Date.now() - Date.parse(track.startedAt)) / 1000;

describe('radio players of the providers', () => {
  const browser = useBrowser();

  for (const provider of ['youtube', 'sound_cloud'] as const) {
    it(`plays a ${provider} song through its API from the station's position, and moves a drifting player back`, async () => {
      const admin = await browser.newPage();
      await loginAs(admin, DEMO_ADMIN);
      const track = await playProvider(admin, provider);

      const page = await browser.newPage();
      await providerPage(page);
      await page.goto('/radio?station=everything');
      await page.getByRole('status').filter({ hasText: 'Connected' }).waitFor();
      // Started: YouTube's player loads the video at a start second, SoundCloud's widget seeks after its load.
      const startCall = provider === 'youtube' ? 'load' : 'seek';
      await page.waitForFunction(
        (name) => ((window as unknown as { playerCalls?: Call[] }).playerCalls ?? []).some(([call]) => call === name),
        startCall,
      );
      await page.getByRole('button', { name: 'Pause radio' }).waitFor();

      const started = await calls(page);
      const loaded = started.find(([name]) => name === 'load') ?? started.find(([name]) => name === 'create');

      if (provider === 'youtube') {
        expect(loaded?.[1]).toBe(track.remoteId);
        expect(Math.abs(Number(loaded?.[2]) - position(track))).toBeLessThan(2);
      } else {
        expect(String(loaded?.[1])).toContain(encodeURIComponent(`https://api.soundcloud.com/tracks/${track.remoteId}`));
        const seek = started.find(([name]) => name === 'seek');
        expect(Math.abs(Number(seek?.[1]) - position(track))).toBeLessThan(2);
      }
      expect(await page.locator('audio[data-radio]').count()).toBe(0);

      // The stand-in's clock stands still: past RADIO_MAX_DRIFT_SECS the radio seeks it to the station.
      const seeks = (await calls(page)).filter(([name]) => name === 'seek').length;
      await page.waitForFunction(
        (before) => ((window as unknown as { playerCalls: Call[] }).playerCalls ?? []).filter(([name]) => name === 'seek').length > before,
        seeks,
      );
      const lastSeek = (await calls(page)).filter(([name]) => name === 'seek').at(-1);
      expect(Math.abs(Number(lastSeek?.[1]) - position(track))).toBeLessThan(1.5);

      await page.getByRole('button', { name: 'Pause radio' }).click();
      await page.getByRole('button', { name: 'Play radio' }).waitFor();
      expect((await calls(page)).some(([name]) => name === 'pause')).toBe(true);
      expectNoPageErrors(page);
    });
  }
});
