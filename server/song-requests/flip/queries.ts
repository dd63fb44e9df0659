import { desc, eq } from 'drizzle-orm';
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
 * The unique flip_request_id of both tables makes a second call add nothing: the first row stays.
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
  if (!inserted) return (await historyOfFlip(tx, request.id))!;
  await tx
    .insert(flipQueue)
    .values({ flipRequestId: request.id, songRequestId: inserted.id, state: 'queued', queuedAt: at, createdAt: at, updatedAt: at })
    .onConflictDoNothing({ target: flipQueue.flipRequestId });
  return inserted;
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
