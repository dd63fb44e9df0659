import { describe, expect, it } from 'vitest';
import type { EarningsSummary, EarningsTotals } from '../../common/earnings';
import { payments } from '../db/schema';
import { createTestApp } from '../testing/app';
import { testClock } from '../testing/clock';
import { buildPayment } from '../testing/factories';
import { buildAdmin, buildUser } from '../testing/users';

/**
 * GET /api/payments/summary over the real database: payments of both kinds in every status, on
 * days either side of each UTC boundary (day, Monday, the first of the month), counted exactly.
 */

// Wednesday 25 November 2020 (in the past: test sessions expire by the real clock): the week began on Monday the 23rd, the month on the 1st.
const clock = testClock(new Date('2020-11-25T10:00:00Z'));
const t = await createTestApp({}, { now: clock.now, slices: ['payments'] });
const admin = await buildAdmin(t.db);
const member = await buildUser(t.db);

const at = (iso: string) => new Date(iso);
/** A payment captured at `captured` (money in), then maybe taken back at `closed`. */
const captured = (kind: 'flip' | 'sample', amountCents: number, capturedAt: string, closed?: { status: string; at: string }) =>
  buildPayment(t.db, {
    kind,
    amountCents,
    at: at(capturedAt),
    capturedAt: at(capturedAt),
    captureId: `CAPTURE${Math.random().toString(36).slice(2, 12).toUpperCase()}`,
    status: closed?.status ?? 'captured',
    ...(closed ? { updatedAt: at(closed.at) } : {}),
  });
const unsettled = (kind: 'flip' | 'sample', amountCents: number, status: string) =>
  buildPayment(t.db, { kind, amountCents, status, at: at('2020-11-20T12:00:00Z') });

// Money in, by the UTC day of the capture.
await captured('flip', 2000, '2020-11-25T00:30:00Z'); // today
await captured('sample', 500, '2020-11-25T09:59:59Z'); // today
await captured('sample', 500, '2020-11-24T23:59:59.999Z'); // yesterday, this week
await captured('flip', 2000, '2020-11-23T00:00:00Z'); // the week's first instant
await captured('sample', 1000, '2020-11-22T23:59:59.999Z'); // last week, this month
await captured('flip', 2000, '2020-11-01T00:00:00Z', { status: 'refunded', at: '2020-11-25T08:00:00Z' }); // month's first instant, refunded today
await captured('flip', 2000, '2020-10-31T23:59:59Z', { status: 'reversed', at: '2020-11-24T12:00:00Z' }); // last month, reversed this week
await captured('sample', 1500, '2020-09-01T12:00:00Z'); // before the 30 days of the table
// Nothing taken: waiting, needing attention, never paid, and closed without a capture here.
await unsettled('flip', 2000, 'approved');
await unsettled('flip', 2000, 'needs_attention');
await unsettled('sample', 2000, 'needs_attention');
await unsettled('sample', 500, 'created');
await unsettled('sample', 500, 'expired');
await unsettled('sample', 500, 'declined');
await unsettled('flip', 2000, 'denied');
// Refunded in PayPal before it was ever settled here: its money never counted in, so its refund does not count either.
await buildPayment(t.db, { kind: 'flip', amountCents: 2000, status: 'refunded', at: at('2020-11-25T09:00:00Z') });
// Another currency is left out of every figure.
await buildPayment(t.db, { kind: 'flip', amountCents: 9999, currency: 'EUR', status: 'captured', capturedAt: at('2020-11-25T01:00:00Z') });

const totals = (count: number, grossCents: number, refundCount: number, refundedCents: number): EarningsTotals => ({
  count,
  grossCents,
  refundCount,
  refundedCents,
  netCents: grossCents - refundedCents,
});

