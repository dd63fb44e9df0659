import { ActionIcon, Box, Button, Group, Slider, Text } from '@mantine/core';
import { IconHeadphones, IconPlayerPauseFilled, IconPlayerPlayFilled, IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { LazyTooltip } from '../later/LazyTooltip';
import { radio, useRadio } from './store';

/**
 * Play / pause and volume of the radio, on /radio and in the mini-player. When the browser refused
 * to start without a click (autoplay), a plain "Click to listen" button takes its place: the click
 * is the gesture the browser waits for.
 */
export function PlayerControls({ compact = false }: { compact?: boolean }) {
  const playback = useRadio((state) => state.playback);
  const volume = useRadio((state) => state.volume);
  const hasTrack = useRadio((state) => state.current !== null);

  if (playback === 'blocked') {
    const listen = (
      <Button size={compact ? 'xs' : 'sm'} leftSection={<IconHeadphones size={16} aria-hidden />} onClick={() => radio.play()}>
        Click to listen
      </Button>
    );
    if (compact) return listen;
    return (
      <Group gap="sm">
        {listen}
        <Text size="sm" c="dimmed">
          Your browser plays sound only after a click.
        </Text>
      </Group>
    );
  }
  const playing = playback === 'playing' || playback === 'loading';
  const label = playing ? 'Pause radio' : 'Play radio';
  return (
    <Group gap="xs" wrap="nowrap">
      <LazyTooltip label={label}>
        <ActionIcon
          size={compact ? 'lg' : 'xl'}
          radius="xl"
          aria-label={label}
          disabled={!hasTrack}
          loading={playback === 'loading' && hasTrack}
          onClick={() => (playing ? radio.pause() : radio.play())}
        >
          {playing ? <IconPlayerPauseFilled size={18} aria-hidden /> : <IconPlayerPlayFilled size={18} aria-hidden />}
        </ActionIcon>
      </LazyTooltip>
      <Box visibleFrom={compact ? 'xs' : undefined} display="flex">
        {volume === 0 ? <IconVolumeOff size={18} aria-hidden /> : <IconVolume size={18} aria-hidden />}
      </Box>
      <Slider
        w={compact ? 64 : 140}
        size="sm"
        min={0}
        max={100}
        value={volume}
        onChange={(value) => radio.setVolume(value)}
        label={null}
        thumbLabel="Volume"
      />
    </Group>
  );
}
