import { and, asc, eq, or } from 'drizzle-orm';
import type { BlocklistKind } from '../../../common/blocklist';
import type { Db } from '../../db/client';
import { requestBlocklist, users } from '../../db/schema';

export function listBlocklist(db: Db) {
  return db
    .select({
      id: requestBlocklist.id,
      kind: requestBlocklist.kind,
      value: requestBlocklist.value,
      addedBy: users.displayName,
      createdAt: requestBlocklist.createdAt,
    })
    .from(requestBlocklist)
    .leftJoin(users, eq(users.id, requestBlocklist.addedBy))
    .orderBy(asc(requestBlocklist.kind), asc(requestBlocklist.value));
}
export type BlocklistRow = Awaited<ReturnType<typeof listBlocklist>>[number];

/** Adds the entry once: a second add of the same kind and value changes nothing and answers the first. */
export async function addToBlocklist(db: Db, entry: { kind: BlocklistKind; value: string; addedBy: number; at: Date }): Promise<number> {
  const [inserted] = await db
    .insert(requestBlocklist)
    .values({ kind: entry.kind, value: entry.value, addedBy: entry.addedBy, createdAt: entry.at })
    .onConflictDoNothing()
    .returning({ id: requestBlocklist.id });
  if (inserted) return inserted.id;
  const [existing] = await db
    .select({ id: requestBlocklist.id })
    .from(requestBlocklist)
    .where(and(eq(requestBlocklist.kind, entry.kind), eq(requestBlocklist.value, entry.value)));
  return existing!.id;
}

export async function removeFromBlocklist(db: Db, id: number): Promise<boolean> {
  const removed = await db.delete(requestBlocklist).where(eq(requestBlocklist.id, id)).returning({ id: requestBlocklist.id });
  return removed.length > 0;
}

/** Whether the video, or its channel, is on the list. */
export async function isBlocked(db: Db, videoId: string, channelId: string): Promise<boolean> {
  const [hit] = await db
    .select({ id: requestBlocklist.id })
    .from(requestBlocklist)
    .where(
      or(
        and(eq(requestBlocklist.kind, 'video'), eq(requestBlocklist.value, videoId)),
        and(eq(requestBlocklist.kind, 'channel'), eq(requestBlocklist.value, channelId)),
      ),
    )
    .limit(1);
  return hit !== undefined;
}
