/** Why a recording was refused; the route turns each into a 400 with its message. */
export type AudioProblem = 'not-audio' | 'corrupt' | 'inconsistent' | 'truncated' | 'empty';

export const AUDIO_PROBLEM_MESSAGE: Record<AudioProblem, string> = {
  'not-audio': 'fileKey is not an audio recording (WebM or MP4 audio expected)',
  corrupt: 'fileKey is a corrupt recording',
  inconsistent: 'fileKey is a corrupt recording: its timeline does not match the audio it holds',
  truncated: 'fileKey is a truncated recording: record it again',
  empty: 'fileKey holds no audio',
};

export class AudioError extends Error {
  constructor(readonly problem: AudioProblem) {
    super(AUDIO_PROBLEM_MESSAGE[problem]);
  }
}

/** A recording measured from its own bytes. */
export interface MeasuredAudio {
  container: 'webm' | 'mp4';
  codec: string;
  seconds: number;
}
