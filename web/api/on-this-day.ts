import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OnThisDay } from '../../common/on-this-day';
import { type OnThisDayKind, onThisDayPath } from '../../common/on-this-day-paths';
import type { Anniversaries } from '../lib/on-this-day';
import { apiGet, isAbort } from './client';

/**
 * GET /api/{media,streams,clips}/on-this-day. A nice-to-have of the home page: a failure hides the
 * section and is logged, never toasted (no failureText).
 */
export const onThisDayQuery = <K extends OnThisDayKind>(kind: K) =>
  queryOptions({
    queryKey: ['on-this-day', kind],
    queryFn: ({ signal }) =>
      apiGet<OnThisDay<K>>(onThisDayPath(kind), undefined, signal).catch((error: unknown) => {
        if (!isAbort(error)) console.error(`Unable to retrieve ${kind} of this day`, error);
        throw error;
      }),
  });

/**
 * The three answers once all three have come (or failed): the section then appears in one go, never
 * line by line. Three useQuery rather than useQueries, whose observer would be 1 kB more to load.
 */
export function useOnThisDay(): Anniversaries | undefined {
  const media = useQuery(onThisDayQuery('media'));
  const streams = useQuery(onThisDayQuery('streams'));
  const clips = useQuery(onThisDayQuery('clips'));
  if (media.isPending || streams.isPending || clips.isPending) return undefined;
  return { media: media.data, streams: streams.data, clips: clips.data };
}
