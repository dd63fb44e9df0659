import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/demo-server';
import { SAMPLE_LOUDNESS } from '../web/lib/loudness';
import type { LoudnessReport } from '../web/lib/normalise-for-air';
import { seriousViolations } from './support/axe';
import { expectNoPageErrors, screenshot, useBrowser } from './support/browser';
import { breakDecoding, consoleErrors, LONG_SAMPLE_ID, RECORDINGS, recording } from './support/sample-recordings';

/**
 * Even loudness for samples (issue 19), in Chromium: recordings decoded by the browser itself
 * (decodeAudioData) through web/lib/normalised-audio.ts end at SAMPLE_LOUDNESS (-16 LUFS ±2 LU, true
 * peaks at most -1 dBTP) whatever their level, without holding the main thread; and the admin's
 * SamplePreview lets an admin listen to them. SamplePreview has no page of its own yet (the Request
 * Approvals tab will hold it), so a test-only harness (e2e/harness/sample-preview/, built here with
 * Vite, never shipped) shows it, on its own origin, with the recordings (support/sample-recordings.ts)
 * served by id. The streamer's sample player plays them so too: e2e/sample-player-loudness.test.ts.
 */

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const { targetLufs, ceilingDbtp } = SAMPLE_LOUDNESS;

interface Harness {
  origin: string;
  close: () => Promise<void>;
}

/** Builds the harness with Vite and serves it, and the recordings at the API's audio path. */
async function startHarness(): Promise<Harness> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'almanac-sample-preview-'));
  await build({
    configFile: false,
    root: path.join(root, 'e2e/harness/sample-preview'),
    plugins: [react()],
    logLevel: 'warn',
    css: { postcss: root },
    build: { outDir, emptyOutDir: true },
  });
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://harness').pathname;
    const audio = pathname.match(/^\/api\/requests\/recording\/(\d+)\/audio$/);
    if (audio) {
      const id = Number(audio[1]);
      if (!RECORDINGS[id]) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'No such sample' }));
        return;
      }
      response.writeHead(200, { 'content-type': RECORDINGS[id].type });
      response.end(recording(id));
      return;
    }
    const file = path.join(outDir, pathname === '/' ? 'index.html' : path.normalize(pathname));
    try {
      const body = readFileSync(file);
      response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404);
      response.end();
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          rmSync(outDir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}

interface Measured {
  seconds: number;
  channels: number;
  before: { lufs: number; peakDbtp: number };
  after: { lufs: number; peakDbtp: number };
  normalised: boolean;
  report: LoudnessReport | null;
  ms: number;
}

type HarnessWindow = {
  loudnessHarness: {
    measure: (url: string) => Promise<Measured>;
    mainThreadWhilePreparing: (url: string) => Promise<{ ms: number; longestTaskMs: number; normalised: boolean; onMainThreadMs: number }>;
  };
};

