import { queryOptions, useQueries } from '@tanstack/react-query';
import type { OnThisDay } from '../../common/on-this-day';
import { ON_THIS_DAY_KINDS, type OnThisDayKind, onThisDayPath } from '../../common/on-this-day-paths';
import type { Anniversaries } from '../lib/on-this-day';
import { apiGet } from './client';

/**
 * GET /api/{media,streams,clips}/on-this-day. A nice-to-have of the home page: a failure hides the
 * section and is logged, never toasted (no failureText).
 */
export const onThisDayQuery = <K extends OnThisDayKind>(kind: K) =>
  queryOptions({
    queryKey: ['on-this-day', kind],
    queryFn: ({ signal }) =>
      apiGet<OnThisDay<K>>(onThisDayPath(kind), undefined, signal).catch((error: unknown) => {
        console.error(`Unable to retrieve ${kind} of this day`, error);
        throw error;
      }),
  });

/** The three answers once all three have come (or failed): the section then appears in one go, never line by line. */
export function useOnThisDay(): Anniversaries | undefined {
  return useQueries({
    queries: ON_THIS_DAY_KINDS.map((kind) => onThisDayQuery(kind)),
    combine: (results) =>
      results.some((result) => result.isPending)
        ? undefined
        : Object.fromEntries(ON_THIS_DAY_KINDS.map((kind, i) => [kind, results[i]!.data])),
  });
}
