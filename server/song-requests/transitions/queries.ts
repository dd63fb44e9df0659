import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { RequestState } from '../../../common/request-states';
import type { Db } from '../../db/client';
import { liveStatus, songRequests, songRequestTransitions } from '../../db/schema';
import type { Tx } from '../../payments';

/** All SQL of the lifecycle's audit trail: a history row's state, locked, and the transitions it went through. */

type Executor = Db | Tx;

export type TransitionRow = typeof songRequestTransitions.$inferSelect;

/** The history row's state, locked until the transaction ends: one change at a time per request. */
export async function lockState(tx: Tx, id: number): Promise<RequestState | undefined> {
  const [row] = await tx.select({ state: songRequests.state }).from(songRequests).where(eq(songRequests.id, id)).for('update');
  return row?.state as RequestState | undefined;
}

export async function setState(tx: Tx, id: number, state: RequestState, at: Date): Promise<void> {
  await tx.update(songRequests).set({ state, updatedAt: at }).where(eq(songRequests.id, id));
}

export async function insertTransition(tx: Tx, values: typeof songRequestTransitions.$inferInsert): Promise<void> {
  await tx.insert(songRequestTransitions).values(values);
}

/** Every change of a request, oldest first: its timeline. */
export function transitionsOf(db: Executor, songRequestId: number): Promise<TransitionRow[]> {
  return db
    .select()
    .from(songRequestTransitions)
    .where(eq(songRequestTransitions.songRequestId, songRequestId))
    .orderBy(asc(songRequestTransitions.id));
}

export async function setRejection(tx: Tx, id: number, reason: string | null, isPublic: boolean): Promise<void> {
  await tx.update(songRequests).set({ rejectReason: reason, rejectReasonPublic: isPublic }).where(eq(songRequests.id, id));
}

/**
 * The request's first play: when, and the live stream's start if the streamer was live then (the
 * live indicator's row), so its receipt can later point into that stream's recording. A replay or a
 * later move keeps the first.
 */
export async function setFirstPlay(tx: Tx, id: number, at: Date): Promise<void> {
  const liveSince = tx
    .select({ startedAt: liveStatus.startedAt })
    .from(liveStatus)
    .where(and(eq(liveStatus.id, 1), eq(liveStatus.live, true)));
  await tx
    .update(songRequests)
    .set({ playedAt: at, liveStartedAt: sql`(${liveSince})` })
    .where(and(eq(songRequests.id, id), isNull(songRequests.playedAt)));
}
