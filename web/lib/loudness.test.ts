import { describe, expect, it } from 'vitest';
import { integratedLoudness, limit, normaliseLoudness, SAMPLE_LOUDNESS, truePeakDb } from './loudness';

const RATE = 48_000;
const dbToAmp = (db: number) => 10 ** (db / 20);

function sine(seconds: number, hz: number, peakDb: number, rate = RATE): Float32Array {
  const out = new Float32Array(Math.round(seconds * rate));
  const amp = dbToAmp(peakDb);
  for (let i = 0; i < out.length; i++) out[i] = amp * Math.sin((2 * Math.PI * hz * i) / rate);
  return out;
}

/** Something like speech: a 140 Hz voice with harmonics, in syllables of about 200 ms with pauses between words. */
function voice(seconds: number, gainDb: number, rate = RATE): Float32Array {
  const out = new Float32Array(Math.round(seconds * rate));
  const amp = dbToAmp(gainDb);
  for (let i = 0; i < out.length; i++) {
    const t = i / rate;
    const syllable = Math.max(0, Math.sin(2 * Math.PI * 2.5 * t)) ** 2;
    const word = Math.floor(t / 1.3) % 3 === 2 && t % 1.3 > 0.9 ? 0 : 1;
    let tone = 0;
    for (let h = 1; h <= 8; h++) tone += Math.sin(2 * Math.PI * 140 * h * t + h) / h;
    out[i] = amp * 0.4 * tone * syllable * word;
  }
  return out;
}

const hardClip = (channel: Float32Array) => channel.map((x) => Math.max(-1, Math.min(1, x)));

describe('integratedLoudness (BS.1770-4)', () => {
  it('reads a 1 kHz stereo sine at -23 dBFS as -23 LUFS, and a mono one 3 LU lower (EBU Tech 3341 case 1)', () => {
    for (const rate of [48_000, 44_100]) {
      const tone = sine(10, 1000, -23, rate);
      expect(integratedLoudness([tone, tone], rate)).toBeCloseTo(-23, 1);
      expect(integratedLoudness([tone], rate)).toBeCloseTo(-26.01, 1);
    }
  });

  it('gates out what is quiet: EBU Tech 3341 cases 3 and 4 read -23 LUFS', () => {
    const joined = (...parts: [seconds: number, peakDb: number][]) => {
      const tones = parts.map(([seconds, db]) => sine(seconds, 1000, db));
      const out = new Float32Array(tones.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const tone of tones) {
        out.set(tone, at);
        at += tone.length;
      }
      return out;
    };
    const case3 = joined([10, -36], [60, -23], [10, -36]);
    const case4 = joined([10, -72], [10, -36], [60, -23], [10, -36], [10, -72]);
    // Tech 3341 allows ±0.1 LU.
    expect(Math.abs(integratedLoudness([case3, case3], RATE) + 23)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(integratedLoudness([case4, case4], RATE) + 23)).toBeLessThanOrEqual(0.1);
  });

  it('is -Infinity for silence and for audio shorter than one 400 ms block', () => {
    expect(integratedLoudness([new Float32Array(RATE)], RATE)).toBe(Number.NEGATIVE_INFINITY);
    expect(integratedLoudness([sine(0.3, 1000, -10)], RATE)).toBe(Number.NEGATIVE_INFINITY);
  });
});

