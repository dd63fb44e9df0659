import { queryOptions } from '@tanstack/react-query';
import type { RequestEdit, SongRequest } from '../../common/requests';
import { apiGet, apiPost } from './client';
import { type ListSource, pagedEndpoint } from './list-source';

/** The song request history (spec 7 "Requests"). */

export interface HistoryFilter {
  title?: string;
  /** The requester, `from` in the page's URL and `username` in the API's */
  from?: string;
}

export const historyList = (filter: HistoryFilter): ListSource<SongRequest> =>
  pagedEndpoint('/api/requests/history', { title: filter.title, username: filter.from });

/** The requests of one song, newest first: the song page's "Song Flip Requested by" box shows the latest. */
export const songRequestsOf = (mediaId: number) =>
  queryOptions({
    queryKey: ['requests', 'history', { mediaId }],
    queryFn: ({ signal }) =>
      apiGet<{ content: SongRequest[] }>('/api/requests/history', { mediaId, page: 1, size: 1 }, signal).then((page) => page.content),
  });

export const requestQuery = (id: number) =>
  queryOptions({
    queryKey: ['requests', 'history', id],
    queryFn: ({ signal }) => apiGet<SongRequest>(`/api/requests/history/${id}`, undefined, signal),
    meta: { failureText: 'Unable to retrieve request' },
  });

export const updateRequest = (id: number, change: RequestEdit) => apiPost<SongRequest>(`/api/requests/history/${id}`, change);

/** The requested video at the video provider, and its thumbnail from the provider's image host (spec 7 "Other"; public config). */
export const requestVideoUrl = (request: Pick<SongRequest, 'videoId'>) =>
  `https://www.youtube.com/watch?v=${encodeURIComponent(request.videoId)}`;
export const requestThumbnailUrl = (videoImageBase: string, request: Pick<SongRequest, 'videoId'>) =>
  `${videoImageBase}/vi/${encodeURIComponent(request.videoId)}/mqdefault.jpg`;
