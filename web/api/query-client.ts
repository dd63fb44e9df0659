import { QueryClient } from '@tanstack/react-query';

/**
 * One client for the app. No automatic retries: the spec's lists stop on error and let the visitor
 * retry (Load More, scrolling), and failed reads toast once. No refetch on window focus: a list the
 * visitor has scrolled through must not reload under them.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
    mutations: { retry: false },
  },
});
