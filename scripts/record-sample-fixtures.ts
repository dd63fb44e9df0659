/**
 * Records the sample fixtures (server/song-requests/sample/fixtures/) with Chromium's real
 * MediaRecorder and its fake microphone (a beeping tone), as the sample page records: 256,000 bits
 * per second, WebM/Opus, and MP4 where this Chromium records it. Run: `npx tsx scripts/record-sample-fixtures.ts`.
 * The file names carry the recorded length in milliseconds as the page's clock measured it.
 */

import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM } from '../e2e/support/chromium';

const OUT = path.resolve(fileURLToPath(new URL('../server/song-requests/sample/fixtures', import.meta.url)));
const WEBM_SECONDS = [1.3, 5.4, 6.4, 11.4];
const MP4_SECONDS = 3.4;

async function main() {
  const browser = await chromium.launch({
    ...CHROMIUM,
    args: [
      ...CHROMIUM.args,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  // getUserMedia needs a secure context: a page of localhost is one.
  const server = createServer((_request, response) => response.end('<!doctype html><title>fixtures</title>'));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const page = await browser.newPage();
  await page.goto(`http://localhost:${(server.address() as AddressInfo).port}/`);
  const record = (type: string, seconds: number) =>
    page.evaluate(
      async ({ type, seconds }) => {
        if (!MediaRecorder.isTypeSupported(type)) return null;
        const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
        const recorder = new MediaRecorder(stream, { mimeType: type, audioBitsPerSecond: 256_000 });
        const chunks: Blob[] = [];
        recorder.ondataavailable = (event) => chunks.push(event.data);
        const stopped = new Promise((done) => (recorder.onstop = done));
        const started = performance.now();
        recorder.start(100);
        await new Promise((done) => setTimeout(done, seconds * 1000));
        recorder.stop();
        await stopped;
        const elapsed = Math.round(performance.now() - started);
        for (const track of stream.getTracks()) track.stop();
        const bytes = new Uint8Array(await new Blob(chunks, { type }).arrayBuffer());
        return { elapsed, bytes: Array.from(bytes) };
      },
      { type, seconds },
    );
  for (const seconds of WEBM_SECONDS) {
    const result = await record('audio/webm;codecs=opus', seconds);
    if (!result) throw new Error('this Chromium does not record WebM/Opus');
    writeFileSync(path.join(OUT, `chromium-${result.elapsed}ms.webm`), Buffer.from(result.bytes));
    console.log(`webm ${result.elapsed} ms, ${result.bytes.length} bytes`);
  }
  const mp4 = await record('audio/mp4', MP4_SECONDS);
  if (mp4) {
    writeFileSync(path.join(OUT, `chromium-${mp4.elapsed}ms.mp4`), Buffer.from(mp4.bytes));
    console.log(`mp4 ${mp4.elapsed} ms, ${mp4.bytes.length} bytes`);
  } else console.log('this Chromium does not record audio/mp4');
  await browser.close();
  server.close();
}

await main();