const db = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)}`;

describe('even loudness for samples', () => {
  const browser = useBrowser();
  let harness: Harness | undefined;

  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  const openHarness = async (samples: string, width = 1280) => {
    const page = await browser.newPage({ width });
    const errors = consoleErrors(page);
    await page.goto(`${harness!.origin}/?samples=${encodeURIComponent(samples)}`);
    await page.getByRole('heading', { name: 'Held samples' }).waitFor();
    return { page, errors };
  };

  it('brings quiet and clipped recordings, decoded by Chromium, to -16 LUFS ±2 with true peaks at most -1 dBTP; full-scale beeps under the ceiling', async () => {
    const { page } = await openHarness('');
    const rows: string[] = [];
    for (const id of [1, 2, 3, 4]) {
      const measured = await page.evaluate(
        (url) => (window as unknown as HarnessWindow).loudnessHarness.measure(url),
        `/api/requests/recording/${id}/audio`,
      );
      rows.push(
        `${RECORDINGS[id]!.what} (${measured.seconds.toFixed(1)} s, ${measured.channels} ch): ` +
          `${measured.before.lufs.toFixed(1)} LUFS / ${db(measured.before.peakDbtp)} dBTP -> ` +
          `${measured.after.lufs.toFixed(1)} LUFS / ${db(measured.after.peakDbtp)} dBTP ` +
          `(gain ${db(measured.report?.gainDb ?? Number.NaN)} dB, prepared in ${measured.ms.toFixed(0)} ms)`,
      );
      const { what, beeps } = RECORDINGS[id]!;
      expect(measured.normalised, what).toBe(true);
      expect(measured.after.peakDbtp, what).toBeLessThanOrEqual(ceilingDbtp);
      // What the worker reported is what the browser decodes from the WAV.
      expect(Math.abs(measured.report!.outputLufs - measured.after.lufs), what).toBeLessThan(0.1);
      expect(Math.abs(measured.report!.inputLufs - measured.before.lufs), what).toBeLessThan(0.1);
      if (beeps) {
        // Already at full scale, quiet only for the silence between beeps: no gain can make them louder
        // without passing the ceiling (ffmpeg's loudnorm, I=-16 TP=-1, also ends at -21.0 LUFS). They
        // lose no more loudness than their peaks must.
        expect(measured.before.peakDbtp, what).toBeGreaterThan(0);
        const least = measured.before.lufs - (measured.before.peakDbtp - ceilingDbtp) - 0.5;
        expect(measured.after.lufs, what).toBeGreaterThanOrEqual(least);
        expect(measured.after.lufs, what).toBeLessThanOrEqual(targetLufs);
      } else {
        expect(Math.abs(measured.after.lufs - targetLufs), what).toBeLessThanOrEqual(2);
      }
      if (id === 1) expect(measured.before.lufs).toBeLessThan(targetLufs - 20);
      if (id === 2) expect(measured.before.lufs).toBeGreaterThan(targetLufs + 5);
      if (id === 2) expect(measured.before.peakDbtp).toBeGreaterThan(0);
    }
    console.log(`Loudness before -> after normalisation, decoded by Chromium:\n  ${rows.join('\n  ')}`);
    expectNoPageErrors(page);
  });

  it('prepares a 60 s sample without holding the main thread: the work runs in a worker', async () => {
    const { page } = await openHarness('');
    // Which workers the page starts, and whether each answered: the loudness work's place, as behaviour.
    await page.evaluate(() => {
      const seen: { answered: boolean }[] = [];
      (window as unknown as { workersSeen: typeof seen }).workersSeen = seen;
      const Original = window.Worker;
      window.Worker = class extends Original {
        constructor(url: string | URL, options?: WorkerOptions) {
          super(url, options);
          const record = { answered: false };
          seen.push(record);
          this.addEventListener('message', () => {
            record.answered = true;
          });
        }
      };
    });
    const timing = await page.evaluate(
      (url) => (window as unknown as HarnessWindow).loudnessHarness.mainThreadWhilePreparing(url),
      `/api/requests/recording/${LONG_SAMPLE_ID}/audio`,
    );
    console.log(
      `A 60 s WebM/Opus sample: prepared in ${timing.ms.toFixed(0)} ms, the main thread's longest task meanwhile ` +
        `${timing.longestTaskMs.toFixed(0)} ms; the same work on the main thread takes ${timing.onMainThreadMs.toFixed(0)} ms`,
    );
    expect(timing.normalised).toBe(true);
    // The normalising ran in a worker that answered (the times above are logged, not asserted: they
    // are bench figures, and a busy machine stretches the page's tasks).
    const workers = await page.evaluate(() => (window as unknown as { workersSeen: { answered: boolean }[] }).workersSeen);
    expect(workers.some((worker) => worker.answered)).toBe(true);
  });

  describe('SamplePreview', () => {
    for (const width of [1280, 375]) {
      it(`plays a sample normalised, shows its progress, pauses, plays one at a time (${width} px)`, async () => {
        const { page } = await openHarness('1:Quiet singer,2:Loud singer,404:Gone singer', width);
        const play = (name: string) => page.getByRole('button', { name: `Play sample by ${name}`, exact: true });
        const pause = (name: string) => page.getByRole('button', { name: `Pause sample by ${name}`, exact: true });
        const progress = (name: string) => page.getByRole('progressbar', { name: `Progress of sample by ${name}` });
        expect(await progress('Quiet singer').getAttribute('aria-valuetext')).toBe('Not started');
        await screenshot(page, `sample-preview-idle-${width}`);
        expect(await seriousViolations(page)).toEqual([]);

        await play('Quiet singer').click();
        await pause('Quiet singer').waitFor();
        await page.getByText(/^Loudness evened out: \+\d+\.\d dB$/).waitFor();
        await page.waitForFunction(
          () => Number(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')) >= 15,
          undefined,
          { timeout: 15_000 },
        );
        expect(await progress('Quiet singer').getAttribute('aria-valuetext')).toMatch(/^0:0\d of 0:06$/);
        await screenshot(page, `sample-preview-playing-${width}`);
        expect(await seriousViolations(page)).toEqual([]);

        // Starting another pauses this one.
        await play('Loud singer').click();
        await pause('Loud singer').waitFor();
        await play('Quiet singer').waitFor();
        await pause('Loud singer').click();
        await play('Loud singer').waitFor();
        const paused = await page.evaluate(() => [...document.querySelectorAll('audio')].map((audio) => audio.paused));
        expect(paused).toEqual([true, true]);

        // The third is gone: an error naming why, with a retry.
        await play('Gone singer').click();
        await page.getByRole('alert').filter({ hasText: 'This sample no longer exists' }).waitFor();
        await page.getByRole('button', { name: 'Retry sample by Gone singer' }).waitFor();
        await screenshot(page, `sample-preview-states-${width}`);
        expect(await seriousViolations(page)).toEqual([]);
        expectNoPageErrors(page);
      });
    }

    it('plays to the end and can play again', async () => {
      const { page } = await openHarness('1:Quiet singer');
      await page.getByRole('button', { name: 'Play sample by Quiet singer' }).click();
      await page.getByRole('button', { name: 'Pause sample by Quiet singer' }).waitFor();
      await page.getByRole('button', { name: 'Play sample by Quiet singer' }).waitFor({ timeout: 15_000 });
      const bar = page.getByRole('progressbar', { name: 'Progress of sample by Quiet singer' });
      expect(await bar.getAttribute('aria-valuenow')).toBe('100');
      expect(await bar.getAttribute('aria-valuetext')).toBe('0:06 of 0:06');
      await page.getByRole('button', { name: 'Play sample by Quiet singer' }).click();
      await page.getByRole('button', { name: 'Pause sample by Quiet singer' }).waitFor();
    });

    it('shows an error with a retry when the recording cannot be fetched, and plays once it can', async () => {
      const { page } = await openHarness('2:Loud singer');
      let calls = 0;
      await page.route('**/api/requests/recording/2/audio', (route) => {
        calls += 1;
        if (calls === 1) return route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500}' });
        return route.fulfill({ status: 200, contentType: 'audio/mp4', body: recording(2) });
      });
      await page.getByRole('button', { name: 'Play sample by Loud singer' }).click();
      await page.getByRole('alert').filter({ hasText: 'Unable to load the sample' }).waitFor();
      await page.getByRole('button', { name: 'Retry sample by Loud singer' }).click();
      await page.getByRole('button', { name: 'Pause sample by Loud singer' }).waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(calls).toBe(2);
    });

    it('plays the recording as it came, and logs why, when the browser cannot decode it', async () => {
      const page = await browser.newPage();
      const errors = consoleErrors(page);
      await breakDecoding(page);
      await page.goto(`${harness!.origin}/?samples=3:Chromium singer`);
      await page.getByRole('button', { name: 'Play sample by Chromium singer' }).click();
      // Generous: the player falls back to an <audio> element on the recording as it came, which a
      // busy machine (a full CI run at load 15) started only after the default 15 s once.
      await page.getByRole('button', { name: 'Pause sample by Chromium singer' }).waitFor({ timeout: 45_000 });
      await page.getByText('Plays as recorded: its loudness could not be evened out').waitFor({ timeout: 45_000 });
      expect(errors.some((text) => text.includes('plays as recorded: the browser could not decode it'))).toBe(true);
    });
  });
});
