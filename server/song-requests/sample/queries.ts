import { and, desc, eq, getTableColumns, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments, sampleRequests, songRequests } from '../../db/schema';
import type { Tx } from '../../payments';

/** All SQL of sample requests: the pending recordings, and the history row a payment writes. */

type Executor = Db | Tx;

export type SampleRequestRow = typeof sampleRequests.$inferSelect;
export type NewSampleRequest = typeof sampleRequests.$inferInsert;
export type HistoryRow = typeof songRequests.$inferSelect;

/** Every column but the audio: what most reads need. */
const { audio: _audio, ...withoutAudio } = getTableColumns(sampleRequests);
export type SampleRequestInfo = Omit<SampleRequestRow, 'audio'>;

export async function insertSampleRequest(db: Executor, values: NewSampleRequest): Promise<SampleRequestInfo> {
  const [row] = await db.insert(sampleRequests).values(values).returning(withoutAudio);
  return row!;
}

export async function sampleRequestBySid(db: Executor, sid: string): Promise<SampleRequestInfo | undefined> {
  const [row] = await db.select(withoutAudio).from(sampleRequests).where(eq(sampleRequests.sid, sid)).limit(1);
  return row;
}

export async function sampleRequestById(db: Executor, id: number): Promise<SampleRequestInfo | undefined> {
  const [row] = await db.select(withoutAudio).from(sampleRequests).where(eq(sampleRequests.id, id)).limit(1);
  return row;
}

export async function sampleAudio(db: Executor, id: number): Promise<{ audio: Buffer; mimeType: string } | undefined> {
  const [row] = await db
    .select({ audio: sampleRequests.audio, mimeType: sampleRequests.mimeType })
    .from(sampleRequests)
    .where(eq(sampleRequests.id, id))
    .limit(1);
  return row;
}

export async function historyOfSample(db: Executor, sampleRequestId: number): Promise<HistoryRow | undefined> {
  const [row] = await db.select().from(songRequests).where(eq(songRequests.sampleRequestId, sampleRequestId)).limit(1);
  return row;
}

export async function historyItem(db: Executor, id: number): Promise<HistoryRow | undefined> {
  const [row] = await db.select().from(songRequests).where(eq(songRequests.id, id)).limit(1);
  return row;
}

/**
 * The paid sample enters the history, inside the payment's transaction: `queued` for the sample
 * player (the sample `paid`), `held` for an admin's approval, or `rejected` by a limit reached since
 * VERIFY (refunded next). The unique sample_request_id of
 * the history makes a second call add nothing. Answers the new history row's id, or undefined when
 * it was there already.
 */
export async function markSamplePaid(
  tx: Executor,
  request: SampleRequestInfo,
  title: string,
  at: Date,
  state: 'held' | 'queued' | 'rejected',
): Promise<number | undefined> {
  const [inserted] = await tx
    .insert(songRequests)
    .values({
      videoId: '',
      title,
      username: request.username,
      sampleRequestId: request.id,
      state,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing({ target: songRequests.sampleRequestId })
    .returning({ id: songRequests.id });
  if (!inserted) return undefined;
  await setSampleState(tx, request.id, state === 'queued' ? 'paid' : state, at);
  return inserted.id;
}

/**
 * Where the sample stands for its player, which plays only `paid` ones: released (paid without
 * approval, or approved; `paidAt` is that moment, so the player's catch-up sees it as new), held
 * for an admin, or out of its reach (rejected, refunded).
 */
export async function setSampleState(tx: Executor, id: number, state: 'held' | 'paid' | 'rejected' | 'refunded', at: Date): Promise<void> {
  const set = state === 'paid' ? { state, paidAt: at, updatedAt: at } : { state, updatedAt: at };
  await tx.update(sampleRequests).set(set).where(eq(sampleRequests.id, id));
}

/** One more replay of a paid sample; answers the new count (the event's version). */
export async function countReplay(db: Executor, id: number, at: Date): Promise<number> {
  const [row] = await db
    .update(sampleRequests)
    .set({ replays: sql`${sampleRequests.replays} + 1`, replayedAt: at, updatedAt: at })
    .where(eq(sampleRequests.id, id))
    .returning({ replays: sampleRequests.replays });
  return row!.replays;
}

/**
 * Unpaid recordings expired before `before` are deleted, unless a payment of theirs is still open or
 * done (an order made before expiry may still be captured; a paid sample is never deleted).
 */
export async function deleteExpiredUnpaid(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(sampleRequests)
    .where(
      and(
        eq(sampleRequests.state, 'pending'),
        lt(sampleRequests.expiresAt, before),
        notExists(
          db
            .select({ one: sql`1` })
            .from(payments)
            .where(
              and(
                eq(payments.kind, 'sample'),
                eq(payments.requestRef, sql`${sampleRequests.id}::text`),
                inArray(payments.status, ['created', 'approved', 'declined', 'captured']),
              ),
            ),
        ),
      ),
    )
    .returning({ id: sampleRequests.id });
  return rows.length;
}

/** The paid samples most recently paid for or replayed, newest first: what the sample player catches up on. */
export function recentlyPlayedSamples(db: Executor, limit: number) {
  const last = sql`greatest(${sampleRequests.paidAt}, coalesce(${sampleRequests.replayedAt}, ${sampleRequests.paidAt}))`;
  return db
    .select({
      id: sampleRequests.id,
      username: sampleRequests.username,
      paidAt: sampleRequests.paidAt,
      replays: sampleRequests.replays,
      replayedAt: sampleRequests.replayedAt,
    })
    .from(sampleRequests)
    .where(eq(sampleRequests.state, 'paid'))
    .orderBy(desc(last), desc(sampleRequests.id))
    .limit(limit);
}
