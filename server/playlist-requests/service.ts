import type { Page } from '../../common/api';
import type { PlaylistType } from '../../common/enums';
import { formatPlaylistType } from '../../common/format';
import { checkPlaylistUrl, type PlaylistApproval, type PlaylistRequest } from '../../common/playlist-requests';
import type { SessionUser } from '../accounts/session';
import type { Db } from '../db/client';
import { type PageRequest, presentPage } from '../db/paging';
import { DomainError } from '../errors/domain';
import { askingProvider } from '../http/provider-errors';
import type { YouTubeClient } from '../providers/youtube/client';
import { type ImportReport, READ_PLAYLIST } from '../sync/report';
import type { SyncService } from '../sync/service';
import { describeImport, presentPlaylistRequest } from './present';
import {
  claimForImport,
  decide,
  findPending,
  findPlaylist,
  findRequest,
  findYouTubePlaylist,
  insertRequest,
  pendingPage,
  type RequestType,
  releaseClaim,
  requestStatus,
} from './queries';

/**
 * Playlist refresh requests and community playlist submissions (spec 2, 4, 6): members may ask for
 * a refresh of a community playlist and submit public YouTube playlists; admins may ask for any
 * refresh, and approve (runs the playlist import of server/sync) or reject.
 */

export type PlaylistRequestsService = ReturnType<typeof createPlaylistRequestsService>;

/** Said of a submission YouTube has no public playlist for (as the import says when it finds none). */
export const NO_PUBLIC_PLAYLIST = 'No public YouTube playlist was found at that link';
/** What a submission check asks YouTube, named in its 502 */
const CHECK_PLAYLIST = 'check the playlist with YouTube';

/** A 409 naming the catalogued playlist a submission would duplicate, with a link to its page. */
function alreadyCatalogued(playlist: { id: number; name: string; type: string }, tail = ''): DomainError {
  const where =
    playlist.type === 'community' ? 'the Community Playlists' : `the catalogue as a ${formatPlaylistType(playlist.type)} playlist`;
  return new DomainError('conflict', `"${playlist.name}" is already in ${where}${tail}`, `/playlists/${playlist.id}`);
}

