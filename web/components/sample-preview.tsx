import { ActionIcon, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled, IconRefresh } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { formatDuration } from '../../common/format';
import { SAMPLE_PATHS } from '../../common/sample-paths';
import { SampleAudioError, useSampleAudio } from '../lib/normalised-audio';
import { LazyTooltip } from './later/LazyTooltip';

export interface SamplePreviewProps {
  /** The sample request's id (GET /api/requests/recording/{id}/audio, which needs an admin's session) */
  sampleId: number;
  /** Names the sample in the buttons' accessible names, e.g. "sample by Singer"; default "sample {id}" */
  label?: string;
}

/** One preview plays at a time: starting one pauses the one playing. */
let playingNow: HTMLAudioElement | null = null;

function failureText(error: unknown): string {
  if (error instanceof SampleAudioError && error.status === 404) return 'This sample no longer exists';
  if (error instanceof SampleAudioError && (error.status === 401 || error.status === 403)) return 'Only admins can listen to samples';
  return 'Unable to load the sample';
}

const signedDb = (db: number) => `${db >= 0 ? '+' : '−'}${Math.abs(db).toFixed(1)} dB`;

/**
 * An admin listens to a fan's voice sample before approving it (the Admin Console's Request
 * Approvals), at the loudness it will have on air: the same preparation as the streamer's sample
 * player (lib/normalised-audio.ts). Nothing is fetched until Play is pressed, so a long list of
 * previews costs nothing; then play/pause, the progress and the time, and a retry when it failed.
 */
export function SamplePreview({ sampleId, label = `sample ${sampleId}` }: SamplePreviewProps) {
  const [wanted, setWanted] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const sample = useSampleAudio(wanted ? SAMPLE_PATHS.audio(sampleId) : null, attempt);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const startWhenReady = useRef(false);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState({ at: 0, of: 0 });
  const [playError, setPlayError] = useState(false);

  const play = useCallback((audio: HTMLAudioElement) => {
    audio.play().catch((error: unknown) => {
      // A browser that wants a fresh click after the wait (autoplay rules) gets it: the button still says
      // Play. A pause before playback began (AbortError) is no failure either.
      const name = error instanceof DOMException ? error.name : '';
      if (name !== 'NotAllowedError' && name !== 'AbortError') setPlayError(true);
    });
  }, []);

  const src = sample.status === 'ready' ? sample.audio.src : null;
  useEffect(() => {
    const audio = audioRef.current;
    if (src === null || !audio || !startWhenReady.current) return;
    startWhenReady.current = false;
    play(audio);
  }, [src, play]);

  const loading = sample.status === 'loading';
  const failed = sample.status === 'failed' || playError;
  const toggle = () => {
    const audio = audioRef.current;
    if (loading) return;
    if (sample.status === 'ready' && audio && !playError) {
      if (audio.paused) play(audio);
      else audio.pause();
      return;
    }
    startWhenReady.current = true;
    setPlayError(false);
    if (wanted) setAttempt((n) => n + 1);
    else setWanted(true);
  };

  const action = loading ? `Loading ${label}` : playing ? `Pause ${label}` : `Play ${label}`;
  const percent = time.of > 0 ? Math.min(100, (time.at / time.of) * 100) : 0;
  // A decoder's few milliseconds short of a second count as that second; the end reads as the total.
  const total = Math.round(time.of);
  const at = time.of > 0 && time.at >= time.of - 0.05 ? total : time.at;
  const clock = time.of > 0 ? `${formatDuration(at)} / ${formatDuration(total)}` : formatDuration(at);

  return (
    <Stack gap={4} data-testid="sample-preview">
      <Group gap="sm" wrap="nowrap">
        <LazyTooltip label={playing ? 'Pause' : 'Play'}>
          <ActionIcon size="lg" radius="xl" aria-label={action} aria-busy={loading} onClick={toggle}>
            {loading ? (
              <Loader size={16} color="white" />
            ) : playing ? (
              <IconPlayerPauseFilled size={18} aria-hidden />
            ) : (
              <IconPlayerPlayFilled size={18} aria-hidden />
            )}
          </ActionIcon>
        </LazyTooltip>
        <Progress.Root size="md" style={{ flex: 1, minWidth: 48 }}>
          <Progress.Section
            value={percent}
            withAria={false}
            role="progressbar"
            aria-label={`Progress of ${label}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(percent)}
            aria-valuetext={time.of > 0 ? `${formatDuration(at)} of ${formatDuration(total)}` : 'Not started'}
          />
        </Progress.Root>
        <Text size="sm" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} aria-hidden>
          {clock}
        </Text>
      </Group>
      {failed ? (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {playError ? 'Unable to play the sample' : failureText(sample.status === 'failed' ? sample.error : null)}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={toggle}
            aria-label={`Retry ${label}`}
          >
            Retry
          </Button>
        </Group>
      ) : null}
      {sample.status === 'ready' && !playError ? (
        <Text size="xs" c="dimmed">
          {sample.audio.report
            ? `Loudness evened out: ${signedDb(sample.audio.report.gainDb)}`
            : 'Plays as recorded: its loudness could not be evened out'}
        </Text>
      ) : null}
      {src !== null ? (
        // biome-ignore lint/a11y/useMediaCaption: a fan's voice sample has no captions
        <audio
          ref={audioRef}
          src={src}
          preload="auto"
          onPlay={(event) => {
            if (playingNow && playingNow !== event.currentTarget) playingNow.pause();
            playingNow = event.currentTarget;
            setPlaying(true);
          }}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
          onLoadedMetadata={(event) => setTime({ at: 0, of: event.currentTarget.duration })}
          onTimeUpdate={(event) => setTime({ at: event.currentTarget.currentTime, of: event.currentTarget.duration })}
          onError={() => setPlayError(true)}
        />
      ) : null}
    </Stack>
  );
}
