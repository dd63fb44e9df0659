import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { EARNINGS_EXPORT_URL, earningsQuery } from '../api/payments';
import { EarningsFigures } from '../components/admin/EarningsFigures';
import { EarningsByKind, EarningsDays } from '../components/admin/EarningsTables';
import { EmphasisHeader } from '../components/EmphasisHeader';

const asOfFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/**
 * /admin/earnings: the Earnings tab (issue 19): net per UTC day, week and month and per kind, what
 * waits or needs a person, the last 30 days, and every payment as CSV. Figures from GET
 * /api/payments/summary (docs/payments.md "Earnings").
 */
export function AdminEarningsPage() {
  const summary = useQuery(earningsQuery);
  return (
    <Stack component="section" aria-label="Earnings" gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <EmphasisHeader order={2} icon="stats" text="Paid Request" emphasis="Earnings" />
        <Button component="a" href={EARNINGS_EXPORT_URL} download variant="light" leftSection={<IconDownload size={18} aria-hidden />}>
          Download CSV
        </Button>
      </Group>
      {summary.data ? (
        <>
          <Text size="sm" c="dimmed">
            Amounts in {summary.data.currency}. Today, this week (from Monday) and this month are UTC days; as of{' '}
            {asOfFormat.format(new Date(summary.data.asOf))} UTC. A payment counts on the day it was captured, a refund on the day it was
            made.
          </Text>
          <EarningsFigures summary={summary.data} />
          <EarningsByKind summary={summary.data} />
          <EarningsDays summary={summary.data} />
        </>
      ) : summary.isError ? (
        <Text c="red" role="alert">
          An error occurred when loading earnings
        </Text>
      ) : (
        <Center py="sm">
          <Loader size="sm" aria-label="Loading earnings" />
        </Center>
      )}
    </Stack>
  );
}