export function createPlaylistRequestsService(db: Db, sync: SyncService, youtube: () => YouTubeClient | null) {
  /**
   * A submission must be one an approval can import: not catalogued already (409 saying where), and
   * a public playlist at YouTube now (playlists.list; unknown and private ids are answered with no items).
   */
  async function checkSubmission(remoteId: string): Promise<void> {
    const catalogued = await findYouTubePlaylist(db, remoteId);
    if (catalogued) throw alreadyCatalogued(catalogued);
    const client = youtube();
    if (!client) throw new DomainError('unavailable', 'Playlists cannot be checked: YouTube is not configured on this site');
    const playlist = await askingProvider(CHECK_PLAYLIST, () => client.playlist(remoteId));
    if (playlist?.privacy !== 'public') throw new DomainError('invalid', `playlistUrl: ${NO_PUBLIC_PLAYLIST}`);
  }

  /**
   * The open request for a target, or a new one. Asking again while one is open answers that one
   * (200 rather than 201): the asker's wish is already queued. The unique indexes settle a race.
   */
  async function openOnce(
    target: { playlistId: number } | { remoteId: string },
    fields: { playlistId: number | null; remoteId: string; userId: number },
  ): Promise<{ request: PlaylistRequest; created: boolean }> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const existing = await findPending(db, target);
      if (existing) return { request: presentPlaylistRequest(existing), created: false };
      const id = await insertRequest(db, fields);
      if (id !== undefined) return { request: presentPlaylistRequest((await findRequest(db, id))!), created: true };
      // Another request took the slot and may have been decided since: look again.
    }
    throw new DomainError('conflict', 'This playlist request changed while it was being made; please try again');
  }

  /**
   * The type an approval imports as: a refresh keeps its playlist's. A submission makes a community
   * playlist, so one whose playlist was catalogued meanwhile as another type cannot be approved (the
   * import keeps an existing playlist's type): a 409 saying where it is, for the admin to reject it.
   */
  async function importType(request: { playlistId: number | null; remoteId: string }): Promise<PlaylistType> {
    if (request.playlistId !== null) {
      const playlist = await findPlaylist(db, request.playlistId);
      return (playlist?.type as PlaylistType | undefined) ?? 'community';
    }
    const catalogued = await findYouTubePlaylist(db, request.remoteId);
    if (catalogued && catalogued.type !== 'community')
      throw alreadyCatalogued(catalogued, ', so it cannot become a community playlist; reject this submission');
    return 'community';
  }

  return {
    /** POST /api/playlists/refresh. Answers the request and whether it is new (an equal pending one is reused). */
    async requestRefresh(
      user: SessionUser,
      body: { playlistId: number; remoteId?: string },
    ): Promise<{ request: PlaylistRequest; created: boolean }> {
      const playlist = await findPlaylist(db, body.playlistId);
      if (!playlist) throw new DomainError('not_found', `Unknown playlist ${body.playlistId}`);
      if (playlist.type !== 'community' && !user.admin)
        throw new DomainError('forbidden', 'Only admins can request a refresh of this playlist');
      if (playlist.provider !== 'youtube') {
        throw new DomainError(
          'invalid',
          'Only YouTube playlists can be refreshed on request; the others are refreshed by the regular sync',
        );
      }
      if (body.remoteId !== undefined && body.remoteId !== playlist.remoteId) {
        throw new DomainError('invalid', `remoteId: playlist ${playlist.id} is ${playlist.remoteId} at YouTube, not ${body.remoteId}`);
      }
      return openOnce({ playlistId: playlist.id }, { playlistId: playlist.id, remoteId: playlist.remoteId, userId: user.id });
    },

    /** POST /api/playlists/community: a public YouTube playlist URL with a list parameter (spec 5). */
    async submitCommunity(user: SessionUser, playlistUrl: string): Promise<{ request: PlaylistRequest; created: boolean }> {
      const checked = checkPlaylistUrl(playlistUrl);
      if ('problem' in checked) throw new DomainError('invalid', `playlistUrl: ${checked.problem}`);
      const open = await findPending(db, { remoteId: checked.id });
      if (open) return { request: presentPlaylistRequest(open), created: false };
      await checkSubmission(checked.id);
      return openOnce({ remoteId: checked.id }, { playlistId: null, remoteId: checked.id, userId: user.id });
    },

    async pending(paging: PageRequest, type?: RequestType): Promise<Page<PlaylistRequest>> {
      return presentPage(await pendingPage(db, paging, type), presentPlaylistRequest);
    },
    /**
     * Runs the playlist import for a pending request and records the decision. A failed import
     * leaves the request pending (and the catalogue as the import's own transactions left it: whole
     * steps or nothing).
     */
    async approve(admin: SessionUser, id: number): Promise<PlaylistApproval> {
      const request = await claimForImport(db, id, admin.id);
      if (!request) {
        if ((await requestStatus(db, id)) === 'importing') {
          throw new DomainError('conflict', `Playlist request ${id} is being approved by another admin right now`);
        }
        throw new DomainError('not_found', `There is no pending playlist request ${id}`);
      }
      let report: ImportReport;
      try {
        const type = await importType(request);
        report = await askingProvider(READ_PLAYLIST, () => sync.importPlaylist(request.remoteId, type));
      } catch (error) {
        await releaseClaim(db, id);
        throw error;
      }
      // The import announced its own writes, with their ids (sync/service.ts `onCatalogueChanged`).
      await decide(db, id, { status: 'approved', adminId: admin.id, result: report, playlistId: report.id });
      return { message: describeImport(report), report };
    },

    async reject(admin: SessionUser, id: number): Promise<void> {
      if (!(await decide(db, id, { status: 'rejected', adminId: admin.id }))) {
        throw new DomainError('not_found', `There is no pending playlist request ${id}`);
      }
    },
  };
}
