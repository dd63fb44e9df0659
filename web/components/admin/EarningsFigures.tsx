import { Alert, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { EarningsPeriods, EarningsSummary, EarningsTotals } from '../../../common/earnings';
import { formatMoney } from '../../../common/format';

/** The periods as the tab names them. */
export const PERIOD_LABELS: Record<keyof EarningsPeriods, string> = {
  today: 'Today',
  week: 'This week',
  month: 'This month',
  allTime: 'All time',
};

export const payments = (count: number) => `${count} ${count === 1 ? 'payment' : 'payments'}`;

function PeriodCard({ label, totals, currency }: { label: string; totals: EarningsTotals; currency: string }) {
  return (
    <Paper component="section" aria-label={label} withBorder radius="md" p="md">
      <Text size="sm" fw={600} c="dimmed">
        {label}
      </Text>
      <Text fz={{ base: 'xl', sm: 28 }} fw={700} data-testid="net">
        {formatMoney(totals.netCents, currency)}
      </Text>
      <Text size="sm">{payments(totals.count)}</Text>
      <Text size="xs" c="dimmed">
        In: {formatMoney(totals.grossCents, currency)}
      </Text>
      <Text size="xs" c="dimmed">
        Refunded: {formatMoney(totals.refundedCents, currency)} ({totals.refundCount})
      </Text>
    </Paper>
  );
}

/** Net per period (money in less money back), then what waits for PayPal or for a person. */
export function EarningsFigures({ summary }: { summary: EarningsSummary }) {
  const { currency, totals, statuses } = summary;
  const taken = statuses.refunded.count + statuses.reversed.count;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        {(Object.keys(PERIOD_LABELS) as (keyof EarningsPeriods)[]).map((period) => (
          <PeriodCard key={period} label={PERIOD_LABELS[period]} totals={totals[period]} currency={currency} />
        ))}
      </SimpleGrid>
      {summary.needsAttention > 0 ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title="Needs attention">
          {payments(summary.needsAttention)} approved days ago and never settled: money may have been taken. Look them up in PayPal by their
          order id (Download CSV).
        </Alert>
      ) : null}
      <Group gap="xl" component="dl" m={0}>
        <Figure term="Waiting to settle" value={String(summary.waiting)} />
        <Figure term="Needs attention" value={String(summary.needsAttention)} />
        <Figure
          term="Refunded or reversed"
          value={`${taken} (${formatMoney(statuses.refunded.cents + statuses.reversed.cents, currency)})`}
        />
        <Figure term="Denied" value={String(statuses.denied.count)} />
      </Group>
    </Stack>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {term}
      </Text>
      <Text component="dd" m={0} fw={600}>
        {value}
      </Text>
    </div>
  );
}
