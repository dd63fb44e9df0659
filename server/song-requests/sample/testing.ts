import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { SAMPLE_PATHS } from '../../../common/sample';
import { sampleRequests, songRequests } from '../../db/schema';
import { type PaidKindAdapter, paidSteps } from '../../payments/testing';
import type { SandboxedApp } from '../../sandbox/testing';
import { insertSampleRequest } from './queries';

/** Steps of a sample request against a sandboxed app, for the sample tests and the shared paid-request tests. */

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

/**
 * A copy of a Chromium WebM recording whose cluster `index` (negative from the end) starts at `ms`:
 * a corrupted Cluster Timecode, as a flipped bit on the way leaves it.
 */
export function withClusterTimecode(bytes: Buffer, index: number, ms: number): Buffer {
  const copy = Buffer.from(bytes);
  const timecodes: { at: number; size: number }[] = [];
  for (let at = copy.indexOf(CLUSTER_ID); at >= 0; at = copy.indexOf(CLUSTER_ID, at + 1)) {
    const sizeLength = Math.clz32(copy[at + 4]!) - 23;
    const element = at + 4 + sizeLength;
    if (copy[element] === 0xe7) timecodes.push({ at: element + 2, size: copy[element + 1]! & 0x7f });
  }
  const timecode = timecodes.at(index);
  if (!timecode) throw new Error(`no cluster ${index} of ${timecodes.length}`);
  copy.writeUIntBE(ms, timecode.at, timecode.size);
  return copy;
}
const CLUSTER_ID = Buffer.from([0x1f, 0x43, 0xb6, 0x75]);

/** A copy of a fragmented MP4 recording whose fragment `index` (negative from the end) has the decode time (tfdt) `units`. */
export function withFragmentDecodeTime(bytes: Buffer, index: number, units: number): Buffer {
  const copy = Buffer.from(bytes);
  const boxes: number[] = [];
  for (let at = copy.indexOf('tfdt'); at >= 0; at = copy.indexOf('tfdt', at + 1)) boxes.push(at + 4);
  const body = boxes.at(index);
  if (body === undefined) throw new Error(`no fragment ${index} of ${boxes.length}`);
  if (copy[body] === 1) copy.writeBigUInt64BE(BigInt(units), body + 4);
  else copy.writeUInt32BE(units, body + 4);
  return copy;
}

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
  const steps = paidSteps(t, { create: SAMPLE_PATHS.create, capture: SAMPLE_PATHS.capture });

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
    ...steps,
    upload,

    async validate(username = 'Night-Owl', file: string = FIXTURE.webm6.file): Promise<string> {
      const res = await upload(fixtureBytes(file), { username });
      if (res.statusCode !== 200) throw new Error(`validate answered ${res.statusCode}: ${res.body}`);
      return res.json().sid as string;
    },

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

/** The sample's own state for its history row's lifecycle state (common/request-states.ts); `paid` is released to the player. */
const SAMPLE_STATE: Record<string, string> = { held: 'held', rejected: 'rejected', refund_failed: 'rejected', refunded: 'refunded' };

/** What the request's state must be for its history: pending without a row, else as its lifecycle says. */
const stateOf = (history: { state: string }[]) => (history.length === 0 ? 'pending' : (SAMPLE_STATE[history[0]!.state] ?? 'paid'));

/** Samples for the shared paid-request tests (server/payments/testing.ts): a paid sample is marked paid beside its history row. */
export function sampleKind(t: SandboxedApp): PaidKindAdapter {
  const steps = sampleSteps(t);
  // The shortest recording for the thousands of requests of the property test, as validate stores it.
  const short = { bytes: fixtureBytes(FIXTURE.webm1.file), durationMs: 1304, cents: 500 };
  return {
    name: 'sample',
    steps: { ...steps, validate: () => steps.validate() },
    // The 6.4 s recording validate sends by default.
    price: { currency_code: 'USD', value: '10.00' },
    messages: {
      unknown: 'Unknown sample request: record and verify it again',
      expired: 'This sample request has expired: verify it again',
      paidAlready: 'This sample is paid already: record a new one to request again',
    },
    toggle: {
      path: '/api/requests/recording/enabled',
      disabledMessage: 'Sample requests are not currently enabled. Check back again during the next livestream!',
    },
    historyRef: 'sampleRequestId',

    async pending(at) {
      const sid = randomBytes(24).toString('base64url');
      await insertSampleRequest(t.db, {
        sid,
        username: 'Property-Fan',
        mimeType: 'audio/webm',
        audio: short.bytes,
        durationMs: short.durationMs,
        amountCents: short.cents,
        currency: 'USD',
        expiresAt: new Date(at.getTime() + 3_600_000),
        createdAt: at,
        updatedAt: at,
      });
      return { sid, price: { currency_code: 'USD', value: '5.00' } };
    },

    async setPrice(sid, cents) {
      await t.db.update(sampleRequests).set({ amountCents: cents }).where(eq(sampleRequests.sid, sid));
    },

    async rowsOf(sid) {
      const { request, history } = await steps.rowsOf(sid);
      expect(request.state).toBe(stateOf(history));
      return { requestId: request.id, history, queued: request.state === 'paid' ? 1 : 0 };
    },
  };
}
