import type { Page } from '../../common/api';
import type { PlaylistType } from '../../common/enums';
import { checkPlaylistUrl, type PlaylistApproval, type PlaylistRequest } from '../../common/playlist-requests';
import type { SessionUser } from '../accounts/session';
import type { PageRequest } from '../catalogue/queries';
import type { CatalogueService } from '../catalogue/service';
import type { Db } from '../db/client';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors';
import { ProviderError } from '../providers/http';
import type { ImportReport } from '../sync/report';
import type { SyncService } from '../sync/service';
import {
  decide,
  findPending,
  findPendingById,
  findPlaylist,
  findRequest,
  insertRequest,
  pendingPage,
  type RequestRow,
  type RequestType,
} from './queries';

/**
 * Playlist refresh requests and community playlist submissions (spec 2, 4, 6): members may ask for
 * a refresh of a community playlist and submit public YouTube playlists; admins may ask for any
 * refresh, and approve (runs the playlist import of server/sync) or reject.
 */

export type PlaylistRequestsService = ReturnType<typeof createPlaylistRequestsService>;

function present(row: RequestRow): PlaylistRequest {
  return {
    id: row.id,
    ...(row.playlistId !== null ? { playlistId: row.playlistId } : {}),
    ...(row.playlistName !== null ? { playlistName: row.playlistName } : {}),
    remoteId: row.remoteId,
    submittedBy: row.submittedBy,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function describe(report: ImportReport): string {
  return report.created
    ? `Imported "${report.name}": ${report.added} songs added, ${report.skipped} other videos skipped`
    : `Refreshed "${report.name}": ${report.added} added, ${report.kept} kept, ${report.removed} removed, ${report.skipped} other videos skipped`;
}

export function createPlaylistRequestsService(db: Db, sync: SyncService, catalogue: CatalogueService) {
  async function created(id: number): Promise<PlaylistRequest> {
    return present((await findRequest(db, id))!);
  }

  return {
    /** POST /api/playlists/refresh. Answers the request and whether it is new (an equal pending one is reused). */
    async requestRefresh(
      user: SessionUser,
      body: { playlistId: number; remoteId?: string },
    ): Promise<{ request: PlaylistRequest; created: boolean }> {
      const playlist = await findPlaylist(db, body.playlistId);
      if (!playlist) throw notFound(`Unknown playlist ${body.playlistId}`);
      if (playlist.type !== 'community' && !user.admin) throw forbidden('Only admins can request a refresh of this playlist');
      if (playlist.provider !== 'youtube') {
        throw badRequest('Only YouTube playlists can be refreshed on request; the others are refreshed by the regular sync');
      }
      if (body.remoteId !== undefined && body.remoteId !== playlist.remoteId) {
        throw badRequest(`remoteId: playlist ${playlist.id} is ${playlist.remoteId} at YouTube, not ${body.remoteId}`);
      }
      const existing = await findPending(db, { playlistId: playlist.id });
      if (existing) return { request: present(existing), created: false };
      const id = await insertRequest(db, { playlistId: playlist.id, remoteId: playlist.remoteId, userId: user.id });
      return { request: await created(id), created: true };
    },

    /** POST /api/playlists/community: a public YouTube playlist URL with a list parameter (spec 5). */
    async submitCommunity(user: SessionUser, playlistUrl: string): Promise<{ request: PlaylistRequest; created: boolean }> {
      const checked = checkPlaylistUrl(playlistUrl);
      if ('problem' in checked) throw badRequest(`playlistUrl: ${checked.problem}`);
      const existing = await findPending(db, { remoteId: checked.id });
      if (existing) return { request: present(existing), created: false };
      const id = await insertRequest(db, { playlistId: null, remoteId: checked.id, userId: user.id });
      return { request: await created(id), created: true };
    },

    async pending(paging: PageRequest, type?: RequestType): Promise<Page<PlaylistRequest>> {
      const { rows, total } = await pendingPage(db, paging, type);
      return {
        content: rows.map(present),
        page: paging.page,
        size: paging.size,
        totalElements: total,
        totalPages: Math.ceil(total / paging.size),
        last: paging.page * paging.size >= total,
      };
    },

    /**
     * Runs the playlist import for a pending request and records the decision. A failed import
     * leaves the request pending (and the catalogue as the import's own transactions left it: whole
     * steps or nothing).
     */
    async approve(admin: SessionUser, id: number): Promise<PlaylistApproval> {
      const request = await findPendingById(db, id);
      if (!request) throw notFound(`There is no pending playlist request ${id}`);
      let type: PlaylistType = 'community';
      if (request.playlistId !== null) {
        const playlist = await findPlaylist(db, request.playlistId);
        if (playlist) type = playlist.type as PlaylistType;
      }
      let report: ImportReport;
      try {
        report = await sync.importPlaylist(request.remoteId, type);
      } catch (error) {
        if (error instanceof ProviderError) throw new HttpError(502, `Could not read the playlist from YouTube: ${error.message}`);
        throw error;
      }
      await decide(db, id, { status: 'approved', adminId: admin.id, result: report, playlistId: report.id });
      catalogue.changed();
      return { message: describe(report), report };
    },

    async reject(admin: SessionUser, id: number): Promise<void> {
      if (!(await decide(db, id, { status: 'rejected', adminId: admin.id }))) {
        throw notFound(`There is no pending playlist request ${id}`);
      }
    },
  };
}
