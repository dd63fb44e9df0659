import { and, asc, eq, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
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

/** The catalogued YouTube playlist with this id at YouTube, if any. */
export async function findYouTubePlaylist(db: Db, remoteId: string) {
  const [row] = await db
    .select({ id: playlists.id, type: playlists.type, name: playlists.name })
    .from(playlists)
    .where(and(eq(playlists.provider, 'youtube'), eq(playlists.remoteId, remoteId)))
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

/**
 * A request is open while pending or importing (an admin's approval runs the import). An import
 * claim older than this is taken for a crashed one: the request can be approved or rejected again.
 */
const IMPORT_CLAIM_MINUTES = 10;
const open = inArray(playlistRequests.status, ['pending', 'importing']);
/** Pending, or claimed by an import that has not finished in IMPORT_CLAIM_MINUTES. */
const claimable = or(
  eq(playlistRequests.status, 'pending'),
  and(
    eq(playlistRequests.status, 'importing'),
    lt(playlistRequests.updatedAt, sql`now() - make_interval(mins => ${IMPORT_CLAIM_MINUTES})`),
  ),
);

/** The open request for the same playlist (a refresh) or the same YouTube playlist (a submission). */
export async function findPending(db: Db, target: { playlistId: number } | { remoteId: string }): Promise<RequestRow | undefined> {
  const same =
    'playlistId' in target
      ? eq(playlistRequests.playlistId, target.playlistId)
      : and(isNull(playlistRequests.playlistId), eq(playlistRequests.remoteId, target.remoteId));
  const [row] = await selectRequests(db).where(and(open, same)).limit(1);
  return row;
}

/** A new pending request; undefined when an open one for the same target exists (the unique indexes say so). */
export async function insertRequest(
  db: Db,
  fields: { playlistId: number | null; remoteId: string; userId: number },
): Promise<number | undefined> {
  const [row] = await db.insert(playlistRequests).values(fields).onConflictDoNothing().returning({ id: playlistRequests.id });
  return row?.id;
}

export async function findRequest(db: Db, id: number): Promise<RequestRow | undefined> {
  const [row] = await selectRequests(db).where(eq(playlistRequests.id, id)).limit(1);
  return row;
}

export type RequestType = 'submission' | 'refresh';

/** Pending requests, oldest first; optionally only submissions (no playlist yet) or only refreshes. */
export async function pendingPage(db: Db, paging: PageRequest, type?: RequestType): Promise<RowPage<RequestRow>> {
  const conditions: SQL[] = [open];
  if (type === 'submission') conditions.push(isNull(playlistRequests.playlistId));
  if (type === 'refresh') conditions.push(isNotNull(playlistRequests.playlistId));
  const where = and(...conditions);
  return readPage(
    paging,
    ({ limit, offset }) => selectRequests(db).where(where).orderBy(asc(playlistRequests.id)).limit(limit).offset(offset),
    () => db.$count(playlistRequests, where),
  );
}

/**
 * Takes a request for its import, atomically: of two admins approving at once, one gets the request
 * and the other nothing (and imports nothing).
 */
export async function claimForImport(db: Db, id: number, adminId: number) {
  const [row] = await db
    .update(playlistRequests)
    .set({ status: 'importing', decidedBy: adminId, updatedAt: sql`now()` })
    .where(and(eq(playlistRequests.id, id), claimable))
    .returning({ id: playlistRequests.id, playlistId: playlistRequests.playlistId, remoteId: playlistRequests.remoteId });
  return row;
}

/** A failed import gives the request back to the queue. */
export async function releaseClaim(db: Db, id: number): Promise<void> {
  await db
    .update(playlistRequests)
    .set({ status: 'pending', decidedBy: null, updatedAt: new Date() })
    .where(and(eq(playlistRequests.id, id), eq(playlistRequests.status, 'importing')));
}

export async function requestStatus(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db.select({ status: playlistRequests.status }).from(playlistRequests).where(eq(playlistRequests.id, id)).limit(1);
  return row?.status;
}

/**
 * Records a decision: an approval on the request its import claimed, a rejection on a claimable one.
 * False when someone decided it meanwhile.
 */
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
    .where(and(eq(playlistRequests.id, id), fields.status === 'approved' ? eq(playlistRequests.status, 'importing') : claimable))
    .returning({ id: playlistRequests.id });
  return rows.length > 0;
}
