import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { discordOutbox } from '../db/schema';

/** All SQL of the notifications outbox (discord_outbox). */

/** The caller's transaction (or the database): a post is written with the news it tells. */
export type Executor = Pick<Db, 'insert' | 'execute'>;
export type OutboxRow = typeof discordOutbox.$inferSelect;

/** Writes the post once per request and event; answers whether this call wrote it. */
export async function insertNotice(
  executor: Executor,
  row: { songRequestId: number; event: string; body: unknown; at: Date },
): Promise<boolean> {
  const inserted = await executor
    .insert(discordOutbox)
    .values({
      songRequestId: row.songRequestId,
      event: row.event,
      body: row.body,
      // The app's clock, not the database's: a due time is compared with it.
      nextAttemptAt: row.at,
      createdAt: row.at,
      updatedAt: row.at,
    })
    .onConflictDoNothing()
    .returning({ id: discordOutbox.id });
  return inserted.length > 0;
}

/** Posts due at `now`, neither sent nor given up, oldest first, after `afterId` (one pass visits each once). */
export function duePosts(db: Db, now: Date, afterId: number, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(discordOutbox)
    .where(
      and(
        isNull(discordOutbox.sentAt),
        isNull(discordOutbox.failedAt),
        lte(discordOutbox.nextAttemptAt, now),
        gt(discordOutbox.id, afterId),
      ),
    )
    .orderBy(asc(discordOutbox.id))
    .limit(limit);
}

const stillPending = (id: number) => and(eq(discordOutbox.id, id), isNull(discordOutbox.sentAt), isNull(discordOutbox.failedAt));

export async function markSent(db: Db, id: number, at: Date): Promise<void> {
  await db
    .update(discordOutbox)
    .set({ sentAt: at, attempts: sql`${discordOutbox.attempts} + 1`, lastError: null, updatedAt: at })
    .where(stillPending(id));
}

export async function markRetry(db: Db, id: number, fields: { nextAttemptAt: Date; error: string; at: Date }): Promise<void> {
  await db
    .update(discordOutbox)
    .set({
      attempts: sql`${discordOutbox.attempts} + 1`,
      nextAttemptAt: fields.nextAttemptAt,
      lastError: fields.error,
      updatedAt: fields.at,
    })
    .where(stillPending(id));
}

export async function markFailed(db: Db, id: number, fields: { error: string; at: Date }): Promise<void> {
  await db
    .update(discordOutbox)
    .set({ attempts: sql`${discordOutbox.attempts} + 1`, failedAt: fields.at, lastError: fields.error, updatedAt: fields.at })
    .where(stillPending(id));
}
