import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { REFUNDING_STATES } from '../../../common/request-states';
import type { Db } from '../../db/client';
import { flipRequests, sampleRequests, songRequests } from '../../db/schema';
import type { Tx } from '../../payments';

/** All SQL of the control room: held requests, the ones whose refund needs another try, a rejection's words. */

type Executor = Db | Tx;

/** What a decision needs of a history row: which kind of paid request it is, and which one. */
export interface RequestRef {
  id: number;
  state: string;
  flipRequestId: number | null;
  sampleRequestId: number | null;
  refundError: string | null;
}

const refColumns = {
  id: songRequests.id,
  state: songRequests.state,
  flipRequestId: songRequests.flipRequestId,
  sampleRequestId: songRequests.sampleRequestId,
  refundError: songRequests.refundError,
};

export async function requestRef(db: Executor, id: number): Promise<RequestRef | undefined> {
  const [row] = await db.select(refColumns).from(songRequests).where(eq(songRequests.id, id)).limit(1);
  return row;
}

/** Held requests, oldest first, with what their buyer paid (stored with the flip or sample request). */
export function heldRequests(db: Executor) {
  return db
    .select({
      id: songRequests.id,
      title: songRequests.title,
      videoId: songRequests.videoId,
      username: songRequests.username,
      createdAt: songRequests.createdAt,
      flipRequestId: songRequests.flipRequestId,
      sampleRequestId: songRequests.sampleRequestId,
      flipAmountCents: flipRequests.amountCents,
      flipCurrency: flipRequests.currency,
      sampleAmountCents: sampleRequests.amountCents,
      sampleCurrency: sampleRequests.currency,
    })
    .from(songRequests)
    .leftJoin(flipRequests, eq(flipRequests.id, songRequests.flipRequestId))
    .leftJoin(sampleRequests, eq(sampleRequests.id, songRequests.sampleRequestId))
    .where(eq(songRequests.state, 'held'))
    .orderBy(asc(songRequests.createdAt), asc(songRequests.id));
}
export type HeldRow = Awaited<ReturnType<typeof heldRequests>>[number];

/** Rejected requests not paid back yet (a refund pending or refused), oldest change first. */
export function refundingRequests(db: Executor, changedBefore?: Date, limit = 100) {
  const where = changedBefore
    ? and(inArray(songRequests.state, [...REFUNDING_STATES]), lt(songRequests.updatedAt, changedBefore))
    : inArray(songRequests.state, [...REFUNDING_STATES]);
  return db
    .select({ ...refColumns, title: songRequests.title, username: songRequests.username, updatedAt: songRequests.updatedAt })
    .from(songRequests)
    .where(where)
    .orderBy(asc(songRequests.updatedAt), asc(songRequests.id))
    .limit(limit);
}
export type RefundingRow = Awaited<ReturnType<typeof refundingRequests>>[number];

/** PayPal's answer to the last failed refund (null once it went through); `updated_at` spaces the retries. */
export async function setRefundError(db: Executor, id: number, message: string | null, at: Date): Promise<void> {
  await db.update(songRequests).set({ refundError: message, updatedAt: at }).where(eq(songRequests.id, id));
}
