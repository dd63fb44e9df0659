import { encodeForAir, type LoudnessReport } from './normalise-for-air';

/**
 * Normalises one decoded sample off the page's main thread (normalised-audio.ts starts one worker
 * per sample and ends it when done or no longer wanted). The channels come as transferred buffers,
 * the WAV goes as a Blob: neither is copied on the page's thread.
 */

export interface NormaliseRequest {
  channels: Float32Array[];
  sampleRate: number;
}

/** The WAV comes as a Blob made here: the page gets a handle, and copies nothing on its own thread. */
export type NormaliseAnswer = { ok: true; wav: Blob; report: LoudnessReport } | { ok: false; message: string };

/** The worker's global, typed here: the project's TypeScript library is the page's DOM, not a worker's. */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<NormaliseRequest>) => void) | null;
  postMessage(message: NormaliseAnswer): void;
};

scope.onmessage = (event: MessageEvent<NormaliseRequest>) => {
  try {
    const { wav, report } = encodeForAir(event.data.channels, event.data.sampleRate);
    scope.postMessage({ ok: true, wav: new Blob([wav], { type: 'audio/wav' }), report } satisfies NormaliseAnswer);
  } catch (error) {
    scope.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) } satisfies NormaliseAnswer);
  }
};
