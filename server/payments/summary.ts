import {
  EARNINGS_DAYS,
  EARNINGS_PERIODS,
  type EarningsDay,
  type EarningsPeriods,
  type EarningsSummary,
  type EarningsTotals,
} from '../../common/earnings';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../common/payments';
import type { Db } from '../db/client';
import { CSV_HEADER, presentCsvRecord } from './present';
import { capturedByDay, type DayAmount, type ExportRow, paymentsAfter, paymentsByStatus, takenBackByDay } from './queries';

/**
 * The Earnings tab's figures and the payments export (issue 19, docs/payments.md "Earnings"). The
 * database answers per kind and UTC day (a few rows a day at most); the periods are summed here
 * from those days, so every figure uses the same day boundaries, those of the injected clock.
 */

export interface EarningsDeps {
  db: Db;
  now: () => Date;
  /** The figures count payments in this currency (every price is in it: common/constants.ts) */
  currency: string;
}

/** Rows per page of the export: one page is in memory at a time. */
export const EXPORT_PAGE_SIZE = 500;

const DAY_MS = 86_400_000;
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** Today, this week's Monday, the first of this month and the first day of the day table: UTC days, YYYY-MM-DD. */
export function periodStarts(now: Date) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  return {
    today: isoDay(new Date(today)),
    week: isoDay(new Date(today - sinceMonday * DAY_MS)),
    month: isoDay(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))),
    days: isoDay(new Date(today - (EARNINGS_DAYS - 1) * DAY_MS)),
  };
}

const emptyTotals = (): EarningsTotals => ({ count: 0, grossCents: 0, refundCount: 0, refundedCents: 0, netCents: 0 });
const emptyPeriods = (): EarningsPeriods => ({ today: emptyTotals(), week: emptyTotals(), month: emptyTotals(), allTime: emptyTotals() });

/** Sums the days into every period a day falls in; `into` names the totals' fields it adds to. */
function addDays(
  amounts: DayAmount[],
  starts: ReturnType<typeof periodStarts>,
  targets: (kind: string) => EarningsPeriods[],
  into: { count: 'count' | 'refundCount'; cents: 'grossCents' | 'refundedCents' },
) {
  const from = { today: starts.today, week: starts.week, month: starts.month, allTime: '' };
  for (const amount of amounts) {
    for (const period of EARNINGS_PERIODS) {
      // A day after today (a clock set back) counts in all time only.
      if (amount.day < from[period] || (period !== 'allTime' && amount.day > starts.today)) continue;
      for (const periods of targets(amount.kind)) {
        periods[period][into.count] += amount.count;
        periods[period][into.cents] += amount.cents;
      }
    }
  }
}

/** The day table: every day from `first` to today, with or without payments. */
function dayTable(first: string, today: string, captured: DayAmount[], takenBack: DayAmount[]): EarningsDay[] {
  const days = new Map<string, EarningsDay>();
  for (let at = Date.parse(first); isoDay(new Date(at)) <= today; at += DAY_MS) {
    const date = isoDay(new Date(at));
    days.set(date, { date, count: 0, grossCents: 0, refundedCents: 0, netCents: 0 });
  }
  for (const amount of captured) {
    const day = days.get(amount.day);
    if (day) {
      day.count += amount.count;
      day.grossCents += amount.cents;
    }
  }
  for (const amount of takenBack) {
    const day = days.get(amount.day);
    if (day) day.refundedCents += amount.cents;
  }
  for (const day of days.values()) day.netCents = day.grossCents - day.refundedCents;
  return [...days.values()];
}

function withNet(periods: EarningsPeriods): EarningsPeriods {
  for (const period of EARNINGS_PERIODS) periods[period].netCents = periods[period].grossCents - periods[period].refundedCents;
  return periods;
}

export type Earnings = ReturnType<typeof createEarnings>;

export function createEarnings({ db, now, currency }: EarningsDeps) {
  async function summary(): Promise<EarningsSummary> {
    const at = now();
    const starts = periodStarts(at);
    const [captured, takenBack, statusRows] = await Promise.all([
      capturedByDay(db, currency),
      takenBackByDay(db, currency),
      paymentsByStatus(db, currency),
    ]);
    const totals = emptyPeriods();
    const byKind = { flip: emptyPeriods(), sample: emptyPeriods() };
    const targets = (kind: string) => (kind === 'flip' || kind === 'sample' ? [totals, byKind[kind]] : [totals]);
    addDays(captured, starts, targets, { count: 'count', cents: 'grossCents' });
    addDays(takenBack, starts, targets, { count: 'refundCount', cents: 'refundedCents' });
    const statuses = Object.fromEntries(PAYMENT_STATUSES.map((status) => [status, { count: 0, cents: 0 }])) as EarningsSummary['statuses'];
    for (const row of statusRows) {
      if (row.status in statuses) statuses[row.status as PaymentStatus] = { count: row.count, cents: row.cents };
    }
    return {
      currency,
      asOf: at.toISOString(),
      periodStarts: { today: starts.today, week: starts.week, month: starts.month },
      totals: withNet(totals),
      byKind: { flip: withNet(byKind.flip), sample: withNet(byKind.sample) },
      waiting: statuses.approved.count,
      needsAttention: statuses.needs_attention.count,
      statuses,
      days: dayTable(starts.days, starts.today, captured, takenBack),
    };
  }

  /** The rest of the export after its first page, a page at a time as the response drains. */
  async function* remainingRecords(first: ExportRow[]): AsyncGenerator<string> {
    let page = first;
    yield CSV_HEADER + page.map(presentCsvRecord).join('');
    while (page.length === EXPORT_PAGE_SIZE) {
      page = await paymentsAfter(db, page[page.length - 1]!.id, EXPORT_PAGE_SIZE);
      if (page.length) yield page.map(presentCsvRecord).join('');
    }
  }

  /**
   * Every payment as CSV, oldest first. The first page is read before anything is sent, so a
   * failing database is still an error answer; later pages are read as the client takes the data.
   */
  async function exportCsv(): Promise<{ filename: string; records: AsyncGenerator<string> }> {
    const first = await paymentsAfter(db, 0, EXPORT_PAGE_SIZE);
    return { filename: `payments-${isoDay(now())}.csv`, records: remainingRecords(first) };
  }

  return { summary, exportCsv };
}
