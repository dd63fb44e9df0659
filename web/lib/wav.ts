/**
 * 16-bit PCM WAV, the one format every browser's <audio> plays from a blob: what the sample player
 * and the admin's preview play once a sample's loudness is evened out (normalised-audio.ts), and the
 * test sound. Pure; unit-tested in wav.test.ts.
 */

const HEADER_BYTES = 44;

/** Interleaves the channels into a RIFF/WAVE file; samples outside [-1, 1] are clamped. */
export function encodeWav(channels: Float32Array[], sampleRate: number): ArrayBuffer {
  const channelCount = channels.length;
  if (channelCount === 0) throw new Error('encodeWav needs at least one channel');
  const frames = channels[0]!.length;
  const dataBytes = frames * channelCount * 2;
  const view = new DataView(new ArrayBuffer(HEADER_BYTES + dataBytes));
  const text = (at: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(at + i, value.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, channelCount, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channelCount * 2, true);
  view.setUint16(32, channelCount * 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, dataBytes, true);
  let at = HEADER_BYTES;
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < channelCount; c++) {
      const x = Math.max(-1, Math.min(1, channels[c]![i]!));
      view.setInt16(at, Math.round(x < 0 ? x * 0x8000 : x * 0x7fff), true);
      at += 2;
    }
  }
  return view.buffer;
}

/** The channels and sample rate of a 16-bit PCM WAV made by encodeWav (tests read what the player plays). */
export function decodeWav(bytes: ArrayBuffer): { channels: Float32Array[]; sampleRate: number } {
  const view = new DataView(bytes);
  const tag = (at: number) => String.fromCharCode(...new Uint8Array(bytes, at, 4));
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE' || view.getUint16(20, true) !== 1 || view.getUint16(34, true) !== 16) {
    throw new Error('Not a 16-bit PCM WAV');
  }
  const channelCount = view.getUint16(22, true);
  const sampleRate = view.getUint32(24, true);
  const frames = view.getUint32(40, true) / (channelCount * 2);
  const channels = Array.from({ length: channelCount }, () => new Float32Array(frames));
  let at = HEADER_BYTES;
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < channelCount; c++) {
      const x = view.getInt16(at, true);
      channels[c]![i] = x < 0 ? x / 0x8000 : x / 0x7fff;
      at += 2;
    }
  }
  return { channels, sampleRate };
}
