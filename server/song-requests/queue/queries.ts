import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flipQueue, queueState, songRequests } from '../../db/schema';
import type { Tx } from '../../payments';

/**
 * All SQL of the flip queue. Every write runs in a transaction that first takes the queue_state
 * row's lock (`lockQueue`): the queue has one writer at a time on every instance, so two NEXTs
 * pressed at once run one after the other, the second seeing the first's result, and writers
 * always take their locks in the same order (queue first, then queue rows: no deadlock with a
 * refund that changes a row).
 */

type Executor = Db | Tx;

export interface QueueRow {
  id: number;
  songRequestId: number;
  videoId: string;
  title: string;
  username: string;
  state: string;
}

/** The one queue_state row. */
const THE_QUEUE = 1;

/** Takes the queue's lock for this transaction (creating the row on first use); answers its version. */
export async function lockQueue(tx: Tx): Promise<number> {
  const [row] = await tx
    .insert(queueState)
    .values({ id: THE_QUEUE, version: 0 })
    // A no-op update: it exists for the row lock it takes, which a plain read would not.
    .onConflictDoUpdate({ target: queueState.id, set: { version: sql`${queueState.version}` } })
    .returning({ version: queueState.version });
  return row!.version;
}

/** The next version, inside the transaction that changed the queue (which holds the lock). */
export async function bumpVersion(tx: Tx, at: Date): Promise<number> {
  const [row] = await tx
    .update(queueState)
    .set({ version: sql`${queueState.version} + 1`, updatedAt: at })
    .where(eq(queueState.id, THE_QUEUE))
    .returning({ version: queueState.version });
  return row!.version;
}

/** What is playing, then the queued items oldest first; the history row holds the (correctable) names. */
export function readQueue(db: Executor): Promise<QueueRow[]> {
  return db
    .select({
      id: flipQueue.id,
      songRequestId: flipQueue.songRequestId,
      videoId: songRequests.videoId,
      title: songRequests.title,
      username: songRequests.username,
      state: flipQueue.state,
    })
    .from(flipQueue)
    .innerJoin(songRequests, eq(songRequests.id, flipQueue.songRequestId))
    .where(inArray(flipQueue.state, ['playing', 'queued']))
    .orderBy(sql`${flipQueue.state} = 'playing' DESC`, asc(flipQueue.queuedAt), asc(flipQueue.id));
}

/** The queued entry to play next: `id`'s (if still queued) or the oldest; locked until commit. */
export async function lockNextQueued(tx: Tx, id: number | undefined): Promise<{ id: number; songRequestId: number } | undefined> {
  const [row] = await tx
    .select({ id: flipQueue.id, songRequestId: flipQueue.songRequestId })
    .from(flipQueue)
    .where(id === undefined ? eq(flipQueue.state, 'queued') : and(eq(flipQueue.id, id), eq(flipQueue.state, 'queued')))
    .orderBy(asc(flipQueue.queuedAt), asc(flipQueue.id))
    .limit(1)
    .for('update');
  return row;
}

/** Whatever is playing has been played; answers the history rows of those entries (the lifecycle moves them). */
export async function finishPlaying(tx: Tx, at: Date): Promise<number[]> {
  const done = await tx
    .update(flipQueue)
    .set({ state: 'played', updatedAt: at })
    .where(eq(flipQueue.state, 'playing'))
    .returning({ songRequestId: flipQueue.songRequestId });
  return done.map((row) => row.songRequestId);
}

/** A queued entry starts playing (its history row is the lifecycle's to move). */
export async function startPlaying(tx: Tx, entry: { id: number }, at: Date): Promise<void> {
  await tx.update(flipQueue).set({ state: 'playing', updatedAt: at }).where(eq(flipQueue.id, entry.id));
}

/** The queue's current version (0 before its first change). */
export async function queueVersion(db: Executor): Promise<number> {
  const [row] = await db.select({ version: queueState.version }).from(queueState).where(eq(queueState.id, THE_QUEUE));
  return row?.version ?? 0;
}
