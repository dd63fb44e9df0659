import type { Clip, Media, Playlist, Stream } from '../../common/api';
import type { EditChanges, EditRequest, EditResult } from '../../common/edits';
import type { EntityKind } from '../../common/enums';
import type { PlaylistApproval, PlaylistRequest } from '../../common/playlist-requests';
import { apiDelete, apiPost } from './client';
import { type ListSource, pagedEndpoint } from './list-source';

/** Calls of the logged-in features (spec 7): liked lists, edits and their approval, playlist requests. */

export const likedLists = {
  media: (): ListSource<Media> => pagedEndpoint('/api/media/liked'),
  streams: (): ListSource<Stream> => pagedEndpoint('/api/streams/liked'),
  playlists: (): ListSource<Playlist> => pagedEndpoint('/api/playlists/liked'),
  clips: (): ListSource<Clip> => pagedEndpoint('/api/clips/liked'),
};

/** The edit payloads of spec 3: media {streamId, streamTimestamp as string, lyrics, tags}; the others a part of it. */
export interface EditPayload {
  streamId?: number | null;
  streamTimestamp?: string;
  lyrics?: string | null;
  tags?: number[];
}

/** POST /api/{kind}/{id}: applied at once for admins, queued as an edit request for others. */
export const submitEdit = (kind: EntityKind, id: number, payload: EditPayload) => apiPost<EditResult>(`/api/${kind}/${id}`, payload);

export const editQueue = (kind: EntityKind): ListSource<EditRequest> => pagedEndpoint(`/api/${kind}/edits`);
export const approveEdit = (kind: EntityKind, id: number) => apiPost<unknown>(`/api/${kind}/edits/${id}/approve`);
export const rejectEdit = (kind: EntityKind, id: number) => apiDelete<unknown>(`/api/${kind}/edits/${id}`);

/** Community submissions (no playlistId yet) and refresh requests of catalogued playlists. */
export const refreshQueue = (type: 'submission' | 'refresh'): ListSource<PlaylistRequest> =>
  pagedEndpoint('/api/playlists/refresh', { type });
export const approvePlaylistRequest = (id: number) => apiPost<PlaylistApproval>(`/api/playlists/refresh/${id}/approve`);
export const rejectPlaylistRequest = (id: number) => apiDelete<unknown>(`/api/playlists/refresh/${id}`);

export const submitCommunityPlaylist = (playlistUrl: string) => apiPost<PlaylistRequest>('/api/playlists/community', { playlistUrl });

export type { EditChanges, EditRequest, PlaylistRequest };
