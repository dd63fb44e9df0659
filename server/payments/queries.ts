import { and, asc, type Column, desc, eq, gt, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { OPEN_PAYMENT_STATUSES, type PaymentStatus } from '../../common/payments';
import type { Db } from '../db/client';
import { flipRequests, payments, sampleRequests } from '../db/schema';

/** All SQL of the payments module. */

export type PaymentRow = typeof payments.$inferSelect;
/** A transaction of `Db` (what `db.transaction` hands its callback) */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

/** needs_attention is live: money may have been taken, so no second order is made for the request. */
const LIVE_STATUSES = [...OPEN_PAYMENT_STATUSES, 'captured', 'needs_attention'] as const;
/** What the reconciliation job asks PayPal about (declined waits for the buyer's new approval, see reconcile.ts). */
const RECONCILED_STATUSES = ['created', 'approved', 'declined'] as const satisfies readonly PaymentStatus[];

export async function paymentByOrderId(db: Executor, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1);
  return row;
}

export async function paymentByCaptureId(db: Executor, captureId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.captureId, captureId)).limit(1);
  return row;
}

/** The request's open or captured payment, if any (at most one: payments_live_request_idx). */
export async function livePayment(db: Executor, kind: string, requestRef: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.kind, kind), eq(payments.requestRef, requestRef), inArray(payments.status, [...LIVE_STATUSES])))
    .limit(1);
  return row;
}

/** Inserts the order's row; answers undefined when a concurrent call stored the same order first. */
export async function insertPayment(db: Executor, row: typeof payments.$inferInsert): Promise<PaymentRow | undefined> {
  const [inserted] = await db.insert(payments).values(row).onConflictDoNothing().returning();
  return inserted;
}

/** The row, locked until the transaction ends: one settler or reverser at a time per payment. */
export async function lockPayment(tx: Tx, id: number): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

export async function updatePayment(
  db: Executor,
  id: number,
  fields: Partial<Pick<PaymentRow, 'status' | 'captureId' | 'capturedAt' | 'checkedAt' | 'declines'>>,
  now: Date,
): Promise<PaymentRow> {
  const [row] = await db
    .update(payments)
    .set({ ...fields, updatedAt: now })
    .where(eq(payments.id, id))
    .returning();
  return row!;
}

/** Counts a declined capture, unless one was counted already for that attempt. */
export async function recordDecline(db: Executor, id: number, attempt: number, now: Date): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'declined' satisfies PaymentStatus, declines: attempt + 1, updatedAt: now })
    .where(and(eq(payments.id, id), eq(payments.declines, attempt), inArray(payments.status, [...OPEN_PAYMENT_STATUSES])));
}

/** Marks an open order approved (the buyer approved, the capture is not done or is pending). */
export async function markApproved(db: Executor, id: number, now: Date): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'approved' satisfies PaymentStatus, updatedAt: now })
    .where(and(eq(payments.id, id), inArray(payments.status, ['created', 'declined'])));
}

/**
 * Open orders unchanged since `olderThan` that nobody asked PayPal about since then: approved ones
 * first (a buyer may have paid), then the ones asked about longest ago (never asked first), so
 * abandoned orders cannot starve paid ones.
 */
export async function stalePayments(db: Executor, olderThan: Date, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.status, [...RECONCILED_STATUSES]),
        lt(payments.updatedAt, olderThan),
        or(isNull(payments.checkedAt), lt(payments.checkedAt, olderThan)),
      ),
    )
    .orderBy(sql`(${payments.status} = 'approved') DESC`, sql`${payments.checkedAt} ASC NULLS FIRST`, asc(payments.id))
    .limit(limit);
}

