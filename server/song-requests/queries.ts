import { and, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { HistoryQuery, RequestEdit } from '../../common/requests';
import type { Db } from '../db/client';
import { containsText } from '../db/like';
import { type RowPage, readPage } from '../db/paging';
import { media, requestFeatures, songRequests, streams } from '../db/schema';

/** All SQL of song requests: the history (list, one, an admin's correction) and the features' on/off flags. */

export type HistoryRow = typeof songRequests.$inferSelect;

function conditions(query: HistoryQuery): SQL | undefined {
  const where: SQL[] = [];
  if (query.mediaId !== undefined) where.push(eq(songRequests.mediaId, query.mediaId));
  if (query.title) where.push(containsText(songRequests.title, query.title));
  if (query.username) where.push(containsText(songRequests.username, query.username));
  return where.length > 0 ? and(...where) : undefined;
}

/** Newest first, filtered by song, title words or requester. */
export async function historyPage(db: Db, query: HistoryQuery): Promise<RowPage<HistoryRow>> {
  const where = conditions(query);
  return readPage(
    query,
    ({ limit, offset }) =>
      db.select().from(songRequests).where(where).orderBy(desc(songRequests.createdAt), desc(songRequests.id)).limit(limit).offset(offset),
    () => db.$count(songRequests, where),
  );
}

export async function findHistoryRow(db: Db, id: number): Promise<HistoryRow | undefined> {
  const [row] = await db.select().from(songRequests).where(eq(songRequests.id, id)).limit(1);
  return row;
}

export async function songExists(db: Db, id: number): Promise<boolean> {
  const [song] = await db.select({ id: media.id }).from(media).where(eq(media.id, id)).limit(1);
  return song !== undefined;
}

export async function updateHistoryRow(db: Db, id: number, change: RequestEdit): Promise<HistoryRow | undefined> {
  const [row] = await db
    .update(songRequests)
    .set({ username: change.username, mediaId: change.mediaId, updatedAt: new Date() })
    .where(eq(songRequests.id, id))
    .returning();
  return row;
}

export interface RecordingRow {
  id: number;
  provider: string;
  remoteId: string;
  uploadedAt: Date;
  duration: number;
}

/** The stream recordings (Twitch VODs, YouTube) that began between `from` and `to`: where played requests may be found. */
export function recordingsBetween(db: Db, from: Date, to: Date): Promise<RecordingRow[]> {
  return db
    .select({
      id: streams.id,
      provider: streams.provider,
      remoteId: streams.remoteId,
      uploadedAt: streams.uploadedAt,
      duration: streams.duration,
    })
    .from(streams)
    .where(
      and(
        inArray(streams.provider, ['twitch', 'youtube']),
        eq(streams.unavailable, false),
        gte(streams.uploadedAt, from),
        lte(streams.uploadedAt, to),
      ),
    );
}

/** A request feature's stored flag; undefined when no admin has set it yet. */
export async function featureFlag(db: Db, feature: string): Promise<boolean | undefined> {
  const [row] = await db.select({ enabled: requestFeatures.enabled }).from(requestFeatures).where(eq(requestFeatures.name, feature));
  return row?.enabled;
}

/** Flips the flag in one statement, so two admins toggling at once make two changes, not one; `first` when there was none. */
export async function toggleFeatureFlag(db: Db, feature: string, first: boolean): Promise<boolean> {
  const [row] = await db
    .insert(requestFeatures)
    .values({ name: feature, enabled: first })
    .onConflictDoUpdate({
      target: requestFeatures.name,
      set: { enabled: sql`NOT ${requestFeatures.enabled}`, updatedAt: sql`now()` },
    })
    .returning({ enabled: requestFeatures.enabled });
  return row!.enabled;
}
