import { describe, expect, it } from 'vitest';
import { demoSongWav, parseRange, SAMPLE_RATE } from './audio';
import { createSandboxedApp } from './testing';

const t = await createSandboxedApp();

/** What a WAV header says about its audio. */
function readWav(body: Buffer) {
  return {
    riff: body.toString('ascii', 0, 4),
    riffSize: body.readUInt32LE(4),
    wave: body.toString('ascii', 8, 12),
    fmt: body.toString('ascii', 12, 16),
    format: body.readUInt16LE(20),
    channels: body.readUInt16LE(22),
    sampleRate: body.readUInt32LE(24),
    byteRate: body.readUInt32LE(28),
    bitsPerSample: body.readUInt16LE(34),
    data: body.toString('ascii', 36, 40),
    dataBytes: body.readUInt32LE(40),
  };
}

const seconds = (wav: ReturnType<typeof readWav>) => wav.dataBytes / wav.byteRate;

describe('sandbox audio: each demo song as a generated tune', () => {
  const song = t.world.songs.find((s) => s.provider === 'youtube')!;
  const other = t.world.songs.find((s) => s.provider === 'sound_cloud')!;

  it("answers a valid WAV exactly as long as the song's duration", async () => {
    const res = await t.app.inject({ url: `/sandbox/audio/${song.remoteId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.headers['accept-ranges']).toBe('bytes');
    const body = res.rawPayload;
    const wav = readWav(body);
    expect(wav).toMatchObject({ riff: 'RIFF', wave: 'WAVE', fmt: 'fmt ', format: 1, channels: 1, sampleRate: SAMPLE_RATE, data: 'data' });
    expect(wav.riffSize).toBe(body.length - 8);
    expect(wav.dataBytes).toBe(body.length - 44);
    expect(seconds(wav)).toBe(song.duration);
    // Sound, not silence: the samples move around the 8-bit midpoint.
    const samples = body.subarray(44, 44 + SAMPLE_RATE);
    expect(Math.max(...samples) - Math.min(...samples)).toBeGreaterThan(40);
  });

  it('plays every song its own tune, the same one every time', async () => {
    const [a, b] = await Promise.all([song, other].map((s) => t.app.inject({ url: `/sandbox/audio/${s.remoteId}` })));
    const firstSecond = (body: Buffer) => body.subarray(44, 44 + SAMPLE_RATE * 2);
    expect(firstSecond(a!.rawPayload).equals(firstSecond(b!.rawPayload))).toBe(false);
    expect(demoSongWav(song.remoteId, 3).equals(demoSongWav(song.remoteId, 3))).toBe(true);
    expect(seconds(readWav(b!.rawPayload))).toBe(other.duration);
  });

  it('follows a duration changed at the provider', async () => {
    t.state.patch(other.remoteId, { duration: 61 });
    const res = await t.app.inject({ url: `/sandbox/audio/${other.remoteId}` });
    expect(seconds(readWav(res.rawPayload))).toBe(61);
    t.state.reset();
  });

  it('answers ranges, so the browser can seek to the station position', async () => {
    const whole = (await t.app.inject({ url: `/sandbox/audio/${song.remoteId}` })).rawPayload;
    const offset = 44 + 30 * SAMPLE_RATE;
    const part = await t.app.inject({ url: `/sandbox/audio/${song.remoteId}`, headers: { range: `bytes=${offset}-${offset + 999}` } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes ${offset}-${offset + 999}/${whole.length}`);
    expect(part.rawPayload.equals(whole.subarray(offset, offset + 1000))).toBe(true);

    const open = await t.app.inject({ url: `/sandbox/audio/${song.remoteId}`, headers: { range: `bytes=${whole.length - 10}-` } });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(whole.subarray(whole.length - 10))).toBe(true);

    const beyond = await t.app.inject({ url: `/sandbox/audio/${song.remoteId}`, headers: { range: `bytes=${whole.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${whole.length}`);
  });

  it('answers 404 for an id that is no demo song, like the other stand-ins', async () => {
    const res = await t.app.inject({ url: '/sandbox/audio/not-a-song' });
    expect(res.statusCode).toBe(404);
  });
});

describe('parseRange', () => {
  it('reads one bytes range, a suffix and an open end', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-2000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=10-', 1000)).toEqual({ start: 10, end: 999 });
  });

  it('answers the whole body for no range, several ranges or another unit', () => {
    expect(parseRange(undefined, 1000)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeNull();
    expect(parseRange('items=0-1', 1000)).toBeNull();
  });

  it('refuses ranges outside the body', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=50-10', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });
});
