import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { secondsToHours } from '../../../common/format';
import { useStats } from '../../api/site';
import { EmphasisHeader } from '../EmphasisHeader';

/** Channel statistics, durations in whole hours (spec 9). */
export function ChannelStats() {
  const stats = useStats();
  const data = stats.data;
  const tiles = data
    ? [
        { label: 'Streams', value: data.streamCount },
        { label: 'Hours streamed', value: secondsToHours(data.streamDuration) },
        { label: 'Clips', value: data.clipCount },
        { label: 'YouTube songs', value: data.providerStats.youtube.mediaCount },
        { label: 'YouTube hours', value: secondsToHours(data.providerStats.youtube.mediaDuration) },
        { label: 'SoundCloud songs', value: data.providerStats.sound_cloud.mediaCount },
        { label: 'SoundCloud hours', value: secondsToHours(data.providerStats.sound_cloud.mediaDuration) },
      ]
    : [];
  return (
    <section aria-label="Channel stats">
      <EmphasisHeader icon="stats" text="Channel" emphasis="Stats" order={2} />
      {stats.isPending ? <Skeleton h={160} radius="md" /> : null}
      {stats.isError ? (
        <Text c="red" role="alert">
          An error occurred when loading stats
        </Text>
      ) : null}
      {data ? (
        <SimpleGrid cols={{ base: 2, xs: 3, md: 2 }} spacing="sm" component="dl" m={0} data-testid="channel-stats">
          {tiles.map((tile) => (
            <Paper key={tile.label} withBorder p="sm" radius="md">
              <Text component="dd" fw={800} fz={24} lh={1.1} m={0} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {tile.value.toLocaleString('en-US')}
              </Text>
              <Text component="dt" fz="xs" c="dimmed" tt="uppercase" fw={600}>
                {tile.label}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      ) : null}
    </section>
  );
}
