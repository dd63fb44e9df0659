import { Anchor, Card, Group, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { formatDuration } from '../../../common/format';
import { stationPosition } from '../../lib/radio';
import { Thumbnail } from '../Thumbnail';
import classes from './CurrentTrack.module.css';
import { PlayerControls } from './PlayerControls';
import { useRadio } from './store';

/** The station's position, ticking once a second. */
function usePosition(): number | null {
  const current = useRadio((state) => state.current);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return current ? Math.floor(stationPosition(current, now)) : null;
}

/** The current track (spec 2 "Radio"): thumbnail, name, where the station is in it, and the player's controls. */
export function CurrentTrack() {
  const track = useRadio((state) => state.current?.track ?? null);
  const position = usePosition();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="radio-current">
      <Title order={2} fz="h4" id="radio-current" className={classes.label}>
        Now Playing
      </Title>
      {track && position !== null ? (
        <Group align="flex-start" gap="md" wrap="wrap">
          <div className={classes.thumbnail}>
            <Thumbnail kind="media" thumbnail={track.thumbnail} alt="" eager />
          </div>
          <Stack gap="xs" className={classes.body}>
            <Anchor renderRoot={(props) => <Link {...props} to="/media/$id" params={{ id: track.id }} />} fw={700} fz="lg">
              {track.name}
            </Anchor>
            <Progress value={(position / Math.max(1, track.duration)) * 100} size="sm" aria-hidden />
            <Group justify="space-between">
              <Text size="sm" c="dimmed" aria-label="Position">
                {formatDuration(position)}
              </Text>
              <Text size="sm" c="dimmed" aria-label="Duration">
                {formatDuration(track.duration)}
              </Text>
            </Group>
            <Group>
              <PlayerControls />
            </Group>
          </Stack>
        </Group>
      ) : (
        <WaitingTrack />
      )}
    </Card>
  );
}

/**
 * Before the first track: the same frame as a track (a 16:9 thumbnail, the name's line, the progress,
 * the times and the controls), so nothing below moves when it comes (CLS, issue 23).
 */
function WaitingTrack() {
  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <div className={classes.thumbnail}>
        <Skeleton style={{ aspectRatio: '16 / 9' }} h="auto" radius={0} />
      </div>
      <Stack gap="xs" className={classes.body}>
        <Text c="dimmed" fz="lg">
          Waiting for the station...
        </Text>
        <Progress value={0} size="sm" aria-hidden />
        <Group justify="space-between" aria-hidden className={classes.hidden}>
          <Text size="sm">0:00</Text>
          <Text size="sm">0:00</Text>
        </Group>
        <Skeleton h={44} w={200} radius="xl" />
      </Stack>
    </Group>
  );
}