/** Sets a status the job decided (expired, needs_attention) unless the payment moved on meanwhile. */
export async function markIfStill(db: Executor, id: number, from: PaymentStatus, status: PaymentStatus, now: Date): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status, updatedAt: now })
    .where(and(eq(payments.id, id), eq(payments.status, from)))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** Remembers that the reconciliation asked PayPal now (the payment's own updated_at is left alone). */
export async function markChecked(db: Executor, id: number, now: Date): Promise<void> {
  await db.update(payments).set({ checkedAt: now }).where(eq(payments.id, id));
}

/** A captured payment taken back: refunded, reversed (a chargeback) or denied after its capture. */
export const TAKEN_BACK_STATUSES = ['refunded', 'reversed', 'denied'] as const satisfies readonly PaymentStatus[];

/** How many payments of a kind, and their cents, on one UTC day (YYYY-MM-DD). */
export interface DayAmount {
  kind: string;
  day: string;
  count: number;
  cents: number;
}

/** The UTC day of a timestamp as text: no session time zone, and no driver's idea of a `date`. */
const utcDay = (column: Column): SQL<string> => sql<string>`to_char((${column} AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD')`;
const countAll = () => sql<number>`count(*)::int`.mapWith(Number);
// A sum of integers is a bigint, which node-postgres answers as text.
const sumCents = () => sql<number>`coalesce(sum(${payments.amountCents}), 0)::bigint`.mapWith(Number);

/**
 * Money in: payments ever captured, per kind and the UTC day of their capture. A payment refunded
 * since still counts here (its refund counts in `takenBackByDay`), so a day's gross never changes.
 */
export async function capturedByDay(db: Executor, currency: string): Promise<DayAmount[]> {
  const day = utcDay(payments.capturedAt);
  return db
    .select({ kind: payments.kind, day, count: countAll(), cents: sumCents() })
    .from(payments)
    .where(and(isNotNull(payments.capturedAt), eq(payments.currency, currency)))
    .groupBy(payments.kind, day);
}

/**
 * Money back: captured payments refunded, reversed or denied, per kind and the UTC day of that
 * change (updated_at: a closed payment is never updated again, see service.ts). Refunds of a
 * capture never settled here are left out, as its money never counted in.
 */
export async function takenBackByDay(db: Executor, currency: string): Promise<DayAmount[]> {
  const day = utcDay(payments.updatedAt);
  return db
    .select({ kind: payments.kind, day, count: countAll(), cents: sumCents() })
    .from(payments)
    .where(and(isNotNull(payments.capturedAt), inArray(payments.status, [...TAKEN_BACK_STATUSES]), eq(payments.currency, currency)))
    .groupBy(payments.kind, day);
}

/** Every payment by status, all time: how many and their cents. */
export async function paymentsByStatus(db: Executor, currency: string): Promise<{ status: string; count: number; cents: number }[]> {
  return db
    .select({ status: payments.status, count: countAll(), cents: sumCents() })
    .from(payments)
    .where(eq(payments.currency, currency))
    .groupBy(payments.status);
}

/** How many payments there are of each kind in each status, every currency (GET /metrics). */
export async function paymentsByKindAndStatus(db: Executor): Promise<{ kind: string; status: string; count: number }[]> {
  return db
    .select({ kind: payments.kind, status: payments.status, count: countAll() })
    .from(payments)
    .groupBy(payments.kind, payments.status);
}

export type ExportRow = PaymentRow & { buyer: string | null };

/** The request's row id when the payment is of that kind: request_ref is the id as text (paid-kind.ts), cast only when it is one. */
const requestIdOf = (kind: string) =>
  sql`CASE WHEN ${payments.kind} = ${kind} AND ${payments.requestRef} ~ '^[0-9]{1,9}$' THEN ${payments.requestRef}::int END`;

/**
 * One page of every payment, by id after `afterId` (keyset paging: each row once, however long the
 * export runs), with the buyer's name as the paid request stored it (the nickname, or the user's
 * display name). The sample's audio is not read.
 */
export async function paymentsAfter(db: Executor, afterId: number, limit: number): Promise<ExportRow[]> {
  const rows = await db
    .select({ payment: payments, flipBuyer: flipRequests.username, sampleBuyer: sampleRequests.username })
    .from(payments)
    .leftJoin(flipRequests, eq(flipRequests.id, requestIdOf('flip')))
    .leftJoin(sampleRequests, eq(sampleRequests.id, requestIdOf('sample')))
    .where(gt(payments.id, afterId))
    .orderBy(asc(payments.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.payment, buyer: row.flipBuyer ?? row.sampleBuyer }));
}

/** The newest payment of a request, whatever its status: a refund looks here for a capture paid back already. */
export async function latestPayment(db: Executor, kind: string, requestRef: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.kind, kind), eq(payments.requestRef, requestRef)))
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}
