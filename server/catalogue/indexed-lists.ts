import type { Sort } from '../../common/enums';
import type { Filter } from '../../common/query';
import { periodStart } from '../db/filters';
import type { Kinds } from '../db/kinds';
import { type PageRequest, pageWindow, type RowPage, readPage } from '../db/paging';
import { listWindow } from '../search/lists';
import type { SearchContext, SearchService } from '../search/service';

/**
 * A list without a text query from the search index, when the index can answer it the way the
 * database would (issue 23): the same order (ties by the newest id), filters, period and totals,
 * with no SQL. Undefined sends the list to the database (catalogue/queries.ts `listIds`): the index
 * is behind an announced write (it is being patched), or the filter is one only the database
 * answers (a stream's, a playlist's, a song's playlists, a clipper, a playlist type).
 */
export async function indexedListIds(
  search: SearchService,
  kind: keyof Kinds,
  filter: Filter,
  paging: PageRequest,
  ctx: SearchContext,
): Promise<RowPage<number> | undefined> {
  if (!answeredByTheIndex(filter)) return undefined;
  const current = search.current(kind);
  if (!current) return undefined;
  const allowed = await current.allowed(filter, ctx);
  const sort = indexSort(filter.sort);
  const seed = ctx.now.toISOString().slice(0, 10);
  // The day's random order is made a slice at a time at the first random list of the day.
  await current.index.prepare(sort, seed);
  const since = periodStart(filter.period, ctx.now)?.getTime();
  const listed = listWindow(current.index, { allowed, since, sort, seed, ...pageWindow(paging) });
  return readPage(
    paging,
    async () => listed.ids,
    async () => listed.total,
  );
}

/** Filters the index holds (providers, sources, tags, availability, the period); the others are asked of the database. */
function answeredByTheIndex({ clippedBy, type, streamId, playlistId, mediaId }: Filter): boolean {
  return [clippedBy, type, streamId, playlistId, mediaId].every((value) => value === undefined);
}

/** A list's sort as the index names it: without a text query, relevance is the newest first (queries.ts `ordering`). */
const indexSort = (sort: Sort | undefined): Sort => (sort === undefined || sort === 'relevance' ? 'latest' : sort);
