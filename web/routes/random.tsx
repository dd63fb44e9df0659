import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowsShuffle, IconBrandSoundcloud, IconBrandYoutube, IconBroadcast, IconMusic, IconPlaylist } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PROVIDER_LABELS, type Provider } from '../../common/enums';
import { apiGet } from '../api/client';
import { EmphasisHeader } from '../components/EmphasisHeader';
import list from '../components/plainList.module.css';
import classes from '../components/search/RandomTiles.module.css';
import { notifyFailure } from '../toasts/notify';

type RandomKind = 'streams' | 'media' | 'playlists';

interface RandomPick {
  kind: RandomKind;
  provider?: Provider;
}

/** Read failures of spec 8 for each kind of random item. */
const FAILURE_TEXT: Record<RandomKind, string> = {
  streams: 'Unable to retrieve streams',
  media: 'Unable to retrieve media',
  playlists: 'Unable to retrieve playlists',
};

const SHUFFLE_ICON = <IconArrowsShuffle size={18} stroke={1.8} aria-hidden />;
const PROVIDER_ICONS: Partial<Record<Provider, ReactNode>> = {
  youtube: <IconBrandYoutube size={18} stroke={1.8} aria-hidden />,
  sound_cloud: <IconBrandSoundcloud size={18} stroke={1.8} aria-hidden />,
};

interface Tile {
  kind: RandomKind;
  title: string;
  icon: ReactNode;
  description: string;
  buttons: { label: string; provider?: Provider }[];
}

/** Spec 2 "Randomizer": a random stream, a random video- or audio-provider song, a random video- or audio-provider playlist. */
const TILES: Tile[] = [
  {
    kind: 'streams',
    title: 'Stream',
    icon: <IconBroadcast size={24} stroke={1.8} />,
    description: 'Drop into any past stream from the archive.',
    buttons: [{ label: 'Random stream' }],
  },
  {
    kind: 'media',
    title: 'Song',
    icon: <IconMusic size={24} stroke={1.8} />,
    description: 'A song to watch on YouTube or to listen to on SoundCloud.',
    buttons: [
      { label: `Random ${PROVIDER_LABELS.youtube} song`, provider: 'youtube' },
      { label: `Random ${PROVIDER_LABELS.sound_cloud} song`, provider: 'sound_cloud' },
    ],
  },
  {
    kind: 'playlists',
    title: 'Playlist',
    icon: <IconPlaylist size={24} stroke={1.8} />,
    description: 'A whole playlist for when one song is not enough.',
    buttons: [
      { label: `Random ${PROVIDER_LABELS.youtube} playlist`, provider: 'youtube' },
      { label: `Random ${PROVIDER_LABELS.sound_cloud} playlist`, provider: 'sound_cloud' },
    ],
  },
];

/** GET /api/{kind}/random, optionally of one provider: one item, of which only the id is needed. */
function fetchRandom({ kind, provider }: RandomPick): Promise<{ id: number }> {
  return apiGet<{ id: number }>(`/api/${kind}/random`, { provider });
}

/** /random: each button fetches one random item, then opens its page. */
export function RandomPage() {
  const navigate = useNavigate({ from: '/random' });
  const pick = useMutation({
    mutationFn: fetchRandom,
    onSuccess: ({ id }, { kind }) => {
      if (kind === 'streams') return navigate({ to: '/streams/$id', params: { id } });
      if (kind === 'media') return navigate({ to: '/media/$id', params: { id } });
      return navigate({ to: '/playlists/$id', params: { id } });
    },
    onError: (error, { kind }) => notifyFailure(FAILURE_TEXT[kind], error),
  });
  const isPending = (kind: RandomKind, provider?: Provider) =>
    pick.isPending && pick.variables?.kind === kind && pick.variables.provider === provider;

  return (
    <>
      <EmphasisHeader icon="random" text="Randomizer" />
      <Text c="dimmed" mb="lg">
        Can&apos;t decide what to play? Let chance pick a stream, a song or a playlist for you.
      </Text>
      <SimpleGrid component="ul" cols={{ base: 1, sm: 3 }} spacing="md" className={list.plainList}>
        {TILES.map((tile) => (
          <li key={tile.kind}>
            <Card className={classes.tile} h="100%" padding="lg">
              <Stack gap="md" h="100%">
                <Group gap="md" wrap="nowrap" align="flex-start">
                  <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                    {tile.icon}
                  </ThemeIcon>
                  <div>
                    <Title order={2} fz="lg" mb={2}>
                      {tile.title}
                    </Title>
                    <Text fz="sm" c="dimmed">
                      {tile.description}
                    </Text>
                  </div>
                </Group>
                <Stack gap="xs" mt="auto">
                  {tile.buttons.map((button, index) => (
                    <Button
                      key={button.label}
                      variant={index === 0 ? 'filled' : 'light'}
                      fullWidth
                      leftSection={button.provider ? PROVIDER_ICONS[button.provider] : SHUFFLE_ICON}
                      loading={isPending(tile.kind, button.provider)}
                      disabled={pick.isPending && !isPending(tile.kind, button.provider)}
                      onClick={() => pick.mutate({ kind: tile.kind, provider: button.provider })}
                    >
                      {button.label}
                    </Button>
                  ))}
                </Stack>
              </Stack>
            </Card>
          </li>
        ))}
      </SimpleGrid>
    </>
  );
}
