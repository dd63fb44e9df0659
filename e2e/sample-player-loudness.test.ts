import type { Page, WebSocketRoute } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_OVERLAY_KEY, OVERLAY_PATHS, type SamplePlay, type SamplePlays } from '../common/overlays';
import { integratedLoudness, SAMPLE_LOUDNESS, truePeakDb } from '../web/lib/loudness';
import { decodeWav } from '../web/lib/wav';
import { expectNoPageErrors, useBrowser } from './support/browser';
import { breakDecoding, consoleErrors, RECORDINGS, recording } from './support/sample-recordings';

/**
 * Even loudness for samples (issue 19), in Chromium: the streamer's sample player (the OBS overlay at
 * /overlays/samples) plays paid samples, and its test sound, at SAMPLE_LOUDNESS (-16 LUFS ±2 LU, true
 * peaks at most -1 dBTP), read back from the WAV it plays; a recording the browser cannot decode plays
 * as it came. The page is the run's shared site's, but its first read, socket, played reports and
 * recordings are answered by the test (see openPlayer). The loudness of web/lib/normalised-audio.ts
 * itself, and the admin's SamplePreview, are in e2e/sample-loudness.test.ts.
 */

const { targetLufs, ceilingDbtp } = SAMPLE_LOUDNESS;

describe('even loudness for samples', () => {
  const browser = useBrowser();

  describe("the streamer's sample player", () => {
    /**
     * The player with its first read, its socket and its played reports answered by the test, and
     * recordings served by id. The plays below are made up (ids naming RECORDINGS), so none of it may
     * reach the run's shared server: an earlier file's paid samples (sample.test.ts pays ids 1 and 2)
     * would be in its first read, which the player rightly treats as already played, and a report
     * would mark another file's request played.
     */
    async function openPlayer(options: { decoding?: 'broken'; baseline?: SamplePlay[] } = {}) {
      const page = await browser.newPage({ width: 800, height: 300 });
      const errors = consoleErrors(page);
      const reported: number[] = [];
      await page.route(
        (url) => url.pathname === OVERLAY_PATHS.samples,
        (route) => {
          expect(new URL(route.request().url()).searchParams.get('key')).toBe(DEMO_OVERLAY_KEY);
          const body: SamplePlays = { plays: options.baseline ?? [] };
          return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
        },
      );
      await page.route(/\/api\/overlays\/samples\/\d+\/played\?key=/, (route) => {
        reported.push(Number(new URL(route.request().url()).pathname.split('/')[4]));
        return route.fulfill({ status: 204 });
      });
      if (options.decoding === 'broken') await breakDecoding(page);
      // Keeps each blob the page makes a URL for, to read back what the player plays (the site's
      // Content-Security-Policy rightly lets no script fetch a blob: URL).
      await page.addInitScript(() => {
        const blobs = new Map<string, Blob>();
        const create = URL.createObjectURL;
        URL.createObjectURL = (object: Blob | MediaSource) => {
          const url = create(object);
          if (object instanceof Blob) blobs.set(url, object);
          return url;
        };
        Object.assign(window, { blobOf: (url: string) => blobs.get(url) });
      });
      await page.route(/\/api\/requests\/recording\/\d+\/audio\?key=/, (route) => {
        const url = new URL(route.request().url());
        expect(url.searchParams.get('key')).toBe(DEMO_OVERLAY_KEY);
        const id = Number(url.pathname.split('/')[4]);
        return route.fulfill({ status: 200, contentType: RECORDINGS[id]!.type, body: recording(id) });
      });
      const socket = new Promise<WebSocketRoute>((resolve) => {
        void page.routeWebSocket(
          (url) => url.pathname === OVERLAY_PATHS.samplesSocket,
          (ws) => resolve(ws),
        );
      });
      await page.goto(`/overlays/samples?key=${DEMO_OVERLAY_KEY}`);
      await page.locator('[data-testid="sample-player"][data-ready="true"]').waitFor({ state: 'attached' });
      await page.mouse.click(5, 5);
      return { page, errors, socket: await socket, reported };
    }

    const play = (sampleRequestId: number, username: string): SamplePlay => ({
      key: `${sampleRequestId}:0`,
      sampleRequestId,
      username,
      replay: 0,
      at: new Date().toISOString(),
    });

    /**
     * Waits until `key` plays, and reads what it plays (the WAV the player made) back to measure it. What
     * shows is read in one go in the page: a short sound (the 1 s test tone) may be over a moment later.
     */
    async function playing(page: Page, key: string) {
      const shown = await page.waitForFunction(
        (play) => {
          const audio = document.querySelector(`[data-testid="sample-playing"][data-play="${play}"] audio[data-playing="true"]`);
          if (!audio) return null;
          return {
            src: audio.getAttribute('src') ?? '',
            normalised: audio.getAttribute('data-normalised'),
            text: audio.closest('[data-testid="sample-playing"]')?.textContent ?? '',
          };
        },
        key,
        // An interval, not animation frames (which a busy machine's headless page may run seldom),
        // and a busy machine's time to decode and normalise a recording.
        { timeout: 60_000, polling: 100 },
      );
      const { src, normalised, text } = (await shown.jsonValue())!;
      const base64 = await page.evaluate(async (url) => {
        const blob = (window as unknown as { blobOf: (url: string) => Blob | undefined }).blobOf(url);
        if (!blob) throw new Error(`No blob behind ${url}`);
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let text = '';
        for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(text);
      }, src);
      return { src, normalised, text, bytes: Buffer.from(base64, 'base64') };
    }

    const measureWav = (bytes: Buffer) => {
      const { channels, sampleRate } = decodeWav(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
      return { lufs: integratedLoudness(channels, sampleRate), peakDbtp: truePeakDb(channels) };
    };

    it('plays each paid sample at -16 LUFS, in order, the quiet one and the clipped one alike', async () => {
      // A sample paid before the player opened: in its first read, and in every message after, as the
      // server sends the latest plays. It is not played again.
      const before = play(4, 'Earlier-Singer');
      const { page, socket, reported } = await openPlayer({ baseline: [before] });
      // Two payments heard at once: played one after the other.
      socket.send(JSON.stringify({ plays: [before, play(1, 'Quiet-Singer'), play(2, 'Loud-Singer')] }));
      for (const [key, name] of [
        ['1:0', 'Quiet-Singer'],
        ['2:0', 'Loud-Singer'],
      ] as const) {
        const heard = await playing(page, key);
        expect(heard.text).toContain(name);
        expect(heard.src).toMatch(/^blob:/);
        expect(heard.normalised).toBe('true');
        const { lufs, peakDbtp } = measureWav(heard.bytes);
        expect(Math.abs(lufs - targetLufs), name).toBeLessThanOrEqual(2);
        expect(peakDbtp, name).toBeLessThanOrEqual(ceilingDbtp);
      }
      await page.locator('[data-testid="sample-playing"]').waitFor({ state: 'detached', timeout: 30_000 });
      // Each first play that ended is reported, in order; the earlier sample was not played.
      await expect.poll(() => reported).toEqual([1, 2]);
      expectNoPageErrors(page);
    }, 180_000);

    it('plays the test sound at the loudness of the samples', async () => {
      const { page, socket } = await openPlayer();
      socket.send(JSON.stringify({ plays: [], test: 'loudness-check' }));
      const heard = await playing(page, 'test:loudness-check');
      expect(heard.normalised).toBe('true');
      const { lufs, peakDbtp } = measureWav(heard.bytes);
      expect(Math.abs(lufs - targetLufs)).toBeLessThanOrEqual(0.5);
      expect(peakDbtp).toBeLessThanOrEqual(ceilingDbtp);
    });

    it('plays the recording as it came, and logs why, when the browser cannot decode it', async () => {
      const { page, errors, socket } = await openPlayer({ decoding: 'broken' });
      socket.send(JSON.stringify({ plays: [play(3, 'Undecodable-Singer')] }));
      const heard = await playing(page, '3:0');
      expect(heard.normalised).toBe('false');
      expect(heard.bytes.equals(recording(3))).toBe(true);
      expect(errors.some((text) => text.includes('plays as recorded: the browser could not decode it'))).toBe(true);
    });
  });
});
