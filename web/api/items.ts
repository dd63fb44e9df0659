import { type QueryClient, type QueryKey, queryOptions } from '@tanstack/react-query';
import type { Clip, Media, Playlist, Stream } from '../../common/api';
import type { EntityKind } from '../../common/enums';
import { itemRead } from '../../common/first-reads';
import { ITEM_FAILURE_TEXTS } from '../lib/detail';
import { apiDelete, apiGet, apiPost } from './client';
import { type ListSource, pagedEndpoint } from './list-source';
import { fromPage } from './page-answers';

/** One catalogue item by id, the daily song, and the lists and writes of the detail screens. */

export interface ItemOf {
  media: Media;
  streams: Stream;
  playlists: Playlist;
  clips: Clip;
}

/** GET /api/{kind}/{id}; a failure toasts the spec 8 text of its kind ("Unable to retrieve media", ...). */
export function itemQuery<K extends EntityKind>(kind: K, id: number) {
  const url = itemRead(kind, id);
  return queryOptions({
    queryKey: ['item', kind, id] as const,
    queryFn: ({ signal }) => apiGet<ItemOf[K]>(url, undefined, signal),
    meta: { failureText: ITEM_FAILURE_TEXTS[kind] },
    // The item's pages carry it in their HTML (its own page's poster shows with the script).
    ...fromPage<ItemOf[K]>(url),
  });
}

/** GET /api/media/daily: the Song of the Day, the same for everyone all (UTC) day. */
export const dailySongQuery = queryOptions({
  queryKey: ['item', 'media', 'daily'] as const,
  queryFn: ({ signal }) => apiGet<Media>('/api/media/daily', undefined, signal),
  meta: { failureText: 'Unable to retrieve daily song' },
});

/** After a like or unlike: the cached item shows the new flag when the visitor comes back to it. */
export function setCachedLiked(queryClient: QueryClient, queryKey: QueryKey, liked: boolean): void {
  queryClient.setQueryData<{ liked: boolean }>(queryKey, (item) => (item ? { ...item, liked } : item));
}

/** POST (like) or DELETE (unlike) /api/{kind}/{id}/like. */
export function setLiked(kind: EntityKind, id: number, liked: boolean): Promise<void> {
  const path = `/api/${kind}/${id}/like`;
  return liked ? apiPost<void>(path) : apiDelete<void>(path);
}

/** POST /api/playlists/refresh: asks (an admin) to read the playlist from its provider again. */
export function requestPlaylistRefresh(playlist: { id: number; remoteId: string }): Promise<void> {
  return apiPost<void>('/api/playlists/refresh', { playlistId: playlist.id, remoteId: playlist.remoteId });
}

/** The lists of the detail screens (spec 2): every one is keyed by the item, so a new id restarts it. */
export const detailLists = {
  /** Playlists that contain a song ("Part of Playlists") */
  playlistsOfSong: (mediaId: number): ListSource<Playlist> => pagedEndpoint('/api/playlists', { mediaId }),
  /** "You Might Like": songs sharing tags or the stream */
  recommended: (mediaId: number): ListSource<Media> => pagedEndpoint(`/api/media/${mediaId}/recommended`),
  playlistsOfStream: (streamId: number): ListSource<Playlist> => pagedEndpoint('/api/playlists', { streamId }),
  topSongsOfStream: (streamId: number): ListSource<Media> => pagedEndpoint('/api/media/top', { streamId, period: 'all_time' }),
  topClipsOfStream: (streamId: number): ListSource<Clip> => pagedEndpoint('/api/clips/top', { streamId, period: 'all_time' }),
  songsOfStream: (streamId: number): ListSource<Media> => pagedEndpoint('/api/media', { streamId, sort: 'latest' }),
  /** The stream a stream-type playlist was made from */
  streamsOfPlaylist: (playlistId: number): ListSource<Stream> => pagedEndpoint('/api/streams', { playlistId }),
  topSongsOfPlaylist: (playlistId: number): ListSource<Media> => pagedEndpoint('/api/media/top', { playlistId, period: 'all_time' }),
  /** Relevance within a playlist is the playlist's own order */
  songsOfPlaylist: (playlistId: number): ListSource<Media> => pagedEndpoint('/api/media', { playlistId, sort: 'relevance' }),
};