async function summary(): Promise<EarningsSummary> {
  const res = await t.app.inject({ url: '/api/payments/summary', headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json();
}

describe('GET /api/payments/summary', () => {
  it('counts money in by the day of capture and money back by the day of the refund, per UTC day, week and month', async () => {
    const figures = await summary();
    expect(figures.currency).toBe('USD');
    expect(figures.asOf).toBe('2020-11-25T10:00:00.000Z');
    expect(figures.periodStarts).toEqual({ today: '2020-11-25', week: '2020-11-23', month: '2020-11-01' });
    expect(figures.totals).toEqual({
      today: totals(2, 2500, 1, 2000),
      week: totals(4, 5000, 2, 4000),
      month: totals(6, 8000, 2, 4000),
      allTime: totals(8, 11500, 2, 4000),
    });
    expect(figures.byKind.flip).toEqual({
      today: totals(1, 2000, 1, 2000),
      week: totals(2, 4000, 2, 4000),
      month: totals(3, 6000, 2, 4000),
      allTime: totals(4, 8000, 2, 4000),
    });
    expect(figures.byKind.sample).toEqual({
      today: totals(1, 500, 0, 0),
      week: totals(2, 1000, 0, 0),
      month: totals(3, 2000, 0, 0),
      allTime: totals(4, 3500, 0, 0),
    });
  });

  it('counts the payments waiting to settle and those needing attention, and every status', async () => {
    const figures = await summary();
    expect(figures.waiting).toBe(1);
    expect(figures.needsAttention).toBe(2);
    expect(figures.statuses).toEqual({
      created: { count: 1, cents: 500 },
      approved: { count: 1, cents: 2000 },
      captured: { count: 6, cents: 7500 },
      declined: { count: 1, cents: 500 },
      denied: { count: 1, cents: 2000 },
      refunded: { count: 2, cents: 4000 },
      reversed: { count: 1, cents: 2000 },
      expired: { count: 1, cents: 500 },
      needs_attention: { count: 2, cents: 4000 },
    });
  });

  it('lists the last 30 UTC days, oldest first and today last, days without payments included', async () => {
    const { days } = await summary();
    expect(days).toHaveLength(30);
    expect(days[0]!.date).toBe('2020-10-27');
    expect(days.at(-1)!.date).toBe('2020-11-25');
    const day = (date: string) => days.find((d) => d.date === date);
    expect(day('2020-11-25')).toEqual({ date: '2020-11-25', count: 2, grossCents: 2500, refundedCents: 2000, netCents: 500 });
    expect(day('2020-11-24')).toEqual({ date: '2020-11-24', count: 1, grossCents: 500, refundedCents: 2000, netCents: -1500 });
    expect(day('2020-11-23')).toEqual({ date: '2020-11-23', count: 1, grossCents: 2000, refundedCents: 0, netCents: 2000 });
    expect(day('2020-11-22')).toEqual({ date: '2020-11-22', count: 1, grossCents: 1000, refundedCents: 0, netCents: 1000 });
    expect(day('2020-11-01')).toEqual({ date: '2020-11-01', count: 1, grossCents: 2000, refundedCents: 0, netCents: 2000 });
    expect(day('2020-10-31')).toEqual({ date: '2020-10-31', count: 1, grossCents: 2000, refundedCents: 0, netCents: 2000 });
    expect(day('2020-11-10')).toEqual({ date: '2020-11-10', count: 0, grossCents: 0, refundedCents: 0, netCents: 0 });
    expect(days.reduce((sum, d) => sum + d.grossCents, 0)).toBe(10000);
  });

  it('moves the periods with the clock: Sunday is still this week, Monday starts the next, the 1st a new month', async () => {
    try {
      clock.set(at('2020-11-29T23:59:59.999Z'));
      let figures = await summary();
      expect(figures.periodStarts).toEqual({ today: '2020-11-29', week: '2020-11-23', month: '2020-11-01' });
      expect(figures.totals.today).toEqual(totals(0, 0, 0, 0));
      expect(figures.totals.week).toEqual(totals(4, 5000, 2, 4000));

      clock.set(at('2020-11-30T00:00:00Z'));
      figures = await summary();
      expect(figures.periodStarts).toEqual({ today: '2020-11-30', week: '2020-11-30', month: '2020-11-01' });
      expect(figures.totals.week).toEqual(totals(0, 0, 0, 0));
      expect(figures.totals.month).toEqual(totals(6, 8000, 2, 4000));

      clock.set(at('2020-12-01T00:00:00Z'));
      figures = await summary();
      expect(figures.periodStarts).toEqual({ today: '2020-12-01', week: '2020-11-30', month: '2020-12-01' });
      expect(figures.totals.month).toEqual(totals(0, 0, 0, 0));
      expect(figures.totals.allTime).toEqual(totals(8, 11500, 2, 4000));
      expect(figures.days[0]!.date).toBe('2020-11-02');
    } finally {
      clock.set(at('2020-11-25T10:00:00Z'));
    }
  });

  it('answers zeros, not nulls, when there are no payments in the currency', async () => {
    const before = await t.db.select().from(payments);
    await t.db.delete(payments);
    try {
      const figures = await summary();
      expect(figures.totals.allTime).toEqual(totals(0, 0, 0, 0));
      expect(figures.statuses.captured).toEqual({ count: 0, cents: 0 });
      expect(figures.days.every((d) => d.grossCents === 0)).toBe(true);
    } finally {
      await t.db.insert(payments).values(before);
    }
  });

  it('is for admins only: 401 logged out, 403 for a member', async () => {
    expect((await t.app.inject({ url: '/api/payments/summary' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/payments/summary', headers: member.headers })).statusCode).toBe(403);
  });
});
