import { useEffect, useState } from 'react';
import type { LoudnessReport } from './normalise-for-air';
import type { NormaliseAnswer, NormaliseRequest } from './normalise-for-air.worker';

/**
 * A voice sample as it plays on air, at an even loudness whatever the fan's microphone (issue 19):
 * the recording's bytes, decoded by the browser (WebM/Opus from Chromium's recorder, MP4 with Opus or
 * AAC from Chromium's and Safari's), normalised to SAMPLE_LOUDNESS (loudness.ts) in a worker, and
 * played from a WAV blob. The streamer's sample player (routes/sample-player.tsx) and the admin's
 * preview (components/sample-preview.tsx) both play through `useSampleAudio`.
 *
 * A recording the browser cannot decode, or a worker that fails, is played as recorded, and logged:
 * a sample is never silenced because its loudness could not be measured.
 */

/** Decoded at Opus's own rate; AAC at 44.1 kHz is resampled by the browser. */
export const DECODE_SAMPLE_RATE = 48_000;

export interface SampleAudio {
  /** The <audio> source: an object URL of the normalised WAV, or of the recording as it came */
  src: string;
  normalised: boolean;
  /** What normalising did; null when the recording plays as it came */
  report: LoudnessReport | null;
  /** Frees the audio (revokes the object URL); call it once nothing plays it any more */
  release(): void;
}

/** The recording itself could not be had: `status` is the server's answer, null when none came. */
export class SampleAudioError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'SampleAudioError';
  }
}

function fromBlob(blob: Blob, report: LoudnessReport | null): SampleAudio {
  const src = URL.createObjectURL(blob);
  return { src, normalised: report !== null, report, release: () => URL.revokeObjectURL(src) };
}

async function decode(bytes: ArrayBuffer): Promise<AudioBuffer> {
  // An offline context decodes without an audio device and without waiting for a click.
  const context = new OfflineAudioContext({ numberOfChannels: 1, length: 1, sampleRate: DECODE_SAMPLE_RATE });
  return context.decodeAudioData(bytes);
}

const transferables = (channels: Float32Array[]) => channels.map((channel) => channel.buffer as ArrayBuffer);

/** Runs normalise-for-air.worker.ts on the channels, which it takes (they are transferred, and empty here after). */
function normaliseOffThread(channels: Float32Array[], sampleRate: number, signal?: AbortSignal) {
  return new Promise<{ wav: Blob; report: LoudnessReport }>((resolve, reject) => {
    const worker = new Worker(new URL('./normalise-for-air.worker.ts', import.meta.url), { type: 'module' });
    const end = () => {
      worker.terminate();
      signal?.removeEventListener('abort', abort);
    };
    const abort = () => {
      end();
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
    worker.onmessage = (event: MessageEvent<NormaliseAnswer>) => {
      end();
      if (event.data.ok) resolve(event.data);
      else reject(new Error(event.data.message));
    };
    worker.onerror = (event) => {
      end();
      reject(new Error(event.message || 'The normalising worker failed to start'));
    };
    try {
      // The decoded audio's own arrays, handed over rather than copied on the page's thread.
      worker.postMessage({ channels, sampleRate } satisfies NormaliseRequest, transferables(channels));
    } catch {
      // A browser that keeps an AudioBuffer's arrays to itself: copies, handed over.
      const copies = channels.map((channel) => channel.slice());
      worker.postMessage({ channels: copies, sampleRate } satisfies NormaliseRequest, transferables(copies));
    }
  });
}

/**
 * Fetches a sample's recording and makes it ready to play normalised. Rejects with SampleAudioError
 * when the recording cannot be fetched, and with the signal's reason once aborted (the worker stops).
 */
export async function loadSampleAudio(url: string, signal?: AbortSignal): Promise<SampleAudio> {
  // Logs name the recording without the query, which may carry the overlay key.
  const where = url.split('?')[0];
  let bytes: ArrayBuffer;
  let type: string;
  try {
    const response = await fetch(url, { signal });
    if (!response.ok) throw new SampleAudioError(response.status, `Sample ${where} could not be fetched (HTTP ${response.status})`);
    type = response.headers.get('content-type') ?? '';
    bytes = await response.arrayBuffer();
  } catch (error) {
    if (signal?.aborted || error instanceof SampleAudioError) throw error;
    throw new SampleAudioError(null, `Sample ${where} could not be fetched (${error instanceof Error ? error.message : error})`);
  }
  // Kept aside before decoding, which takes the bytes.
  const original = new Blob([bytes], { type });

  let channels: Float32Array[];
  let sampleRate: number;
  try {
    const decoded = await decode(bytes);
    sampleRate = decoded.sampleRate;
    channels = Array.from({ length: decoded.numberOfChannels }, (_, c) => decoded.getChannelData(c));
  } catch (error) {
    console.error(`Sample ${where} plays as recorded: the browser could not decode it`, error);
    return fromBlob(original, null);
  }
  signal?.throwIfAborted();
  try {
    const { wav, report } = await normaliseOffThread(channels, sampleRate, signal);
    return fromBlob(wav, report);
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error(`Sample ${where} plays as recorded: its loudness could not be evened out`, error);
    return fromBlob(original, null);
  }
}

export type SampleAudioState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; audio: SampleAudio }
  | { status: 'failed'; error: unknown };

/**
 * The sample at `url` made ready to play (null: nothing wanted). A new `version` loads it again
 * (a retry, or another play of the same recording). What it made is released when `url` or
 * `version` changes and on unmount; a load no longer wanted is aborted.
 */
export function useSampleAudio(url: string | null, version: string | number = 0): SampleAudioState {
  const [settled, setSettled] = useState<{ url: string; version: string | number; state: SampleAudioState } | null>(null);

  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    let made: SampleAudio | null = null;
    loadSampleAudio(url, controller.signal).then(
      (audio) => {
        if (controller.signal.aborted) {
          audio.release();
          return;
        }
        made = audio;
        setSettled({ url, version, state: { status: 'ready', audio } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled({ url, version, state: { status: 'failed', error } });
      },
    );
    return () => {
      controller.abort();
      made?.release();
      // What it made is gone: never answer it again, even if this url and version come back.
      setSettled(null);
    };
  }, [url, version]);

  if (url === null) return { status: 'idle' };
  // Until this url and version settle, an older answer is not theirs.
  return settled && settled.url === url && settled.version === version ? settled.state : { status: 'loading' };
}
