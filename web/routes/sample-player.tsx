import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { OVERLAY_PATHS, type SamplePlay, type SamplePlays, samplePlaysSchema } from '../../common/overlays';
import { SAMPLE_PATHS } from '../../common/sample-paths';
import { apiGet } from '../api/client';
import { useLiveSocket } from '../api/socket';
import classes from './queue-overlay.module.css';

/**
 * /overlays/samples?key=… (issue 12): the streamer's sample player, an OBS browser source. It plays
 * each sample paid for after it opened, once and in payment order, and each replay an admin asks
 * for, showing who recorded it while it plays. What was played before it opened is the baseline of
 * its first read; the overlay socket (same key, spec 7's reconnect rule) brings the rest.
 */
export function SamplePlayerPage() {
  const { key = '' } = useSearch({ from: '/overlays/samples' });
  const baseline = useQuery({
    queryKey: ['overlays', 'samples', key],
    queryFn: ({ signal }) => apiGet<SamplePlays>(OVERLAY_PATHS.samples, { key }, signal),
    enabled: key !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
  const player = usePlayQueue(baseline.data);
  useLiveSocket({
    path: `${OVERLAY_PATHS.samplesSocket}?key=${encodeURIComponent(key)}`,
    schema: samplePlaysSchema,
    onData: player.hear,
    enabled: baseline.isSuccess,
  });

  if (key === '' || baseline.isError) {
    return (
      <p className={classes.error} role="alert">
        {key === '' ? 'Overlay key missing' : 'Overlay unavailable: check the key in the URL'}
      </p>
    );
  }
  const { current, blocked } = player;
  return (
    <main aria-label="Sample player" data-testid="sample-player" data-ready={baseline.isSuccess}>
      {current ? (
        <div className={classes.overlay} data-testid="sample-playing" data-play={current.key}>
          <span className={classes.label}>{current.replay > 0 ? 'Sample replay' : 'Sample'}</span>
          <span className={classes.playing}>{current.username}</span>
          {/* biome-ignore lint/a11y/useMediaCaption: a fan's voice sample played on stream has no captions */}
          <audio
            key={current.key}
            autoPlay
            src={
              current.key.startsWith(TEST_PREFIX)
                ? testTone()
                : `${SAMPLE_PATHS.audio(current.sampleRequestId)}?key=${encodeURIComponent(key)}`
            }
            onPlaying={(event) => event.currentTarget.setAttribute('data-playing', 'true')}
            onEnded={player.next}
            onError={player.next}
            ref={player.audioRef}
          />
        </div>
      ) : null}
      {blocked ? (
        // Outside OBS a browser may refuse to play sound before a click.
        <button type="button" className={classes.overlay} onClick={player.unblock}>
          Click to enable sound
        </button>
      ) : null}
    </main>
  );
}

const TEST_PREFIX = 'test:';
const testPlay = (id: string): SamplePlay => ({
  key: `${TEST_PREFIX}${id}`,
  sampleRequestId: 0,
  username: 'Test sound',
  replay: 0,
  at: '',
});

let tone: string | null = null;
/** The Admin Console's test sound: one second of a 660 Hz tone, as a WAV made here (no file to serve). */
function testTone(): string {
  if (tone) return tone;
  const rate = 8000;
  const samples = rate;
  const view = new DataView(new ArrayBuffer(44 + samples * 2));
  const text = (at: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(at + i, value.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples * 2, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i++) view.setInt16(44 + i * 2, Math.sin((2 * Math.PI * 660 * i) / rate) * 0.4 * 32767, true);
  tone = URL.createObjectURL(new Blob([view.buffer], { type: 'audio/wav' }));
  return tone;
}

/** Plays heard after the baseline, one at a time, oldest first; a play heard twice is played once. */
function usePlayQueue(baseline: SamplePlays | undefined) {
  const seen = useRef<Set<string> | null>(null);
  const [queue, setQueue] = useState<SamplePlay[]>([]);
  const [current, setCurrent] = useState<SamplePlay | null>(null);
  const [blocked, setBlocked] = useState(false);
  const audioRef = useRef<HTMLAudioElement | null>(null);

  if (baseline && seen.current === null) seen.current = new Set(baseline.plays.map((play) => play.key));

  const hear = useCallback((message: SamplePlays) => {
    const known = seen.current;
    if (!known) return;
    const test = message.test === undefined ? [] : [testPlay(message.test)];
    const fresh = [...message.plays, ...test].filter((play) => !known.has(play.key));
    for (const play of fresh) known.add(play.key);
    if (fresh.length > 0) setQueue((waiting) => [...waiting, ...fresh]);
  }, []);

  useEffect(() => {
    if (current || queue.length === 0) return;
    setCurrent(queue[0]!);
    setQueue((waiting) => waiting.slice(1));
  }, [current, queue]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!current || !audio) return;
    audio.play().then(
      () => setBlocked(false),
      (error: unknown) => setBlocked(error instanceof DOMException && error.name === 'NotAllowedError'),
    );
  }, [current]);

  return {
    current,
    blocked,
    audioRef,
    hear,
    next: useCallback(() => setCurrent(null), []),
    unblock: useCallback(() => void audioRef.current?.play().then(() => setBlocked(false)), []),
  };
}
