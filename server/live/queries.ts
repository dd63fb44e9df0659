import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { liveStatus } from '../db/schema';

/** All SQL of the live indicator: the one stored status row (id 1). */

export type LiveRow = typeof liveStatus.$inferSelect;
export type LiveCheck = Omit<typeof liveStatus.$inferInsert, 'id'>;

export async function readLiveStatus(db: Db): Promise<LiveRow | undefined> {
  const [row] = await db.select().from(liveStatus).where(eq(liveStatus.id, 1)).limit(1);
  return row;
}

export async function storeLiveStatus(db: Db, check: LiveCheck): Promise<void> {
  await db
    .insert(liveStatus)
    .values({ id: 1, ...check })
    .onConflictDoUpdate({ target: liveStatus.id, set: check });
}
