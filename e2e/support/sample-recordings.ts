import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

/**
 * What the sample loudness tests share (e2e/sample-loudness.test.ts, the admin's SamplePreview and
 * web/lib/normalised-audio.ts; e2e/sample-player-loudness.test.ts, the streamer's sample player): the
 * recordings they play, by sample id, and the page helpers both use.
 */

const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** The longest sample there is: a minute. */
export const LONG_SAMPLE_ID = 60;

/**
 * The recordings, by the sample id they are served under: the quiet and the clipped voice
 * (e2e/fixtures/loudness/make-fixtures.ts), and two of the server's recordings by Chromium's own
 * MediaRecorder, whose fake microphone beeps (at full scale every 500 ms, silence between).
 */
export const RECORDINGS: Record<number, { file: string; type: string; what: string; beeps?: true }> = {
  1: { file: 'e2e/fixtures/loudness/quiet-voice.webm', type: 'audio/webm', what: 'quiet voice, WebM/Opus' },
  2: { file: 'e2e/fixtures/loudness/clipped-voice.m4a', type: 'audio/mp4', what: 'clipped voice, fragmented MP4/AAC 44.1 kHz' },
  3: {
    file: 'server/song-requests/sample/fixtures/chromium-5403ms.webm',
    type: 'audio/webm',
    what: "Chromium's recorder (beeps), WebM/Opus",
    beeps: true,
  },
  4: {
    file: 'server/song-requests/sample/fixtures/chromium-3402ms.mp4',
    type: 'audio/mp4',
    what: "Chromium's recorder (beeps), MP4/Opus",
    beeps: true,
  },
  [LONG_SAMPLE_ID]: { file: 'e2e/fixtures/loudness/long-voice.webm', type: 'audio/webm', what: 'a minute of quiet voice, WebM/Opus' },
};

/** The bytes of the recording served as sample `id`. */
export const recording = (id: number) => readFileSync(path.join(root, RECORDINGS[id]!.file));

/** A page's console errors, to check what was logged. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Makes the browser's decoder fail, as it does for a recording it cannot read. */
export async function breakDecoding(page: Page) {
  await page.addInitScript(() => {
    BaseAudioContext.prototype.decodeAudioData = () => Promise.reject(new DOMException('Unable to decode audio data', 'EncodingError'));
  });
}
