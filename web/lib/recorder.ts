import { useCallback, useEffect, useRef, useState } from 'react';
import { RECORDING_BITRATE, RECORDING_DEFAULT_MIME, RECORDING_LEAD_IN_SECONDS, RECORDING_TIMER_MS } from '../../common/constants';

/**
 * The browser's microphone through MediaRecorder (spec 4 "Sample recording", 9 "Recording"): a
 * 2-second lead-in whose timer counts up from -2.0, then the recording at 256,000 bits per second;
 * the timer ticks every 100 ms. WebM/Opus where the browser records it, else MP4 (Safari).
 */

export type RecorderStatus = 'checking' | 'idle' | 'lead-in' | 'recording' | 'recorded' | 'unsupported';

/** The type to record: WebM/Opus where supported, else MP4, else the browser's own choice. */
export function recordingMimeType(isTypeSupported: (type: string) => boolean): string | undefined {
  return ['audio/webm;codecs=opus', 'audio/mp4'].find((type) => isTypeSupported(type));
}

/** Whether this browser can record at all, and has a microphone (labels need no permission to count). */
async function canRecord(): Promise<boolean> {
  if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) return false;
  if (!navigator.mediaDevices.enumerateDevices) return true;
  const devices = await navigator.mediaDevices.enumerateDevices().catch(() => null);
  return devices === null || devices.some((device) => device.kind === 'audioinput');
}

export interface Recording {
  blob: Blob;
  url: string;
  /** Seconds as the page's clock measured them (the server measures the audio itself) */
  seconds: number;
}

export function useRecorder() {
  const [status, setStatus] = useState<RecorderStatus>('checking');
  /** Seconds since recording started; negative during the lead-in */
  const [elapsed, setElapsed] = useState(-RECORDING_LEAD_IN_SECONDS);
  const [recording, setRecording] = useState<Recording | null>(null);
  const session = useRef<{ stream: MediaStream; recorder: MediaRecorder | null; timers: number[]; startedAt: number } | null>(null);

  useEffect(() => {
    let live = true;
    void canRecord().then((ok) => live && setStatus(ok ? 'idle' : 'unsupported'));
    return () => {
      live = false;
    };
  }, []);

  const release = useCallback(() => {
    const current = session.current;
    session.current = null;
    if (!current) return;
    for (const timer of current.timers) clearInterval(timer);
    for (const track of current.stream.getTracks()) track.stop();
  }, []);

  useEffect(() => release, [release]);
  useEffect(() => () => void (recording && URL.revokeObjectURL(recording.url)), [recording]);

  const start = useCallback(async () => {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      // No microphone, or access denied: the page says so (spec 8).
      setStatus('unsupported');
      return;
    }
    setRecording(null);
    const startedAt = performance.now() + RECORDING_LEAD_IN_SECONDS * 1000;
    const current = { stream, recorder: null as MediaRecorder | null, timers: [] as number[], startedAt };
    session.current = current;
    setElapsed(-RECORDING_LEAD_IN_SECONDS);
    setStatus('lead-in');
    current.timers.push(window.setInterval(() => setElapsed((performance.now() - current.startedAt) / 1000), RECORDING_TIMER_MS));
    current.timers.push(
      window.setTimeout(() => {
        if (session.current !== current) return;
        const mimeType = recordingMimeType((type) => MediaRecorder.isTypeSupported(type));
        const recorder = new MediaRecorder(stream, { audioBitsPerSecond: RECORDING_BITRATE, ...(mimeType ? { mimeType } : {}) });
        const chunks: Blob[] = [];
        recorder.ondataavailable = (event) => event.data.size > 0 && chunks.push(event.data);
        recorder.onstop = () => {
          const blob = new Blob(chunks, { type: recorder.mimeType || mimeType || RECORDING_DEFAULT_MIME });
          const seconds = (performance.now() - current.startedAt) / 1000;
          release();
          setElapsed(seconds);
          setRecording({ blob, url: URL.createObjectURL(blob), seconds });
          setStatus('recorded');
        };
        current.recorder = recorder;
        current.startedAt = performance.now();
        recorder.start(RECORDING_TIMER_MS);
        setStatus('recording');
      }, RECORDING_LEAD_IN_SECONDS * 1000),
    );
  }, [release]);

  /** Stop: the recording ends and plays back; during the lead-in nothing was recorded. */
  const stop = useCallback(() => {
    const current = session.current;
    if (!current) return;
    if (current.recorder && current.recorder.state !== 'inactive') {
      current.recorder.stop();
      return;
    }
    release();
    setElapsed(-RECORDING_LEAD_IN_SECONDS);
    setStatus('idle');
  }, [release]);

  /** Back to a fresh start (a new recording). */
  const reset = useCallback(() => {
    release();
    setRecording(null);
    setElapsed(-RECORDING_LEAD_IN_SECONDS);
    setStatus((status) => (status === 'unsupported' ? status : 'idle'));
  }, [release]);

  return { status, elapsed, recording, start, stop, reset };
}
