import { Table, Text, Title } from '@mantine/core';
import type { EarningsPeriods, EarningsSummary } from '../../../common/earnings';
import { formatMoney } from '../../../common/format';
import { PERIOD_LABELS, payments } from './EarningsFigures';

const KINDS = [
  { kind: 'flip', label: 'Flip requests' },
  { kind: 'sample', label: 'Sample requests' },
] as const;
const PERIODS = Object.keys(PERIOD_LABELS) as (keyof EarningsPeriods)[];

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const weekdayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });
const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);

/** "Wed, Nov 25" for the UTC day 2026-11-25; on a phone "Nov 25", so the five columns fit. */
function Day({ date }: { date: string }) {
  return (
    <time dateTime={date}>
      <Text span inherit visibleFrom="sm">
        {weekdayFormat.format(utcDay(date))},{' '}
      </Text>
      {dayFormat.format(utcDay(date))}
    </time>
  );
}

/** Net per period and kind, with how many payments: periods down, kinds across, so it fits a phone. */
export function EarningsByKind({ summary }: { summary: EarningsSummary }) {
  return (
    <section aria-labelledby="earnings-by-kind">
      <Title order={3} size="h4" id="earnings-by-kind" mb="xs">
        By kind (net)
      </Title>
      <Table striped withTableBorder horizontalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Period</Table.Th>
            {KINDS.map(({ kind, label }) => (
              <Table.Th key={kind} scope="col" ta="right">
                {label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {PERIODS.map((period) => (
            <Table.Tr key={period}>
              <Table.Th scope="row">{PERIOD_LABELS[period]}</Table.Th>
              {KINDS.map(({ kind }) => {
                const totals = summary.byKind[kind][period];
                return (
                  <Table.Td key={kind} ta="right">
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
    </section>
  );
}

/** The last 30 UTC days, newest first; days without payments or refunds dimmed. */
export function EarningsDays({ summary }: { summary: EarningsSummary }) {
  const money = (cents: number) => formatMoney(cents, summary.currency);
  return (
    <section aria-labelledby="earnings-days">
      <Title order={3} size="h4" id="earnings-days" mb="xs">
        Last {summary.days.length} days
      </Title>
      <Table.ScrollContainer minWidth={320}>
        <Table striped withTableBorder horizontalSpacing={8} fz="sm" data-testid="earnings-days">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Day (UTC)</Table.Th>
              <Table.Th scope="col" ta="right">
                Paid
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
            {[...summary.days].reverse().map((day) => {
              const c = day.count === 0 && day.refundedCents === 0 ? 'dimmed' : undefined;
              return (
                <Table.Tr key={day.date}>
                  <Table.Th scope="row" fw={400} c={c} style={{ whiteSpace: 'nowrap' }}>
                    <Day date={day.date} />
                  </Table.Th>
                  <Table.Td ta="right" c={c}>
                    {day.count}
                  </Table.Td>
                  <Table.Td ta="right" c={c}>
                    {money(day.grossCents)}
                  </Table.Td>
                  <Table.Td ta="right" c={c}>
                    {money(day.refundedCents)}
                  </Table.Td>
                  <Table.Td ta="right" c={c} fw={c ? undefined : 600}>
                    {money(day.netCents)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}
