import { Table, Text, Title } from '@mantine/core';
import type { EarningsPeriods, EarningsSummary } from '../../../common/earnings';
import { formatMoney } from '../../../common/format';
import { PERIOD_LABELS, payments } from './EarningsFigures';

const KIND_LABELS = { flip: 'Flip requests', sample: 'Sample requests' } as const;
const PERIODS = Object.keys(PERIOD_LABELS) as (keyof EarningsPeriods)[];

const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
/** "Wed, Nov 25" for the UTC day 2026-11-25. */
const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

/** Net per kind and period, with how many payments. */
export function EarningsByKind({ summary }: { summary: EarningsSummary }) {
  return (
    <section aria-labelledby="earnings-by-kind">
      <Title order={3} size="h4" id="earnings-by-kind" mb="xs">
        By kind (net)
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Kind</Table.Th>
              {PERIODS.map((period) => (
                <Table.Th key={period} scope="col" ta="right">
                  {PERIOD_LABELS[period]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(['flip', 'sample'] as const).map((kind) => (
              <Table.Tr key={kind}>
                <Table.Th scope="row">{KIND_LABELS[kind]}</Table.Th>
                {PERIODS.map((period) => {
                  const totals = summary.byKind[kind][period];
                  return (
                    <Table.Td key={period} ta="right">
                      {formatMoney(totals.netCents, summary.currency)}
                      <Text size="xs" c="dimmed">
                        {payments(totals.count)}
                      </Text>
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}

/** The last 30 UTC days, newest first. */
export function EarningsDays({ summary }: { summary: EarningsSummary }) {
  const money = (cents: number) => formatMoney(cents, summary.currency);
  return (
    <section aria-labelledby="earnings-days">
      <Title order={3} size="h4" id="earnings-days" mb="xs">
        Last {summary.days.length} days
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table striped withTableBorder data-testid="earnings-days">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Day (UTC)</Table.Th>
              <Table.Th scope="col" ta="right">
                Payments
              </Table.Th>
              <Table.Th scope="col" ta="right">
                In
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Refunded
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Net
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...summary.days].reverse().map((day) => (
              <Table.Tr key={day.date} c={day.count === 0 && day.refundedCents === 0 ? 'dimmed' : undefined}>
                <Table.Th scope="row" fw={400}>
                  <time dateTime={day.date}>{formatDay(day.date)}</time>
                </Table.Th>
                <Table.Td ta="right">{day.count}</Table.Td>
                <Table.Td ta="right">{money(day.grossCents)}</Table.Td>
                <Table.Td ta="right">{money(day.refundedCents)}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {money(day.netCents)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
