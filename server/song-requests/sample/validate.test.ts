import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { errorSchema } from '../../../common/api';
import { sampleValidationSchema } from '../../../common/sample';
import { payments, sampleRequests } from '../../db/schema';
import { createSandboxedApp } from '../../sandbox/testing';
import { buildAdmin, buildUser } from '../../testing/users';
import { measureRecording } from './audio';
import { FIXTURE, fixtureBytes, sampleSteps, withClusterTimecode } from './testing';

const NOW = new Date('2026-03-01T12:00:00Z');
const t = await createSandboxedApp({ now: () => NOW, env: { SAMPLE_MAX_SECONDS: '12', SAMPLE_MAX_BYTES: '400000' } });
/** A second site whose limit is 6 seconds */
const short = await createSandboxedApp({ now: () => NOW, env: { SAMPLE_MAX_SECONDS: '6' } });
const steps = sampleSteps(t);
const admin = await buildAdmin(t.db);
const member = await buildUser(t.db, { displayName: 'Member_One' });

afterEach(() => t.state.reset());

async function refused(res: Awaited<ReturnType<typeof steps.upload>>, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  return errorSchema.parse(res.json()).message;
}

describe('measuring recordings of real MediaRecorders', () => {
  it.each([FIXTURE.webm1, FIXTURE.webm5, FIXTURE.webm6, FIXTURE.webm11, FIXTURE.mp4])('$file is $ms ms within 0.1 s', ({ file, ms }) => {
    const measured = measureRecording(fixtureBytes(file));
    expect(Math.abs(measured.seconds - ms / 1000)).toBeLessThan(0.1);
    expect(measured.codec).toMatch(/opus/i);
  });
});

