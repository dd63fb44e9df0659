import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlayerSkipForward, IconUsers } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { RADIO_FREQUENCY, RADIO_STATIONS } from '../../common/constants';
import { useCurrentUser } from '../api/auth';
import { useRadioListeners, useSkipTrack } from '../api/radio';
import { EmphasisHeader } from '../components/EmphasisHeader';
import { ConnectionBadge } from '../components/radio/ConnectionBadge';
import { CurrentTrack } from '../components/radio/CurrentTrack';
import { PreviouslyPlayed } from '../components/radio/PreviouslyPlayed';
import { Reactions, VoteToSkip } from '../components/radio/Reactions';
import { stationLabel } from '../components/radio/station';
import { openingStation, radio, type Station, useRadio } from '../components/radio/store';

/**
 * /radio (spec 2 and 4 "Radio", issue 13): "93.8 FM, 24/7". The station (`top` by default, or
 * `everything`, in ?station=) is tuned in the shell's radio store, whose engine keeps playing after
 * the listener leaves; this screen shows the connection, the current track, Previously Played, the
 * listener count, the reactions and the vote to skip (issue 25) and, for admins, SKIP TRACK.
 */
export function RadioPage() {
  const search = useSearch({ from: '/radio' });
  const navigate = useNavigate({ from: '/radio' });
  // A bare /radio while the radio plays (the menu's link) stays on the station playing.
  const station: Station = useRadio((state) => openingStation(state, search.station));
  // The track the page's HTML carried, seeded by the route's loader, stays until the socket's first one.
  useEffect(() => radio.tune(station), [station]);
  const status = useRadio((state) => state.status);
  const shownPlay = useRadio((state) => state.current?.track.startedAt);

  const admin = useCurrentUser()?.admin === true;
  const skip = useSkipTrack(station);
  const listenersRead = useRadioListeners();
  const { refetch: refetchListeners } = listenersRead;
  // Counted a second or so after this tab connects (server/radio/listeners.ts): ask again then, and never show fewer than this tab.
  useEffect(() => {
    if (status === 'Connected') void refetchListeners();
  }, [status, refetchListeners]);
  const counted = listenersRead.data?.[station];
  const listeners = counted === undefined ? undefined : Math.max(counted, status === 'Connected' ? 1 : 0);

  return (
    <>
      <EmphasisHeader icon="radio" text="Radio" emphasis={`${RADIO_FREQUENCY}, 24/7`}>
        {admin ? (
          <Button
            onClick={() => skip.mutate(shownPlay)}
            loading={skip.isPending}
            leftSection={<IconPlayerSkipForward size={16} aria-hidden />}
          >
            SKIP TRACK
          </Button>
        ) : null}
      </EmphasisHeader>
      <Stack gap="lg">
        <Group justify="space-between" gap="sm">
          <SegmentedControl
            aria-label="Station"
            value={station}
            // Always named: a bare /radio means the station already playing.
            onChange={(value) => navigate({ search: { station: value as Station } })}
            data={RADIO_STATIONS.map((value) => ({ value, label: stationLabel(value) }))}
          />
          <Group gap="sm">
            {/* Its place is kept until the count comes, so the row does not wrap or move then (CLS). */}
            <Text
              size="sm"
              c="dimmed"
              component="span"
              aria-hidden={listeners === undefined || undefined}
              style={listeners === undefined ? { visibility: 'hidden' } : undefined}
            >
              <IconUsers size={14} aria-hidden /> {listeners ?? 0} listening now
            </Text>
            <ConnectionBadge status={status} />
          </Group>
        </Group>
        <CurrentTrack />
        <Group justify="space-between" gap="sm" mt="xs">
          <Reactions />
          <VoteToSkip />
        </Group>
        <PreviouslyPlayed />
      </Stack>
    </>
  );
}
