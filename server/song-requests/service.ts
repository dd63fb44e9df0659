import type { Page } from '../../common/api';
import type { HistoryQuery, RequestEdit, SongRequest } from '../../common/requests';
import type { Db } from '../db/client';
import { presentPage } from '../db/paging';
import { badRequest, notFound } from '../http/errors';
import { momentOf, momentsOf } from './moment';
import { presentSongRequest } from './present';
import { findHistoryRow, type HistoryRow, historyPage, songExists, updateHistoryRow } from './queries';

/** The song request history (spec 2 "Request history"): newest first, filtered by song, title words or requester. */

export type RequestHistory = ReturnType<typeof createRequestHistory>;

export function createRequestHistory(db: Db) {
  async function find(id: number) {
    const row = await findHistoryRow(db, id);
    if (!row) throw notFound(`Unknown request ${id}`);
    return row;
  }

  return {
    async list(query: HistoryQuery): Promise<Page<SongRequest>> {
      const page = await historyPage(db, query);
      const moments = await momentsOf(db, page.rows);
      return presentPage(page, (row: HistoryRow) => presentSongRequest(row, moments.get(row.id)));
    },

    async byId(id: number): Promise<SongRequest> {
      const row = await find(id);
      return presentSongRequest(row, await momentOf(db, row));
    },

    /** An admin's correction: who asked, and which song came of it (null: none yet). */
    async edit(id: number, change: RequestEdit): Promise<SongRequest> {
      await find(id);
      if (change.mediaId !== null && !(await songExists(db, change.mediaId))) {
        throw badRequest(`mediaId: there is no song ${change.mediaId}`);
      }
      const row = await updateHistoryRow(db, id, change);
      if (!row) throw notFound(`Unknown request ${id}`);
      return presentSongRequest(row, await momentOf(db, row));
    },
  };
}
