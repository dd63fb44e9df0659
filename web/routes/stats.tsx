import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatCount } from '../../common/format';
import { uploadsTimelineQuery } from '../api/stats';
import { EmphasisHeader } from '../components/EmphasisHeader';
import { ChartSection } from '../components/stats/ChartSection';
import { LikedLists, RadioLists, RequestLists } from '../components/stats/StatsLists';
import { TagsByYear } from '../components/stats/TagsByYear';
import { uploadsRows } from '../lib/stats';

const hours = (value: number) => `${formatCount(value)} h`;

/**
 * /stats (issue 25, "The channel in numbers"): songs uploaded and stream hours per month over the
 * whole history, the top tags of each year, and the top-10 lists (liked, requested, requesters, the
 * radio). Each chart has a table view; the charts' library is a chunk of its own (ChartSection).
 */
export function StatsPage() {
  const uploads = useQuery(uploadsTimelineQuery('month'));
  const rows = uploads.data ? uploadsRows(uploads.data) : [];
  const loading = uploads.isPending;
  return (
    <Stack gap="xl">
      <EmphasisHeader icon="stats" text="The channel in" emphasis="numbers" mb={0} />
      {uploads.isError ? (
        <Text c="var(--mantine-color-error)" role="alert">
          An error occurred when loading stats
        </Text>
      ) : null}
      {/* Side by side from md; each keeps its own height (a chart shown as a long table does not stretch the other). */}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        <ChartSection
          heading="Songs uploaded per month"
          periodLabel="Month"
          loading={loading}
          data={rows}
          nameKey="name"
          valueKey="songs"
          valueLabel="Songs"
          description="One bar per month, oldest on the left, the latest month on the right"
        />
        <ChartSection
          heading="Stream hours per month"
          periodLabel="Month"
          loading={loading}
          data={rows}
          nameKey="name"
          valueKey="streamHours"
          valueLabel="Stream hours"
          format={hours}
          description="Hours of streams uploaded, one bar per month, oldest on the left, the latest month on the right"
        />
      </SimpleGrid>
      <TagsByYear />
      <LikedLists />
      <RequestLists />
      <RadioLists />
    </Stack>
  );
}
