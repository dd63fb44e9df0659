import { and, asc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type PageRequest, type RowPage, readPage } from '../db/paging';
import { playlistRequests, playlists, users } from '../db/schema';

/** All SQL of playlist requests (refreshes and community submissions). */

export async function findPlaylist(db: Db, id: number) {
  const [row] = await db
    .select({ id: playlists.id, remoteId: playlists.remoteId, provider: playlists.provider, type: playlists.type, name: playlists.name })
    .from(playlists)
    .where(eq(playlists.id, id))
    .limit(1);
  return row;
}

export interface RequestRow {
  id: number;
  playlistId: number | null;
  playlistName: string | null;
  remoteId: string;
  submittedBy: string;
  updatedAt: Date;
}

const requestColumns = {
  id: playlistRequests.id,
  playlistId: playlistRequests.playlistId,
  playlistName: playlists.name,
  remoteId: playlistRequests.remoteId,
  submittedBy: users.displayName,
  updatedAt: playlistRequests.updatedAt,
};

function selectRequests(db: Db) {
  return db
    .select(requestColumns)
    .from(playlistRequests)
    .innerJoin(users, eq(users.id, playlistRequests.userId))
    .leftJoin(playlists, eq(playlists.id, playlistRequests.playlistId));
}

/** The pending request for the same playlist (a refresh) or the same YouTube playlist (a submission). */
export async function findPending(db: Db, target: { playlistId: number } | { remoteId: string }): Promise<RequestRow | undefined> {
  const same =
    'playlistId' in target
      ? eq(playlistRequests.playlistId, target.playlistId)
      : and(isNull(playlistRequests.playlistId), eq(playlistRequests.remoteId, target.remoteId));
  const [row] = await selectRequests(db)
    .where(and(eq(playlistRequests.status, 'pending'), same))
    .limit(1);
  return row;
}

export async function insertRequest(db: Db, fields: { playlistId: number | null; remoteId: string; userId: number }): Promise<number> {
  const [row] = await db.insert(playlistRequests).values(fields).returning({ id: playlistRequests.id });
  return row!.id;
}

export async function findRequest(db: Db, id: number): Promise<RequestRow | undefined> {
  const [row] = await selectRequests(db).where(eq(playlistRequests.id, id)).limit(1);
  return row;
}

export type RequestType = 'submission' | 'refresh';

/** Pending requests, oldest first; optionally only submissions (no playlist yet) or only refreshes. */
export async function pendingPage(db: Db, paging: PageRequest, type?: RequestType): Promise<RowPage<RequestRow>> {
  const conditions: SQL[] = [eq(playlistRequests.status, 'pending')];
  if (type === 'submission') conditions.push(isNull(playlistRequests.playlistId));
  if (type === 'refresh') conditions.push(isNotNull(playlistRequests.playlistId));
  const where = and(...conditions);
  return readPage(
    paging,
    ({ limit, offset }) => selectRequests(db).where(where).orderBy(asc(playlistRequests.id)).limit(limit).offset(offset),
    async () => {
      const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(playlistRequests).where(where);
      return count?.n ?? 0;
    },
  );
}

export async function findPendingById(db: Db, id: number) {
  const [row] = await db
    .select({ id: playlistRequests.id, playlistId: playlistRequests.playlistId, remoteId: playlistRequests.remoteId })
    .from(playlistRequests)
    .where(and(eq(playlistRequests.id, id), eq(playlistRequests.status, 'pending')))
    .limit(1);
  return row;
}

/** Records the decision on a still-pending request; false when someone decided it meanwhile. */
export async function decide(
  db: Db,
  id: number,
  fields: { status: 'approved' | 'rejected'; adminId: number; result?: unknown; playlistId?: number },
): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(playlistRequests)
    .set({
      status: fields.status,
      decidedBy: fields.adminId,
      decidedAt: now,
      updatedAt: now,
      ...(fields.result !== undefined ? { result: fields.result } : {}),
      ...(fields.playlistId !== undefined ? { playlistId: fields.playlistId } : {}),
    })
    .where(and(eq(playlistRequests.id, id), eq(playlistRequests.status, 'pending')))
    .returning({ id: playlistRequests.id });
  return rows.length > 0;
}
