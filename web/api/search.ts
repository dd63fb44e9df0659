import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Suggestions } from '../../common/search';
import { SUGGEST_PATH } from '../../common/suggest';
import { apiGet, isAbort } from './client';

/** Fewer characters than this ask nothing: one letter matches half the catalogue as a prefix. */
export const SUGGEST_MIN_LENGTH = 2;

/**
 * GET /api/search/suggest?q=: the navbar's suggestions (issue 14). The query's AbortSignal goes to
 * fetch, so when the text changes TanStack Query aborts the superseded request (its query lost its
 * one observer). Failures are logged, not toasted: suggestions are a convenience, and a toast per
 * keystroke would bury the page; Enter still searches.
 */
export const suggestionsQuery = (q: string) =>
  queryOptions({
    queryKey: ['search-suggest', q],
    queryFn: async ({ signal }) => {
      try {
        return await apiGet<Suggestions>(SUGGEST_PATH, { q }, signal);
      } catch (error) {
        if (!isAbort(error)) console.error('Search suggestions failed', error);
        throw error;
      }
    },
    enabled: q.length >= SUGGEST_MIN_LENGTH,
    // The list stays on screen while the next keystroke's answer loads.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
