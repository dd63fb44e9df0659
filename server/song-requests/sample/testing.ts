import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { sampleCaptureResultSchema } from '../../../common/sample';
import { sampleRequests, songRequests } from '../../db/schema';
import type { SandboxedApp } from '../../sandbox/testing';

/** Steps of a sample request against a sandboxed app, for the sample tests and the shared payment fault tests. */

const FIXTURES = new URL('./fixtures/', import.meta.url);

/** The recordings of scripts/record-sample-fixtures.ts, by what they are; `ms` the page's clock while recording. */
export const FIXTURE = {
  webm1: { file: 'chromium-1304ms.webm', ms: 1304 },
  webm5: { file: 'chromium-5403ms.webm', ms: 5403 },
  webm6: { file: 'chromium-6401ms.webm', ms: 6401 },
  webm11: { file: 'chromium-11401ms.webm', ms: 11401 },
  mp4: { file: 'chromium-3402ms.mp4', ms: 3402 },
} as const;

export const fixtureBytes = (file: string) => readFileSync(new URL(file, FIXTURES));

/** A multipart/form-data body of text fields and one file, as a browser's FormData sends it. */
export function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string }) {
  const boundary = `----almanac${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="blob"\r\nContent-Type: ${file.type ?? 'audio/webm'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function sampleSteps(t: SandboxedApp) {
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });

  const upload = (
    bytes: Buffer | null,
    fields: Record<string, string> = { username: 'Night-Owl' },
    headers: Record<string, string> = {},
  ) => {
    const body = multipart(fields, bytes ? { name: 'fileKey', bytes } : undefined);
    return t.app.inject({
      method: 'POST',
      url: '/api/requests/recording/validate',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };

  return {
    post,
    upload,

    async validate(username = 'Night-Owl', file: string = FIXTURE.webm6.file): Promise<string> {
      const res = await upload(fixtureBytes(file), { username });
      if (res.statusCode !== 200) throw new Error(`validate answered ${res.statusCode}: ${res.body}`);
      return res.json().sid as string;
    },

    create: (sid: string) => post('/api/requests/recording/create', { sid, paymentSource: 'paypal' }),

    async order(sid: string): Promise<string> {
      const res = await post('/api/requests/recording/create', { sid, paymentSource: 'paypal' });
      if (res.statusCode !== 200) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
      return res.json().id as string;
    },

    capture: (sid: string, orderId: string) => post('/api/requests/recording/capture', { sid, orderId }),

    parseCaptured: (body: unknown) => sampleCaptureResultSchema.strict().parse(body),

    /** The sample request of a sid and its history rows. */
    async rowsOf(sid: string) {
      const [request] = await t.db
        .select({ id: sampleRequests.id, state: sampleRequests.state, amountCents: sampleRequests.amountCents })
        .from(sampleRequests)
        .where(eq(sampleRequests.sid, sid));
      if (!request) throw new Error(`no sample request ${sid}`);
      const history = await t.db.select().from(songRequests).where(eq(songRequests.sampleRequestId, request.id));
      return { request, history };
    },
  };
}
