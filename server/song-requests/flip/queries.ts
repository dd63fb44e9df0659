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

export const QUEUE_STATES = ['queued', 'playing', 'played', 'refunded'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

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
 * The paid request enters the history and the queue (as queued), inside the payment's transaction.
 * settle calls this once per payment, so a history row already there means a second payment for
 * the same request (create refuses a paid request; this is the net under it). A refunded request
 * paid again is queued again, so the money taken is served; a request that is still queued or
 * played refuses the payment loudly (the throw leaves the payment unsettled, flagged by the job).
 */
export async function enqueuePaidFlip(tx: Executor, request: FlipRequestRow, at: Date): Promise<HistoryRow> {
  const [inserted] = await tx
    .insert(songRequests)
    .values({
      videoId: request.videoId,
      title: request.title,
      username: request.username,
      flipRequestId: request.id,
      state: 'queued',
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing({ target: songRequests.flipRequestId })
    .returning();
  if (!inserted) return requeueRefunded(tx, request, at);
  await tx
    .insert(flipQueue)
    .values({ flipRequestId: request.id, songRequestId: inserted.id, state: 'queued', queuedAt: at, createdAt: at, updatedAt: at })
    .onConflictDoNothing({ target: flipQueue.flipRequestId });
  return inserted;
}

/** A second payment of a refunded request: back in the queue (at the end); anything else is refused. */
async function requeueRefunded(tx: Executor, request: FlipRequestRow, at: Date): Promise<HistoryRow> {
  const [history] = await tx
    .update(songRequests)
    .set({ state: 'queued', updatedAt: at })
    .where(and(eq(songRequests.flipRequestId, request.id), eq(songRequests.state, 'refunded')))
    .returning();
  if (!history) throw new Error(`Flip request ${request.id} is paid already: a second payment was refused`);
  await tx.update(flipQueue).set({ state: 'queued', queuedAt: at, updatedAt: at }).where(eq(flipQueue.flipRequestId, request.id));
  return history;
}

/** A payment paid back or reversed: out of the queue; the history keeps the request, marked refunded. */
export async function refundFlip(tx: Executor, flipRequestId: number, at: Date): Promise<void> {
  await tx.update(flipQueue).set({ state: 'refunded', updatedAt: at }).where(eq(flipQueue.flipRequestId, flipRequestId));
  await tx.update(songRequests).set({ state: 'refunded', updatedAt: at }).where(eq(songRequests.flipRequestId, flipRequestId));
}

/** The queue row of a flip request, for tests and the queue screen to come. */
export async function queueRowOfFlip(db: Executor, flipRequestId: number) {
  const [row] = await db.select().from(flipQueue).where(eq(flipQueue.flipRequestId, flipRequestId)).limit(1);
  return row;
}