describe('POST /api/requests/recording/validate', () => {
  it.each([
    [FIXTURE.webm1, 5],
    [FIXTURE.webm5, 5],
    [FIXTURE.webm6, 10],
    [FIXTURE.webm11, 15],
  ])('measures $file and prices it ($%i), storing the audio under a new sid', async ({ file, ms }, amount) => {
    const bytes = fixtureBytes(file);
    const res = await steps.upload(bytes);
    expect(res.statusCode, res.body).toBe(200);
    const body = sampleValidationSchema.strict().parse(res.json());
    expect(body.amount).toBe(amount);
    expect(Math.abs(body.duration - ms / 1000)).toBeLessThan(0.1);
    expect(body.sid).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [stored] = await t.db.select().from(sampleRequests).where(eq(sampleRequests.sid, body.sid));
    expect(stored).toMatchObject({
      username: 'Night-Owl',
      amountCents: amount * 100,
      currency: 'USD',
      state: 'pending',
      mimeType: 'audio/webm',
    });
    expect(Buffer.compare(stored!.audio, bytes)).toBe(0);
    expect(stored!.expiresAt).toEqual(new Date(NOW.getTime() + 3_600_000));
  });

  it('measures MP4 recordings (Safari, Chromium audio/mp4) from their fragments', async () => {
    const res = await steps.upload(fixtureBytes(FIXTURE.mp4.file));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ amount: 5, duration: 3.3 });
  });

  it('names a logged-in user by their display name, whatever username says', async () => {
    const res = await steps.upload(fixtureBytes(FIXTURE.webm1.file), { username: 'x' }, member.headers);
    const sid = sampleValidationSchema.parse(res.json()).sid;
    const [stored] = await t.db.select().from(sampleRequests).where(eq(sampleRequests.sid, sid));
    expect(stored).toMatchObject({ username: 'Member_One', userId: member.id });
  });

  it('refuses a renamed text file, an empty file and a truncated WebM with a clear 400', async () => {
    const before = await t.db.$count(sampleRequests);
    const text = Buffer.from('These are not the sounds you are looking for.\n'.repeat(20));
    expect(await refused(await steps.upload(text), 400)).toMatch(/not an audio recording/);
    expect(await refused(await steps.upload(Buffer.alloc(0)), 400)).toMatch(/no audio/);
    const whole = fixtureBytes(FIXTURE.webm6.file);
    expect(await refused(await steps.upload(whole.subarray(0, Math.floor(whole.length / 2))), 400)).toMatch(/truncated/);
    const mp4 = fixtureBytes(FIXTURE.mp4.file);
    expect(await refused(await steps.upload(mp4.subarray(0, mp4.length - 100)), 400)).toMatch(/truncated/);
    expect(await t.db.$count(sampleRequests)).toBe(before);
  });

  it('refuses a recording whose timeline claims more than its audio holds (a corrupted cluster timecode: 26.2 s, $30) with a 400', async () => {
    const before = await t.db.$count(sampleRequests);
    const corrupted = withClusterTimecode(fixtureBytes(FIXTURE.webm5.file), -1, 26_100);
    expect(await refused(await steps.upload(corrupted), 400)).toBe(
      'fileKey is a corrupt recording: its timeline does not match the audio it holds',
    );
    expect(await t.db.$count(sampleRequests)).toBe(before);
  });

  it('refuses a recording longer than SAMPLE_MAX_SECONDS (400) and one bigger than the upload limit (413)', async () => {
    const big = Buffer.concat([fixtureBytes(FIXTURE.webm11.file), Buffer.alloc(50_000)]);
    expect(await refused(await steps.upload(big), 413)).toBeTruthy();
    const res = await sampleSteps(short).upload(fixtureBytes(FIXTURE.webm6.file));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('fileKey is 6.4 seconds long; samples are at most 6 seconds');
    expect(await short.db.$count(sampleRequests)).toBe(0);
  });

  it('refuses a missing recording, a bad or missing nickname, and a JSON body', async () => {
    expect(await refused(await steps.upload(null), 400)).toMatch(/fileKey is required/);
    expect(await refused(await steps.upload(fixtureBytes(FIXTURE.webm1.file), {}), 400)).toMatch(/username is required/);
    expect(await refused(await steps.upload(fixtureBytes(FIXTURE.webm1.file), { username: 'no spaces!' }), 400)).toMatch(/username/);
    expect(await refused(await steps.post('/api/requests/recording/validate', { fileKey: 'x' }), 400)).toMatch(/multipart/);
  });

  it('answers 409 with the notice while samples are disabled', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/requests/recording/enabled', headers: admin.headers })).json()).toEqual({
      enabled: false,
    });
    expect(await refused(await steps.upload(fixtureBytes(FIXTURE.webm1.file)), 409)).toBe(
      'Sample requests are not currently enabled. Check back again during the next livestream!',
    );
    expect((await t.app.inject({ method: 'POST', url: '/api/requests/recording/enabled', headers: admin.headers })).json()).toEqual({
      enabled: true,
    });
  });
});

describe('unpaid recordings', () => {
  it('are deleted a day after they expired, unless an order of theirs is still open', async () => {
    const long = new Date(NOW.getTime() - 3 * 86_400_000);
    const row = (sid: string) => ({
      sid,
      username: 'Gone-Fan',
      mimeType: 'audio/webm',
      audio: Buffer.from([1]),
      durationMs: 1000,
      amountCents: 500,
      currency: 'USD',
      expiresAt: long,
    });
    const [abandoned, ordered] = await t.db
      .insert(sampleRequests)
      .values([row('abandoned'), row('ordered')])
      .returning();
    await t.db.insert(payments).values({
      kind: 'sample',
      requestRef: String(ordered!.id),
      amountCents: 500,
      currency: 'USD',
      description: 'Sample request',
      orderId: 'OPENORDER1',
    });
    expect((await steps.upload(fixtureBytes(FIXTURE.webm1.file))).statusCode).toBe(200);
    const left = await t.db
      .select({ sid: sampleRequests.sid })
      .from(sampleRequests)
      .where(inArray(sampleRequests.id, [abandoned!.id, ordered!.id]));
    expect(left).toEqual([{ sid: 'ordered' }]);
  });
});

describe('/api/requests/recording/enabled', () => {
  it('is read by anyone and toggled by admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/requests/recording/enabled' })).json()).toEqual({ enabled: true });
    expect((await t.app.inject({ method: 'POST', url: '/api/requests/recording/enabled' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/requests/recording/enabled', headers: member.headers })).statusCode).toBe(403);
  });
});
