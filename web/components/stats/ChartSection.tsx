import { Button, Group, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense, useId, useState } from 'react';
import { formatCount } from '../../../common/format';
import type { StatsBarChartProps } from './StatsBarChart';

/** recharts and Mantine's charts: a chunk of their own, fetched when the first chart renders. */
const StatsBarChart = lazy(() => import('./StatsBarChart').then((module) => ({ default: module.StatsBarChart })));

const CHART_HEIGHT = 260;

interface ChartSectionProps extends Omit<StatsBarChartProps, 'height' | 'title'> {
  /** The section's heading, also the chart's and the table's name */
  heading: string;
  /** The table's header of the period column ("Month") */
  periodLabel: string;
  /** Still loading: a placeholder of the chart's size (no layout shift when it comes) */
  loading: boolean;
}

/**
 * A chart with its data as a table: "Show as table" swaps the chart for a table of every period and
 * its exact figure (the way a screen reader or a keyboard reads the figures), "Show as chart" back.
 */
export function ChartSection({ heading, periodLabel, loading, ...chart }: ChartSectionProps) {
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  const viewId = useId();
  const format = chart.format ?? formatCount;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="md" p="md">
      <Group justify="space-between" align="center" mb="sm" wrap="nowrap" gap="xs">
        <Title order={2} id={headingId} fz={{ base: 17, sm: 19 }} miw={0}>
          {heading}
        </Title>
        <Button
          variant="subtle"
          size="compact-sm"
          style={{ flexShrink: 0 }}
          onClick={() => setAsTable((on) => !on)}
          aria-controls={viewId}
          disabled={loading}
        >
          {asTable ? 'Show as chart' : 'Show as table'}
        </Button>
      </Group>
      <div id={viewId}>
        {loading ? (
          <Skeleton h={CHART_HEIGHT} radius="sm" aria-hidden />
        ) : chart.data.length === 0 ? (
          <Text c="dimmed">Nothing yet</Text>
        ) : asTable ? (
          // Newest first, every period: a long history makes a long table, read from its top.
          <Table striped aria-labelledby={headingId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{periodLabel}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {chart.valueLabel}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...chart.data].reverse().map((row) => (
                <Table.Tr key={String(row[chart.nameKey])}>
                  <Table.Th scope="row" fw={400}>
                    {row[chart.nameKey]}
                  </Table.Th>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {format(Number(row[chart.valueKey]))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Suspense fallback={<Skeleton h={CHART_HEIGHT} radius="sm" aria-hidden />}>
            <StatsBarChart {...chart} title={heading} height={CHART_HEIGHT} />
          </Suspense>
        )}
      </div>
    </Paper>
  );
}
