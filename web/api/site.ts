import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Live, Stats, Tag } from '../../common/api';
import { apiGet } from './client';

/** GET /api/tag: every tag, sorted by name (for the tag selects). */
export const tagsQuery = queryOptions({
  queryKey: ['tags'],
  queryFn: ({ signal }) => apiGet<Tag[]>('/api/tag', undefined, signal),
  meta: { failureText: 'Unable to retrieve tags' },
  staleTime: 10 * 60_000,
});

export const useTags = () => useQuery(tagsQuery);

export const statsQuery = queryOptions({
  queryKey: ['stats'],
  queryFn: ({ signal }) => apiGet<Stats>('/api/stats', undefined, signal),
  meta: { failureText: 'Unable to retrieve stats' },
});

export const useStats = () => useQuery(statsQuery);

/** GET /api/live. A failure simply means "not live": the home page then shows the last stream. */
export const liveQuery = queryOptions({
  queryKey: ['live'],
  queryFn: ({ signal }) => apiGet<Live>('/api/live', undefined, signal).catch((): Live => ({ live: false, title: null, startedAt: null })),
});

export const useLive = () => useQuery(liveQuery);
