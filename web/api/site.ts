import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Live, Stats, Tag } from '../../common/api';
import { notifyFailure } from '../components/notify';
import { apiGet, isAbort } from './client';

/** Runs a read and shows its spec 8 failure toast once per failed fetch (not per component using it). */
export async function withFailureToast<T>(failureText: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!isAbort(error)) notifyFailure(failureText, error);
    throw error;
  }
}

/** GET /api/tag: every tag, sorted by name (for the tag selects). */
export const tagsQuery = queryOptions({
  queryKey: ['tags'],
  queryFn: ({ signal }) => withFailureToast('Unable to retrieve tags', () => apiGet<Tag[]>('/api/tag', undefined, signal)),
  staleTime: 10 * 60_000,
});

export const useTags = () => useQuery(tagsQuery);

export const statsQuery = queryOptions({
  queryKey: ['stats'],
  queryFn: ({ signal }) => withFailureToast('Unable to retrieve stats', () => apiGet<Stats>('/api/stats', undefined, signal)),
});

export const useStats = () => useQuery(statsQuery);

/** GET /api/live. A failure simply means "not live": the home page then shows the last stream. */
export const liveQuery = queryOptions({
  queryKey: ['live'],
  queryFn: ({ signal }) => apiGet<Live>('/api/live', undefined, signal).catch((): Live => ({ live: false, title: null, startedAt: null })),
});

export const useLive = () => useQuery(liveQuery);
