import { z } from 'zod';
import { PAYMENT_STATUSES } from './payments';

/**
 * The Admin Console's Earnings tab (issue 19): what GET /api/payments/summary answers, and the
 * CSV export's path. Amounts are whole cents of `currency`. Days, weeks (Monday to Sunday) and
 * months are UTC, counted from the server's clock. A payment counts on the day it was captured;
 * a refund, reversal or denial of a captured payment on the day its status changed, so a day's
 * net may be negative. Partial refunds are not stored (the payment stays captured) and not counted.
 */

const cents = z.number().int();
const count = z.number().int().nonnegative();

export const earningsTotalsSchema = z.object({
  /** Payments captured in the period */
  count,
  grossCents: cents,
  /** Captured payments refunded, reversed or denied in the period */
  refundCount: count,
  refundedCents: cents,
  /** grossCents − refundedCents */
  netCents: cents,
});
export type EarningsTotals = z.infer<typeof earningsTotalsSchema>;

export const earningsPeriodsSchema = z.object({
  today: earningsTotalsSchema,
  week: earningsTotalsSchema,
  month: earningsTotalsSchema,
  allTime: earningsTotalsSchema,
});
export type EarningsPeriods = z.infer<typeof earningsPeriodsSchema>;
export const EARNINGS_PERIODS = ['today', 'week', 'month', 'allTime'] as const satisfies readonly (keyof EarningsPeriods)[];

export const earningsDaySchema = z.object({
  /** The UTC day, YYYY-MM-DD */
  date: z.iso.date(),
  count,
  grossCents: cents,
  refundedCents: cents,
  netCents: cents,
});
export type EarningsDay = z.infer<typeof earningsDaySchema>;

/** How many days `days` lists, today included. */
export const EARNINGS_DAYS = 30;

export const earningsSummarySchema = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** The server's clock when it counted (ISO 8601) */
  asOf: z.iso.datetime(),
  /** The first UTC day of each period: today, this week's Monday, the first of this month */
  periodStarts: z.object({ today: z.iso.date(), week: z.iso.date(), month: z.iso.date() }),
  totals: earningsPeriodsSchema,
  byKind: z.object({ flip: earningsPeriodsSchema, sample: earningsPeriodsSchema }),
  /** Approved by the buyer, not settled yet: settled by a webhook or the reconciliation job */
  waiting: count,
  /** Approved days ago and still not settled: a person should look (docs/payments.md) */
  needsAttention: count,
  /** Every payment by status, all time: how many and their amount (orders never paid included) */
  statuses: z.object(
    Object.fromEntries(PAYMENT_STATUSES.map((status) => [status, z.object({ count, cents })])) as {
      [S in (typeof PAYMENT_STATUSES)[number]]: z.ZodObject<{ count: typeof count; cents: typeof cents }>;
    },
  ),
  /** The last EARNINGS_DAYS UTC days, oldest first, today last; days without payments too */
  days: z.array(earningsDaySchema),
});
export type EarningsSummary = z.infer<typeof earningsSummarySchema>;

export { EARNINGS_PATHS } from './earnings-paths';
