import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../common/api';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../../common/constants';
import { apiGet } from './client';
import { queryClient } from './query-client';

/**
 * The configuration the server wrote into index.html (server/site/index-html.ts), which saves the
 * first screen a round trip; absent under the Vite dev server, where GET /api/config is asked.
 */
function embeddedConfig(): PublicConfig | undefined {
  const text = document.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PublicConfig;
  } catch {
    return undefined;
  }
}

/** GET /api/config: names, links and whether login exists. Loaded once by the root route before any screen renders. */
export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => apiGet<PublicConfig>('/api/config', undefined, signal),
  initialData: embeddedConfig,
  staleTime: Number.POSITIVE_INFINITY,
  retry: 2,
});

/** The public configuration; always present, because the root route waits for it. */
export function useConfig(): PublicConfig {
  return useSuspenseQuery(configQuery).data;
}

/** The configuration when it is known, outside React (the router's search validation); undefined before it loads. */
export function loadedConfig(): PublicConfig | undefined {
  return queryClient.getQueryData(configQuery.queryKey) ?? embeddedConfig();
}