describe('normaliseLoudness: a voice sample on air', () => {
  const { targetLufs, ceilingDbtp } = SAMPLE_LOUDNESS;

  it('brings a quiet recording up to the target, peaks under the ceiling', () => {
    const quiet = voice(8, -20);
    const before = integratedLoudness([quiet], RATE);
    expect(before).toBeLessThan(targetLufs - 15);
    const after = normaliseLoudness([quiet], RATE);
    expect(after.inputLufs).toBeCloseTo(before, 5);
    expect(Math.abs(integratedLoudness(after.channels, RATE) - targetLufs)).toBeLessThanOrEqual(2);
    expect(truePeakDb(after.channels)).toBeLessThanOrEqual(ceilingDbtp + 0.3);
  });

  it('brings a clipped, far too loud recording down to the target, peaks under the ceiling', () => {
    const clipped = hardClip(voice(8, 14));
    expect(truePeakDb([clipped])).toBeGreaterThanOrEqual(0);
    const before = integratedLoudness([clipped], RATE);
    expect(before).toBeGreaterThan(targetLufs + 5);
    const after = normaliseLoudness([clipped, clipped], RATE);
    expect(Math.abs(integratedLoudness(after.channels, RATE) - targetLufs)).toBeLessThanOrEqual(2);
    expect(truePeakDb(after.channels)).toBeLessThanOrEqual(ceilingDbtp + 0.3);
  });

  it('does not chase the target into full-scale beeps: the limiter would only flatten them while the hum between rises', () => {
    // 12 ms of 1 kHz at full scale every 500 ms (like Chromium's fake microphone), a -50 dBFS hum between.
    const beeps = sine(5, 1000, 0).map((x, i) => ((i / RATE) % 0.5 < 0.012 ? x : x * dbToAmp(-50)));
    const before = integratedLoudness([beeps], RATE);
    expect(before).toBeLessThan(targetLufs - 2);
    const after = normaliseLoudness([beeps], RATE);
    // One round: the gain the loudness asks for, no more.
    expect(after.gainDb).toBeCloseTo(targetLufs - before, 5);
    const hum = (channel: Float32Array) => Math.max(...channel.subarray(0.3 * RATE, 0.45 * RATE).map(Math.abs));
    expect(20 * Math.log10(hum(after.channels[0]!) / hum(beeps))).toBeCloseTo(after.gainDb, 1);
    expect(truePeakDb(after.channels)).toBeLessThanOrEqual(ceilingDbtp + 0.3);
  });

  it('leaves silence alone, and never raises a near-silent hiss by more than the cap', () => {
    const silence = new Float32Array(2 * RATE);
    expect(normaliseLoudness([silence], RATE)).toMatchObject({ gainDb: 0, inputLufs: Number.NEGATIVE_INFINITY });
    const hiss = sine(4, 3000, -65);
    expect(normaliseLoudness([hiss], RATE).gainDb).toBe(SAMPLE_LOUDNESS.maxGainDb);
  });
});

describe('limit', () => {
  it('holds every sample under the ceiling, and leaves audio under it untouched', () => {
    const loud = sine(1, 440, 6);
    const limited = limit([loud], RATE, -1)[0]!;
    const ceiling = dbToAmp(-1);
    expect(limited.every((x) => Math.abs(x) <= ceiling + 1e-6)).toBe(true);
    const soft = sine(1, 440, -12);
    expect(limit([soft], RATE, -1)[0]).toEqual(soft);
  });
});

describe('truePeakDb', () => {
  it('finds the crest between samples: a quarter-rate sine phased 45° peaks 3 dB over its samples', () => {
    const wave = new Float32Array(4800).map((_, i) => 0.5 * Math.sin((Math.PI / 2) * i + Math.PI / 4));
    const samplePeak = 20 * Math.log10(Math.max(...wave.map(Math.abs)));
    expect(samplePeak).toBeCloseTo(20 * Math.log10(0.5 * Math.SQRT1_2), 3);
    expect(truePeakDb([wave])).toBeGreaterThan(samplePeak + 2.5);
    expect(truePeakDb([wave])).toBeLessThanOrEqual(20 * Math.log10(0.5) + 0.2);
  });

  it('finds one short crest in a long quiet recording, on any channel', () => {
    const quiet = sine(10, 440, -40);
    const burst = new Float32Array(quiet);
    const at = 7 * RATE + 123;
    for (let i = 0; i < 48; i++) burst[at + i]! += 0.8 * Math.sin((Math.PI / 2) * i + Math.PI / 4);
    expect(truePeakDb([quiet, burst])).toBeGreaterThan(20 * Math.log10(0.8 * Math.SQRT1_2) + 2);
    expect(truePeakDb([quiet])).toBeCloseTo(-40, 1);
  });

  it('is -Infinity for silence', () => {
    expect(truePeakDb([new Float32Array(100)])).toBe(Number.NEGATIVE_INFINITY);
  });
});
