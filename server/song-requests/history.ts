import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Page } from '../../common/api';
import type { HistoryQuery, RequestEdit, SongRequest } from '../../common/requests';
import type { Db } from '../db/client';
import { containsText } from '../db/like';
import { presentPage, readPage } from '../db/paging';
import { media, songRequests } from '../db/schema';
import { badRequest, notFound } from '../http/errors';

/** The song request history (spec 2 "Request history"): newest first, filtered by song, title words or requester. */

type Row = typeof songRequests.$inferSelect;

function present(row: Row): SongRequest {
  return {
    id: row.id,
    mediaId: row.mediaId,
    videoId: row.videoId,
    title: row.title,
    username: row.username,
    createdAt: row.createdAt.toISOString(),
    sampleRequestId: row.sampleRequestId,
  };
}

function conditions(query: HistoryQuery): SQL | undefined {
  const where: SQL[] = [];
  if (query.mediaId !== undefined) where.push(eq(songRequests.mediaId, query.mediaId));
  if (query.title) where.push(containsText(songRequests.title, query.title));
  if (query.username) where.push(containsText(songRequests.username, query.username));
  return where.length > 0 ? and(...where) : undefined;
}

export type RequestHistory = ReturnType<typeof createRequestHistory>;

export function createRequestHistory(db: Db) {
  async function find(id: number): Promise<Row> {
    const [row] = await db.select().from(songRequests).where(eq(songRequests.id, id)).limit(1);
    if (!row) throw notFound(`Unknown request ${id}`);
    return row;
  }

  return {
    async list(query: HistoryQuery): Promise<Page<SongRequest>> {
      const where = conditions(query);
      const page = await readPage(
        query,
        ({ limit, offset }) =>
          db
            .select()
            .from(songRequests)
            .where(where)
            .orderBy(desc(songRequests.createdAt), desc(songRequests.id))
            .limit(limit)
            .offset(offset),
        async () => {
          const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(songRequests).where(where);
          return count?.n ?? 0;
        },
      );
      return presentPage(page, present);
    },

    async byId(id: number): Promise<SongRequest> {
      return present(await find(id));
    },

    /** An admin's correction: who asked, and which song came of it (null: none yet). */
    async edit(id: number, change: RequestEdit): Promise<SongRequest> {
      await find(id);
      if (change.mediaId !== null) {
        const [song] = await db.select({ id: media.id }).from(media).where(eq(media.id, change.mediaId)).limit(1);
        if (!song) throw badRequest(`mediaId: there is no song ${change.mediaId}`);
      }
      const [row] = await db
        .update(songRequests)
        .set({ username: change.username, mediaId: change.mediaId, updatedAt: new Date() })
        .where(eq(songRequests.id, id))
        .returning();
      return present(row!);
    },
  };
}
