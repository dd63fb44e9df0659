/**
 * Loudness of decoded audio (ITU-R BS.1770-4, as EBU R128 uses it) and the normalisation the sample
 * player applies, so a fan's voice sample plays on air at an even loudness whatever the microphone:
 * gain to SAMPLE_LOUDNESS.targetLufs, then a look-ahead limiter holding peaks under
 * SAMPLE_LOUDNESS.ceilingDbtp. Pure functions over Float32Array channels (what
 * AudioBuffer.getChannelData gives), so the player and the tests run the same code.
 */

/** What a normaliser aims at: the loudness, the peak ceiling, and the most gain it may add. */
export interface LoudnessTarget {
  targetLufs: number;
  ceilingDbtp: number;
  maxGainDb: number;
}

export const SAMPLE_LOUDNESS = {
  /** Integrated loudness a sample is brought to (streaming platforms' usual -14 to -16) */
  targetLufs: -16,
  /** Peaks are held under this (in dBFS of 4x oversampled peaks, an estimate of dBTP) */
  ceilingDbtp: -1,
  /** Never raise a near-silent recording by more than this: it would be all noise */
  maxGainDb: 30,
} as const satisfies LoudnessTarget;

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/**
 * BS.1770's K-weighting as two biquads (a high shelf for the head, a high pass), designed for any
 * sample rate from the analogue prototypes (the constants libebur128 derives from the 48 kHz filters).
 */
function kWeighting(sampleRate: number): [Biquad, Biquad] {
  const shelf = (() => {
    const f0 = 1681.974450955533;
    const gainDb = 3.999843853973347;
    const q = 0.7071752369554196;
    const k = Math.tan((Math.PI * f0) / sampleRate);
    const vh = 10 ** (gainDb / 20);
    const vb = vh ** 0.4996667741545416;
    const a0 = 1 + k / q + k * k;
    return {
      b0: (vh + (vb * k) / q + k * k) / a0,
      b1: (2 * (k * k - vh)) / a0,
      b2: (vh - (vb * k) / q + k * k) / a0,
      a1: (2 * (k * k - 1)) / a0,
      a2: (1 - k / q + k * k) / a0,
    };
  })();
  const highPass = (() => {
    const f0 = 38.13547087602444;
    const q = 0.5003270373238773;
    const k = Math.tan((Math.PI * f0) / sampleRate);
    const a0 = 1 + k / q + k * k;
    return { b0: 1, b1: -2, b2: 1, a1: (2 * (k * k - 1)) / a0, a2: (1 - k / q + k * k) / a0 };
  })();
  return [shelf, highPass];
}

function filter(input: Float32Array, f: Biquad): Float32Array {
  const out = new Float32Array(input.length);
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < input.length; i++) {
    const x = input[i]!;
    const y = f.b0 * x + f.b1 * x1 + f.b2 * x2 - f.a1 * y1 - f.a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    out[i] = y;
  }
  return out;
}

const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;
const toLufs = (meanSquare: number) => -0.691 + 10 * Math.log10(meanSquare);

/**
 * Integrated loudness in LUFS: 400 ms blocks every 100 ms, the absolute gate at -70 LUFS and the
 * relative gate 10 LU under the mean of what passed it. -Infinity for silence or audio shorter than
 * one block. Mono and stereo weigh each channel 1 (surround weights are not needed here).
 */
export function integratedLoudness(channels: Float32Array[], sampleRate: number): number {
  const [shelf, highPass] = kWeighting(sampleRate);
  const weighted = channels.map((channel) => filter(filter(channel, shelf), highPass));
  // 400 ms blocks every 100 ms: each is four consecutive 100 ms sums.
  const step = Math.round(0.1 * sampleRate);
  const steps = Math.floor((weighted[0]?.length ?? 0) / step);
  const stepSums = new Float64Array(steps);
  for (const channel of weighted) {
    for (let s = 0; s < steps; s++) {
      let sum = 0;
      for (let i = s * step; i < (s + 1) * step; i++) sum += channel[i]! * channel[i]!;
      stepSums[s]! += sum;
    }
  }
  const blockPowers: number[] = [];
  for (let s = 0; s + 4 <= steps; s++)
    blockPowers.push((stepSums[s]! + stepSums[s + 1]! + stepSums[s + 2]! + stepSums[s + 3]!) / (4 * step));
  const mean = (powers: number[]) => powers.reduce((a, b) => a + b, 0) / powers.length;
  const loud = blockPowers.filter((p) => toLufs(p) > ABSOLUTE_GATE_LUFS);
  if (loud.length === 0) return Number.NEGATIVE_INFINITY;
  const relativeGate = toLufs(mean(loud)) + RELATIVE_GATE_LU;
  const gated = loud.filter((p) => toLufs(p) > relativeGate);
  return toLufs(mean(gated));
}

