import { AudioError, type MeasuredAudio } from './audio-error';
import { measureMp4 } from './mp4';
import { measureWebm } from './webm';

export { AUDIO_PROBLEM_MESSAGE, AudioError, type AudioProblem, type MeasuredAudio } from './audio-error';

/**
 * Measures a recording from its own bytes, whatever the browser says it is: the two containers
 * MediaRecorder writes, told apart by their first bytes (WebM's EBML magic, MP4's ftyp box).
 */
export function measureRecording(bytes: Uint8Array): MeasuredAudio {
  if (bytes.length === 0) throw new AudioError('empty');
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return measureWebm(bytes);
  if (bytes.length >= 8 && String.fromCharCode(...bytes.subarray(4, 8)) === 'ftyp') return measureMp4(bytes);
  throw new AudioError('not-audio');
}
