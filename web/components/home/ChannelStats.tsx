import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { Stats } from '../../../common/api';
import { formatCount, secondsToHours } from '../../../common/format';
import { useStats } from '../../api/site';
import { EmphasisHeader } from '../EmphasisHeader';

interface Tile {
  label: string;
  count: number;
  /** Total duration in seconds, shown as whole hours (spec 9) */
  seconds?: number;
}

function tilesOf(stats: Stats): Tile[] {
  return [
    { label: 'Streams', count: stats.streamCount, seconds: stats.streamDuration },
    { label: 'Clips', count: stats.clipCount },
    { label: 'YouTube songs', count: stats.providerStats.youtube.mediaCount, seconds: stats.providerStats.youtube.mediaDuration },
    {
      label: 'SoundCloud songs',
      count: stats.providerStats.sound_cloud.mediaCount,
      seconds: stats.providerStats.sound_cloud.mediaDuration,
    },
  ];
}

const number = formatCount;

const GRID = { cols: { base: 2, sm: 4, md: 2 }, spacing: 'sm' } as const;
/** A tile's height: padding and border, the count (26 px × 1.1), the label (xs) and the hours line (4 px + sm) */
const TILE_HEIGHT = 95;

/** While the stats load: the four tiles' places, in the same grid, so the tags below do not move when they come (CLS). */
function TilesSkeleton() {
  return (
    <SimpleGrid {...GRID} aria-hidden>
      {[0, 1, 2, 3].map((tile) => (
        <Skeleton key={tile} h={TILE_HEIGHT} radius="md" />
      ))}
    </SimpleGrid>
  );
}

/** Channel statistics from GET /api/stats; durations in whole hours. */
export function ChannelStats() {
  const stats = useStats();
  return (
    <section aria-label="Channel stats">
      <EmphasisHeader icon="stats" text="Channel" emphasis="Stats" order={2} />
      {stats.isPending ? <TilesSkeleton /> : null}
      {stats.isError ? (
        <Text c="var(--mantine-color-error)" role="alert">
          An error occurred when loading stats
        </Text>
      ) : null}
      {stats.data ? (
        <SimpleGrid {...GRID} data-testid="channel-stats">
          {tilesOf(stats.data).map((tile) => (
            <Paper key={tile.label} withBorder p="sm" radius="md">
              <Text fw={800} fz={26} lh={1.1} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {number(tile.count)}
              </Text>
              <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
                {tile.label}
              </Text>
              {tile.seconds !== undefined ? (
                <Text fz="sm" mt={4}>
                  {number(secondsToHours(tile.seconds))} hours
                </Text>
              ) : null}
            </Paper>
          ))}
        </SimpleGrid>
      ) : null}
    </section>
  );
}
