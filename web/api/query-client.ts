import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { notifyFailure } from '../toasts/notify';
import { isAbort } from './client';

/** What a query or mutation may carry in `meta`; typed for every useQuery and useMutation through Register. */
export interface AppMeta extends Record<string, unknown> {
  /**
   * Spec 8's failure text ("Unable to retrieve stats"): a failed call toasts it once, here, whatever
   * the number of components reading the query. A cancelled call (navigation, a newer filter) never toasts.
   */
  failureText?: string;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppMeta;
    mutationMeta: AppMeta;
  }
}

function toastFailure(error: unknown, meta: AppMeta | undefined): void {
  if (meta?.failureText && !isAbort(error)) notifyFailure(meta.failureText, error);
}

/**
 * One client for the app. No automatic retries: the spec's lists stop on error and let the visitor
 * retry (Load More, scrolling), and failed reads toast once. No refetch on window focus: a list the
 * visitor has scrolled through must not reload under them.
 */
export const queryClient = new QueryClient({
  // Offline, the shell says "You are offline" once (pwa/OfflineNotice.tsx) rather than a toast per failed read; a failed action still toasts.
  queryCache: new QueryCache({ onError: (error, query) => navigator.onLine !== false && toastFailure(error, query.meta) }),
  mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => toastFailure(error, mutation.meta) }),
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
    mutations: { retry: false },
  },
});
