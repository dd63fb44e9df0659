import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flipQueue, flipRequests, songRequests } from '../../db/schema';
import type { Tx } from '../../payments';

/** All SQL of flip requests: the pending requests, and the queue and history rows a payment writes. */

/** The database, or the transaction of a payment's settlement. */
type Executor = Db | Tx;

export type FlipRequestRow = typeof flipRequests.$inferSelect;
export type NewFlipRequest = typeof flipRequests.$inferInsert;
export type HistoryRow = typeof songRequests.$inferSelect;

/** What a payment makes of a flip: queued, held for approval, or rejected by a limit reached since VERIFY (refunded next). */
export type PaidFlipState = 'held' | 'queued' | 'rejected';

export async function insertFlipRequest(db: Executor, values: NewFlipRequest): Promise<FlipRequestRow> {
  const [row] = await db.insert(flipRequests).values(values).returning();
  return row!;
}

export async function flipRequestBySid(db: Executor, sid: string): Promise<FlipRequestRow | undefined> {
  const [row] = await db.select().from(flipRequests).where(eq(flipRequests.sid, sid)).limit(1);
  return row;
}

export async function flipRequestById(db: Executor, id: number): Promise<FlipRequestRow | undefined> {
  const [row] = await db.select().from(flipRequests).where(eq(flipRequests.id, id)).limit(1);
  return row;
}

/** Every request of a video in the history, newest first. */
export function historyOfVideo(db: Executor, videoId: string): Promise<HistoryRow[]> {
  return db
    .select()
    .from(songRequests)
    .where(eq(songRequests.videoId, videoId))
    .orderBy(desc(songRequests.createdAt), desc(songRequests.id));
}

export async function historyOfFlip(db: Executor, flipRequestId: number): Promise<HistoryRow | undefined> {
  const [row] = await db.select().from(songRequests).where(eq(songRequests.flipRequestId, flipRequestId)).limit(1);
  return row;
}

/**
 * The paid request enters the history and the queue (queued, or held for an admin's approval:
 * held rows are not in the queue the queue reads), inside the payment's transaction. settle calls
 * this once per payment, so a history row already there means a second payment for the same
 * request (create refuses a paid request; this is the net under it). A refunded request paid again
 * comes back (at the end of the queue), so the money taken is served; a request that is still open
 * or played refuses the payment loudly (the throw leaves the payment unsettled, flagged by the job).
 * Answers the history row and the state it had before (null: new).
 */
export async function enqueuePaidFlip(
  tx: Executor,
  request: FlipRequestRow,
  at: Date,
  state: PaidFlipState,
): Promise<{ history: HistoryRow; previous: string | null }> {
  const [inserted] = await tx
    .insert(songRequests)
    .values({
      videoId: request.videoId,
      title: request.title,
      username: request.username,
      flipRequestId: request.id,
      state,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing({ target: songRequests.flipRequestId })
    .returning();
  if (!inserted) return { history: await requeueRefunded(tx, request, at, state), previous: 'refunded' };
  await tx
    .insert(flipQueue)
    .values({ flipRequestId: request.id, songRequestId: inserted.id, state, queuedAt: at, createdAt: at, updatedAt: at })
    .onConflictDoNothing({ target: flipQueue.flipRequestId });
  return { history: inserted, previous: null };
}

/** A second payment of a refunded request: back in the queue (at the end); anything else is refused. */
async function requeueRefunded(tx: Executor, request: FlipRequestRow, at: Date, state: PaidFlipState): Promise<HistoryRow> {
  const [history] = await tx
    .update(songRequests)
    .set({ state, rejectReason: null, rejectReasonPublic: false, refundError: null, updatedAt: at })
    .where(and(eq(songRequests.flipRequestId, request.id), eq(songRequests.state, 'refunded')))
    .returning();
  if (!history) throw new Error(`Flip request ${request.id} is paid already: a second payment was refused`);
  await tx.update(flipQueue).set({ state, queuedAt: at, updatedAt: at }).where(eq(flipQueue.flipRequestId, request.id));
  return history;
}

/** The queue row leaves the queue (rejected, refunded) or joins it (approved: at the end, from now). */
export async function setFlipQueueState(
  tx: Executor,
  songRequestId: number,
  state: 'queued' | 'rejected' | 'refunded',
  at: Date,
): Promise<void> {
  const set = state === 'queued' ? { state, queuedAt: at, updatedAt: at } : { state, updatedAt: at };
  await tx.update(flipQueue).set(set).where(eq(flipQueue.songRequestId, songRequestId));
}

/** The queue row of a flip request, for tests and the queue screen to come. */
export async function queueRowOfFlip(db: Executor, flipRequestId: number) {
  const [row] = await db.select().from(flipQueue).where(eq(flipQueue.flipRequestId, flipRequestId)).limit(1);
  return row;
}
