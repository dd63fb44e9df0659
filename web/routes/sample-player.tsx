import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { OVERLAY_PATHS, type SamplePlay, type SamplePlays, samplePlaysSchema } from '../../common/overlays';
import { SAMPLE_PATHS } from '../../common/sample-paths';
import { apiGet, apiRequest } from '../api/client';
import { useLiveSocket } from '../api/socket';
import { encodeForAir } from '../lib/normalise-for-air';
import { DECODE_SAMPLE_RATE, useSampleAudio } from '../lib/normalised-audio';
import classes from './queue-overlay.module.css';

/**
 * /overlays/samples?key=… (issue 12): the streamer's sample player, an OBS browser source. It plays
 * each sample paid for after it opened, once and in payment order, and each replay an admin asks
 * for, showing who recorded it while it plays. What was played before it opened is the baseline of
 * its first read; the overlay socket (same key, spec 7's reconnect rule) brings the rest. Each
 * recording plays at the same loudness (issue 19: lib/normalised-audio.ts), prepared off the main
 * thread before its name shows.
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
  const onAir = useOnAir(player.current, key);
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
  const { current, next } = player;
  return (
    <main aria-label="Sample player" data-testid="sample-player" data-ready={baseline.isSuccess}>
      {current && onAir.src !== null ? (
        <div className={classes.overlay} data-testid="sample-playing" data-play={current.key}>
          <span className={classes.label}>{current.replay > 0 ? 'Sample replay' : 'Sample'}</span>
          <span className={classes.playing}>{current.username}</span>
          {/* biome-ignore lint/a11y/useMediaCaption: a fan's voice sample played on stream has no captions */}
          <audio
            key={current.key}
            autoPlay
            src={onAir.src}
            data-normalised={onAir.normalised}
            onPlaying={(event) => event.currentTarget.setAttribute('data-playing', 'true')}
            onEnded={() => {
              reportPlayed(current, key);
              next();
            }}
            onError={next}
            ref={onAir.audioRef}
          />
        </div>
      ) : null}
      {onAir.blocked ? (
        // Outside OBS a browser may refuse to play sound before a click.
        <button type="button" className={classes.overlay} onClick={onAir.unblock}>
          Click to enable sound
        </button>
      ) : null}
    </main>
  );
}

/**
 * A paid sample's first play ended: its request is played (the fan's receipt and the history say
 * so). Every open player may report it; the server records it once. A lost report only leaves the
 * request queued, so it is not retried.
 */
function reportPlayed(play: SamplePlay, key: string) {
  if (play.replay > 0 || play.sampleRequestId <= 0) return;
  void apiRequest(OVERLAY_PATHS.samplePlayed(play.sampleRequestId), { method: 'POST', params: { key } }).catch(() => undefined);
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
/**
 * The Admin Console's test sound: one second of a 660 Hz tone made here (no file to serve), at the
 * loudness every sample plays at, so the streamer can set the source's volume by it.
 */
function testTone(): string {
  if (tone) return tone;
  const rate = DECODE_SAMPLE_RATE;
  const wave = new Float32Array(rate).map((_, i) => 0.4 * Math.sin((2 * Math.PI * 660 * i) / rate));
  tone = URL.createObjectURL(new Blob([encodeForAir([wave], rate).wav], { type: 'audio/wav' }));
  return tone;
}

/**
 * What plays now: the current play's recording made even in loudness (lib/normalised-audio.ts),
 * or the test sound. `src` is null while the recording is being prepared. When the recording
 * could not be fetched, its address is tried as is: the <audio> element's error moves on.
 */
function useOnAir(current: SamplePlay | null, key: string) {
  const test = current?.key.startsWith(TEST_PREFIX) ?? false;
  const url = current && !test ? `${SAMPLE_PATHS.audio(current.sampleRequestId)}?key=${encodeURIComponent(key)}` : null;
  const sample = useSampleAudio(url, current?.key);
  const [blocked, setBlocked] = useState(false);
  const audioRef = useRef<HTMLAudioElement | null>(null);

  useEffect(() => {
    if (sample.status === 'failed')
      console.error(`Sample ${current?.sampleRequestId} could not be prepared; playing its address as is`, sample.error);
  }, [sample, current]);

  let src: string | null = null;
  if (test) src = testTone();
  else if (sample.status === 'ready') src = sample.audio.src;
  else if (sample.status === 'failed') src = url;

  useEffect(() => {
    const audio = audioRef.current;
    if (src === null || !audio) return;
    audio.play().then(
      () => setBlocked(false),
      (error: unknown) => setBlocked(error instanceof DOMException && error.name === 'NotAllowedError'),
    );
  }, [src]);

  return {
    src,
    normalised: test || (sample.status === 'ready' && sample.audio.normalised),
    blocked,
    audioRef,
    unblock: useCallback(() => void audioRef.current?.play().then(() => setBlocked(false)), []),
  };
}

/** Plays heard after the baseline, one at a time, oldest first; a play heard twice is played once. */
function usePlayQueue(baseline: SamplePlays | undefined) {
  const seen = useRef<Set<string> | null>(null);
  const [queue, setQueue] = useState<SamplePlay[]>([]);
  const [current, setCurrent] = useState<SamplePlay | null>(null);
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

  return { current, hear, next: useCallback(() => setCurrent(null), []) };
}
