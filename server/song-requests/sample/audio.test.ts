import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AudioError, measureRecording } from './audio';
import { opusPacketMs } from './opus';
import { FIXTURE, fixtureBytes, withClusterTimecode, withFragmentDecodeTime } from './testing';

/** A recording whose timeline does not hold together is refused, never priced (issue 21, item 7). */

const webm = fixtureBytes(FIXTURE.webm5.file);
const mp4 = fixtureBytes(FIXTURE.mp4.file);

function problemOf(bytes: Buffer): string {
  try {
    return `measured ${measureRecording(bytes).seconds} s`;
  } catch (error) {
    if (error instanceof AudioError) return error.problem;
    throw error;
  }
}

describe('a WebM whose timeline is inconsistent', () => {
  it('is refused when its last cluster claims to start at 26.1 s (it would measure 26.2 s and cost $30)', () => {
    expect(measureRecording(webm).seconds).toBeCloseTo(5.4, 3);
    const corrupted = withClusterTimecode(webm, -1, 26_100);
    expect(problemOf(corrupted)).toBe('inconsistent');
    expect(() => measureRecording(corrupted)).toThrow('fileKey is a corrupt recording: its timeline does not match the audio it holds');
  });

  it('is refused when a cluster in the middle jumps ahead, or goes back in time', () => {
    expect(problemOf(withClusterTimecode(webm, 20, 26_000))).toBe('inconsistent');
    expect(problemOf(withClusterTimecode(webm, 20, 300))).toBe('inconsistent');
  });

  it('is still measured when a cluster moves by less than a quarter second (a recorder’s jitter)', () => {
    const jittered = withClusterTimecode(webm, 20, 2400 + 100);
    expect(measureRecording(jittered).seconds).toBeCloseTo(5.4, 3);
  });
});

describe('a fragmented MP4 whose timeline is inconsistent', () => {
  it('is refused when its last fragment claims to start at 26 s', () => {
    expect(measureRecording(mp4).seconds).toBeCloseTo(3.321, 3);
    expect(problemOf(withFragmentDecodeTime(mp4, -1, 26 * 48_000))).toBe('inconsistent');
  });

  it('is refused when a fragment in the middle jumps ahead or goes back', () => {
    expect(problemOf(withFragmentDecodeTime(mp4, 10, 26 * 48_000))).toBe('inconsistent');
    expect(problemOf(withFragmentDecodeTime(mp4, 10, 0))).toBe('inconsistent');
  });

  it('is refused when a sample claims 20 s (its Opus packet holds 60 ms)', () => {
    const corrupted = Buffer.from(mp4);
    const trun = corrupted.lastIndexOf('trun') + 4;
    expect(corrupted.readUInt32BE(trun) & 0xffffff).toBe(0x301); // data offset, then each sample's duration and size
    corrupted.writeUInt32BE(20 * 48_000, trun + 12);
    expect(problemOf(corrupted)).toBe('inconsistent');
  });

  it('is refused as truncated when a sample lies past the end of the file', () => {
    const corrupted = Buffer.from(mp4);
    const trun = corrupted.lastIndexOf('trun') + 4;
    corrupted.writeUInt32BE(1_000_000, trun + 16);
    expect(problemOf(corrupted)).toBe('truncated');
  });
});

describe('Opus packets', () => {
  it('hold 2.5 to 120 ms; a packet claiming more, or no frame, is no Opus packet', () => {
    expect(opusPacketMs(Uint8Array.of(0xfb, 0x03))).toBe(60); // what Chromium writes: 3 CELT frames of 20 ms
    expect(opusPacketMs(Uint8Array.of(0x1c))).toBe(60); // one SILK frame of 60 ms
    expect(opusPacketMs(Uint8Array.of(0x09))).toBe(40); // two SILK frames of 20 ms
    expect(opusPacketMs(Uint8Array.of(0xfb, 0x3f))).toBeNull(); // 63 frames of 20 ms
    expect(opusPacketMs(Uint8Array.of(0xfb, 0x00))).toBeNull();
    expect(opusPacketMs(Uint8Array.of(0xfb))).toBeNull();
    expect(opusPacketMs(new Uint8Array(0))).toBe(0);
  });
});

describe('300 recordings with 1 to 4 bytes changed', () => {
  /** What the 26.2 s recording of the issue was: a WebM of 5.4 s with a few bytes changed on the way. */
  it.each([
    ['WebM', webm, 5.4],
    ['MP4', mp4, 3.321],
  ] as const)('%s: each is refused as bad audio or measured as the original (within 0.25 s)', (_, original, seconds) => {
    const changes = fc.array(fc.record({ at: fc.nat(original.length - 1), byte: fc.nat(255) }), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(changes, (list) => {
        const bytes = Buffer.from(original);
        for (const { at, byte } of list) bytes[at] = byte;
        let measured: number;
        try {
          measured = measureRecording(bytes).seconds;
        } catch (error) {
          if (error instanceof AudioError) return;
          throw error;
        }
        expect(Math.abs(measured - seconds)).toBeLessThanOrEqual(0.25);
      }),
      { numRuns: 300, seed: 1 },
    );
  });
});
