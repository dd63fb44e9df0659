import { describe, expect, it } from 'vitest';
import { integratedLoudness, normaliseLoudness, SAMPLE_LOUDNESS, truePeakDb } from './loudness';
import { encodeForAir, normaliseForAir } from './normalise-for-air';
import { decodeWav } from './wav';

const RATE = 48_000;

/** A 140 Hz voice with harmonics in syllables (as loudness.test.ts), `gainDb` loud. */
function voice(seconds: number, gainDb: number): Float32Array {
  const out = new Float32Array(Math.round(seconds * RATE));
  const amp = 10 ** (gainDb / 20);
  for (let i = 0; i < out.length; i++) {
    const t = i / RATE;
    let tone = 0;
    for (let h = 1; h <= 8; h++) tone += Math.sin(2 * Math.PI * 140 * h * t + h) / h;
    out[i] = amp * 0.4 * tone * Math.max(0, Math.sin(2 * Math.PI * 2.5 * t)) ** 2;
  }
  return out;
}

/**
 * A quiet voice with a click each second (2 ms at a quarter of the sample rate, phased so each sample is
 * 3 dB under the wave's crest): the limiter holds the samples, the peaks between them pass the ceiling.
 */
function voiceWithIntersamplePeaks(seconds: number): Float32Array {
  const out = voice(seconds, -20);
  for (let i = 0; i < out.length; i++) {
    if (i % RATE < RATE / 500) out[i]! += 0.5 * Math.sin((Math.PI / 2) * i + Math.PI / 4);
  }
  return out;
}

describe('normaliseForAir', () => {
  const { targetLufs, ceilingDbtp } = SAMPLE_LOUDNESS;

  it('reports what it did: the input loudness, the gain, and the loudness and true peak that play', () => {
    const quiet = voice(6, -24);
    const { channels, report } = normaliseForAir([quiet], RATE);
    expect(report.inputLufs).toBeCloseTo(integratedLoudness([quiet], RATE), 5);
    expect(report.gainDb).toBeGreaterThan(20);
    expect(report.outputLufs).toBeCloseTo(integratedLoudness(channels, RATE), 5);
    expect(Math.abs(report.outputLufs - targetLufs)).toBeLessThanOrEqual(2);
    expect(report.outputPeakDbtp).toBeCloseTo(truePeakDb(channels), 5);
    expect(report.outputPeakDbtp).toBeLessThanOrEqual(ceilingDbtp);
  });

  it('brings under the ceiling a true peak between samples that the sample-peak limiter let over it, keeping the loudness', () => {
    const harsh = voiceWithIntersamplePeaks(4);
    // Without the trim it would pass the ceiling: the case is real.
    expect(truePeakDb(normaliseLoudness([harsh], RATE).channels)).toBeGreaterThan(ceilingDbtp);
    const { channels, report } = normaliseForAir([harsh], RATE);
    expect(truePeakDb(channels)).toBeLessThanOrEqual(ceilingDbtp);
    expect(report.outputPeakDbtp).toBeLessThanOrEqual(ceilingDbtp);
    expect(Math.abs(report.outputLufs - targetLufs)).toBeLessThanOrEqual(2);
  });

  it('leaves silence silent', () => {
    const { channels, report } = normaliseForAir([new Float32Array(RATE)], RATE);
    expect(report).toMatchObject({ inputLufs: Number.NEGATIVE_INFINITY, gainDb: 0, outputPeakDbtp: Number.NEGATIVE_INFINITY });
    expect(channels[0]!.every((x) => x === 0)).toBe(true);
  });
});

describe('encodeForAir', () => {
  it('is the normalised audio as a WAV, still on target and under the ceiling once rounded to 16 bits', () => {
    const loud = voice(6, 14).map((x) => Math.max(-1, Math.min(1, x)));
    const { wav, report } = encodeForAir([loud, loud], RATE);
    const { channels, sampleRate } = decodeWav(wav);
    expect(sampleRate).toBe(RATE);
    expect(channels).toHaveLength(2);
    expect(integratedLoudness(channels, RATE)).toBeCloseTo(report.outputLufs, 1);
    expect(truePeakDb(channels)).toBeLessThanOrEqual(SAMPLE_LOUDNESS.ceilingDbtp);
  });
});
