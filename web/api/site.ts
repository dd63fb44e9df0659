import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Live, Stats, Tag } from '../../common/api';
import { apiGet } from './client';
import { fromPage } from './page-answers';

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

export const LIVE_URL = '/api/live';

/** GET /api/live. A failure simply means "not live": the home page then shows the last stream. */
export const liveQuery = queryOptions({
  queryKey: ['live'],
  queryFn: ({ signal }) => apiGet<Live>(LIVE_URL, undefined, signal).catch((): Live => ({ live: false, title: null, startedAt: null })),
  // Home's HTML carries it: the last stream's poster need not wait for it.
  ...fromPage<Live>(LIVE_URL),
});

export const useLive = () => useQuery(liveQuery);
