import { readFileSync } from 'node:fs';
import { SAMPLE_FIELDS, SAMPLE_PATHS } from '../common/sample-paths';
import { expect, ok, raw } from './check-tools';

const SAMPLE = new URL('../server/song-requests/sample/fixtures/chromium-1304ms.webm', import.meta.url);

/**
 * A sample upload shaped as the web sends it: a recording padded with zero bytes to `size` bytes (an
 * instance measures it and calls it corrupt: what matters here is whether nginx passes it on), and a nickname.
 */
function sampleForm(size: number) {
  const boundary = 'deploy-check-boundary';
  const recording = readFileSync(SAMPLE);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${SAMPLE_FIELDS.audio}"; filename="sample.webm"\r\nContent-Type: audio/webm\r\n\r\n`;
  const tail = `\r\n--${boundary}\r\nContent-Disposition: form-data; name="${SAMPLE_FIELDS.username}"\r\n\r\nUpload-Check\r\n--${boundary}--\r\n`;
  const padding = Buffer.alloc(Math.max(0, size - recording.length));
  return {
    type: `multipart/form-data; boundary=${boundary}`,
    bytes: Buffer.concat([Buffer.from(head), recording, padding, Buffer.from(tail)]),
  };
}

/**
 * Bodies through nginx, from an address of their own (127.0.0.4: its own write budget): a 3 MB
 * sample reaches an instance (nginx's general 2 MB limit used to refuse it with an HTML page),
 * and what nginx refuses (a sample past SAMPLE_MAX_BYTES and its form, a JSON body past 2 MB)
 * is a 413 in the app's JSON error shape.
 */
export async function checkBodyLimits(lb: string, sampleLimit: number) {
  const from = '127.0.0.4';
  const threeMb = await raw(lb, 'POST', SAMPLE_PATHS.validate, { from, body: sampleForm(3_000_000) });
  expect(
    threeMb.status !== 413 && threeMb.upstream !== '',
    `a 3 MB sample through nginx answered ${threeMb.status}: ${threeMb.body.slice(0, 200)}`,
  );
  expect(threeMb.type.startsWith('application/json'), `the instance answered a 3 MB sample with ${threeMb.type}`);
  ok(
    `a 3 MB sample passes nginx (its limit there: ${sampleLimit} bytes); ${threeMb.upstream} answered ${threeMb.status} ${threeMb.body.slice(0, 120)}`,
  );

  const refusals = [
    ['a sample past the limit', SAMPLE_PATHS.validate, sampleForm(sampleLimit + 1)],
    [
      'a 3 MB JSON body',
      '/api/media/1',
      { type: 'application/json', bytes: Buffer.from(JSON.stringify({ lyrics: 'x'.repeat(3_000_000) })) },
    ],
  ] as const;
  for (const [what, path, body] of refusals) {
    const answer = await raw(lb, 'POST', path, { from, body });
    expect(
      answer.status === 413 && answer.upstream === '',
      `${what} through nginx answered ${answer.status} from ${answer.upstream || 'nginx'}`,
    );
    expect(answer.type.startsWith('application/json'), `nginx's 413 for ${what} is ${answer.type}: ${answer.body.slice(0, 200)}`);
    const shape = JSON.stringify(JSON.parse(answer.body));
    const expected = JSON.stringify({ statusCode: 413, error: 'Payload Too Large', message: 'Request body is too large' });
    expect(shape === expected, `nginx's 413 for ${what} is not the app's error shape: ${answer.body}`);
  }
  ok(`nginx refuses ${refusals.map(([what]) => what).join(' and ')} itself, with a 413 in the app's JSON error shape`);
}
