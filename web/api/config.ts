import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../common/api';
import { apiGet } from './client';

/** GET /api/config: names, links and whether login exists. Loaded once by the root route before any screen renders. */
export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => apiGet<PublicConfig>('/api/config', undefined, signal),
  staleTime: Number.POSITIVE_INFINITY,
  retry: 2,
});

/** The public configuration; always present, because the root route waits for it. */
export function useConfig(): PublicConfig {
  return useSuspenseQuery(configQuery).data;
}
