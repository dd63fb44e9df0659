import { describe, expect, it } from 'vitest';
import { decodeWav, encodeWav } from './wav';

describe('encodeWav', () => {
  it('writes a 16-bit PCM RIFF header for the channels and rate', () => {
    const wav = encodeWav([new Float32Array(10), new Float32Array(10)], 48_000);
    const view = new DataView(wav);
    const tag = (at: number) => String.fromCharCode(...new Uint8Array(wav, at, 4));
    expect([tag(0), tag(8), tag(12), tag(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(wav.byteLength).toBe(44 + 10 * 2 * 2);
    expect(view.getUint32(4, true)).toBe(wav.byteLength - 8);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(2);
    expect(view.getUint32(24, true)).toBe(48_000);
    expect(view.getUint32(28, true)).toBe(48_000 * 4);
    expect(view.getUint16(32, true)).toBe(4);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(40);
  });

  it('interleaves the channels, clamps what passes full scale, and reads back within one step', () => {
    const left = Float32Array.from([0, 0.5, -0.5, 1.7, -3, 0.25]);
    const right = Float32Array.from([0.1, -0.1, 0.999, -1, 1, 0]);
    const wav = encodeWav([left, right], 44_100);
    const view = new DataView(wav);
    expect(view.getInt16(44 + 6 * 2, true)).toBe(32767);
    expect(view.getInt16(44 + 8 * 2, true)).toBe(-32768);
    const { channels, sampleRate } = decodeWav(wav);
    expect(sampleRate).toBe(44_100);
    const clamp = (x: number) => Math.max(-1, Math.min(1, x));
    for (const [index, original] of [left, right].entries()) {
      const errors = Array.from(original, (x, i) => Math.abs(channels[index]![i]! - clamp(x)));
      expect(Math.max(...errors)).toBeLessThanOrEqual(1 / 32767);
    }
  });

  it('refuses no channels, and decodeWav refuses what it did not write', () => {
    expect(() => encodeWav([], 48_000)).toThrow();
    expect(() => decodeWav(new TextEncoder().encode('not a wav file at all, not even close to one').buffer)).toThrow(
      'Not a 16-bit PCM WAV',
    );
  });
});
