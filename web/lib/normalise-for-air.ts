import { integratedLoudness, type LoudnessTarget, normaliseLoudness, SAMPLE_LOUDNESS, truePeakDb } from './loudness';
import { encodeWav } from './wav';

/**
 * What a decoded sample becomes before it plays on air: normaliseLoudness (gain to the target, the
 * look-ahead limiter on sample peaks), checked against the true-peak ceiling (again with a lower
 * limit, then a last trim, if a peak between samples passes it), then a WAV. Pure and synchronous: normalise-for-air.worker.ts runs it off the page's main thread
 * for recordings (about 1 s of work for a 60 s one), and the sample player runs it for its 1 s test
 * sound. normalised-audio.ts is what screens use.
 */

/** What normalising did to a sample, in LUFS (integrated, BS.1770-4), dB and dBTP. */
export interface LoudnessReport {
  /** The recording's own loudness; -Infinity for silence */
  inputLufs: number;
  /** The gain applied before the limiter (and any trim) */
  gainDb: number;
  outputLufs: number;
  /** 4x oversampled peak of what plays, an estimate of dBTP */
  outputPeakDbtp: number;
}

/** How far under the ceiling a true peak that passed it is brought (the WAV's rounding stays under too). */
const TRIM_MARGIN_DB = 0.05;

export function normaliseForAir(channels: Float32Array[], sampleRate: number): { channels: Float32Array[]; report: LoudnessReport } {
  // The limiter holds sample peaks half a dB under the ceiling; a peak between samples can pass it.
  // Then the limiter runs again with its ceiling lowered by what passed (its gain rounds keep the
  // loudness), and whatever still passes is trimmed.
  let target: LoudnessTarget = SAMPLE_LOUDNESS;
  let normalised = normaliseLoudness(channels, sampleRate, target);
  let peak = truePeakDb(normalised.channels);
  for (let round = 0; round < 2 && peak > SAMPLE_LOUDNESS.ceilingDbtp; round++) {
    target = { ...target, ceilingDbtp: target.ceilingDbtp - (peak - SAMPLE_LOUDNESS.ceilingDbtp) - TRIM_MARGIN_DB };
    normalised = normaliseLoudness(channels, sampleRate, target);
    peak = truePeakDb(normalised.channels);
  }
  let out = normalised.channels;
  let gainDb = normalised.gainDb;
  if (peak > SAMPLE_LOUDNESS.ceilingDbtp) {
    const trimDb = SAMPLE_LOUDNESS.ceilingDbtp - TRIM_MARGIN_DB - peak;
    const trim = 10 ** (trimDb / 20);
    out = out.map((channel) => channel.map((x) => x * trim));
    peak += trimDb;
    gainDb += trimDb;
  }
  return {
    channels: out,
    report: { inputLufs: normalised.inputLufs, gainDb, outputLufs: integratedLoudness(out, sampleRate), outputPeakDbtp: peak },
  };
}

/** normaliseForAir, as the WAV that plays. */
export function encodeForAir(channels: Float32Array[], sampleRate: number): { wav: ArrayBuffer; report: LoudnessReport } {
  const { channels: out, report } = normaliseForAir(channels, sampleRate);
  return { wav: encodeWav(out, sampleRate), report };
}