/** Peak in dBFS of the signal oversampled 4x (linear interpolation is too optimistic; this uses a windowed sinc). */
export function truePeakDb(channels: Float32Array[]): number {
  const taps = 8;
  const phases = [0.25, 0.5, 0.75].map((frac) => {
    const kernel: number[] = [];
    for (let n = -taps + 1; n <= taps; n++) {
      const t = n - frac;
      const sinc = Math.sin(Math.PI * t) / (Math.PI * t);
      const window = 0.5 + 0.5 * Math.cos((Math.PI * t) / taps);
      kernel.push(sinc * window);
    }
    return kernel;
  });
  // Most of a recording is far under its peak: a block whose samples (and neighbours) are too low
  // for any interpolated value to pass the peak found so far is skipped. |sum k x| <= reach * max|x|,
  // so the answer is the same as interpolating everywhere, in a fraction of the time.
  const reach = Math.max(...phases.map((kernel) => kernel.reduce((sum, k) => sum + Math.abs(k), 0)));
  const block = 64;
  let peak = 0;
  for (const channel of channels) for (let i = 0; i < channel.length; i++) peak = Math.max(peak, Math.abs(channel[i]!));
  for (const channel of channels) {
    for (let start = 0; start < channel.length; start += block) {
      const end = Math.min(start + block, channel.length);
      let near = 0;
      for (let i = Math.max(0, start - taps + 1); i < Math.min(channel.length, end + taps); i++)
        near = Math.max(near, Math.abs(channel[i]!));
      if (near * reach <= peak) continue;
      for (let i = start; i < end; i++) {
        for (const kernel of phases) {
          let sum = 0;
          for (let j = 0; j < kernel.length; j++) {
            const index = i + j - taps + 1;
            if (index >= 0 && index < channel.length) sum += kernel[j]! * channel[index]!;
          }
          peak = Math.max(peak, Math.abs(sum));
        }
      }
    }
  }
  return peak === 0 ? Number.NEGATIVE_INFINITY : 20 * Math.log10(peak);
}

/** The lowest of values[i .. i + span] for every i (a monotonic queue, one pass from the end). */
function minimumAhead(values: Float32Array, span: number): Float32Array {
  const out = new Float32Array(values.length);
  const queue: number[] = [];
  let head = 0;
  for (let i = values.length - 1; i >= 0; i--) {
    while (queue.length > head && values[queue.at(-1)!]! >= values[i]!) queue.pop();
    queue.push(i);
    while (queue[head]! > i + span) head++;
    out[i] = values[queue[head]!]!;
  }
  return out;
}

/**
 * A look-ahead limiter: the gain drops before a peak arrives (5 ms ahead, so nothing goes over the
 * ceiling) and recovers over `releaseMs`. The channels share one gain so the stereo image holds.
 */
export function limit(channels: Float32Array[], sampleRate: number, ceilingDb: number, releaseMs = 80): Float32Array[] {
  const ceiling = 10 ** (ceilingDb / 20);
  const length = channels[0]?.length ?? 0;
  const needed = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    let peak = 0;
    for (const channel of channels) peak = Math.max(peak, Math.abs(channel[i]!));
    needed[i] = peak > ceiling ? ceiling / peak : 1;
  }
  const ahead = minimumAhead(needed, Math.max(1, Math.round(0.005 * sampleRate)));
  const release = 1 - Math.exp(-1 / ((releaseMs / 1000) * sampleRate));
  const out = channels.map(() => new Float32Array(length));
  let gain = 1;
  for (let i = 0; i < length; i++) {
    const target = ahead[i]!;
    gain = target < gain ? target : gain + (target - gain) * release;
    for (let c = 0; c < channels.length; c++) out[c]![i] = channels[c]![i]! * gain;
  }
  return out;
}

export interface Normalised {
  channels: Float32Array[];
  inputLufs: number;
  gainDb: number;
}

/**
 * The sample as it plays on air: brought to the target loudness, its peaks limited under the
 * ceiling. A peaky recording loses loudness to the limiter, so the gain is corrected from what came
 * out and applied again (a few rounds at most), as a loudness normaliser in dynamic mode does. A
 * round that buys less than half its extra gain in loudness is undone: its peaks are long (a held
 * note, a beep at full scale), so the limiter only flattens them while the quiet parts between rise.
 */
export function normaliseLoudness(channels: Float32Array[], sampleRate: number, target: LoudnessTarget = SAMPLE_LOUDNESS): Normalised {
  const inputLufs = integratedLoudness(channels, sampleRate);
  if (!Number.isFinite(inputLufs)) return { channels, inputLufs, gainDb: 0 };
  // The limiter works on samples; sample peaks stay a little under the true-peak ceiling for the peaks between them.
  const ceiling = target.ceilingDbtp - 0.5;
  const withGain = (gainDb: number) => {
    const gain = 10 ** (gainDb / 20);
    const out = limit(
      channels.map((channel) => channel.map((x) => x * gain)),
      sampleRate,
      ceiling,
    );
    return { out, lufs: integratedLoudness(out, sampleRate) };
  };
  let gainDb = Math.min(target.maxGainDb, target.targetLufs - inputLufs);
  let { out, lufs } = withGain(gainDb);
  for (let round = 1; round < 4; round++) {
    const missing = target.targetLufs - lufs;
    if (Math.abs(missing) < 0.5 || gainDb >= target.maxGainDb) break;
    const nextGainDb = Math.min(target.maxGainDb, gainDb + missing);
    const next = withGain(nextGainDb);
    if (next.lufs - lufs < (nextGainDb - gainDb) / 2) break;
    ({ out, lufs } = next);
    gainDb = nextGainDb;
  }
  return { channels: out, inputLufs, gainDb };
}
