import { Anchor, Box, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { RADIO_FREQUENCY } from '../../../common/constants';
import classes from './MiniPlayer.module.css';
import { PlayerControls } from './PlayerControls';
import { Reactions, VoteToSkip } from './Reactions';
import { stationLabel, stationSearch } from './station';
import { useRadio } from './store';
import { TrackThumbnail } from './TrackThumbnail';

/**
 * The radio while the listener is elsewhere (issue 13): a bar at the bottom of the shell with the
 * track and station, play / pause and volume, the reactions and the vote to skip (issue 25), and a
 * link back to /radio on that station. A spacer
 * of the bar's height keeps the footer's end visible above it.
 */
export function MiniPlayer() {
  const track = useRadio((state) => state.current?.track ?? null);
  const station = useRadio((state) => state.station);
  const status = useRadio((state) => state.status);
  return (
    <>
      <Box className={classes.spacer} aria-hidden />
      <Paper component="section" aria-label="Radio player" className={classes.bar} shadow="md" withBorder p="xs">
        <Group gap="sm" wrap="nowrap" justify="space-between">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <TrackThumbnail thumbnail={track?.thumbnail ?? null} />
            <Stack gap={0} miw={0}>
              <Anchor renderRoot={(props) => <Link {...props} to="/radio" search={stationSearch(station)} />} fw={600} size="sm" truncate>
                {track ? track.name : status}
              </Anchor>
              <Text size="xs" c="dimmed" truncate>
                {RADIO_FREQUENCY} · {stationLabel(station)}
              </Text>
            </Stack>
          </Group>
          <PlayerControls compact />
        </Group>
        <Group gap="xs" justify="space-between" wrap="wrap" mt={6}>
          <Reactions compact />
          <VoteToSkip compact />
        </Group>
      </Paper>
    </>
  );
}
