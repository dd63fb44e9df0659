import {
  type EntityKind,
  MEDIA_PROVIDERS,
  type Period,
  PLAYLIST_PROVIDERS,
  type Provider,
  type SearchType,
  type Sort,
  STREAM_PROVIDERS,
} from '../../common/enums';
import type { QueryParams } from './api-error';
import type { CatalogueFilter, SearchSearch } from './filters';

/**
 * The search screen's state (spec 2 "Search", spec 9 "Search defaults"): what the URL says, with the
 * defaults applied, turned into the list call and back into the URL.
 */

export const DEFAULT_SEARCH_TYPE: SearchType = 'media';
export const DEFAULT_SEARCH_SORT: Sort = 'relevance';

interface SearchTypeInfo {
  /** Tab label */
  label: string;
  /** The list call under /api */
  kind: EntityKind;
  /** Plural noun of "No {entity} found" */
  entity: string;
  /** Read failure of spec 8 */
  failureText: string;
  /** Providers its filter offers and its list call accepts */
  providers: readonly Provider[];
}

export const SEARCH_TYPE_INFO: Record<SearchType, SearchTypeInfo> = {
  media: { label: 'Songs', kind: 'media', entity: 'songs', failureText: 'Unable to retrieve songs', providers: MEDIA_PROVIDERS },
  stream: { label: 'Streams', kind: 'streams', entity: 'streams', failureText: 'Unable to retrieve streams', providers: STREAM_PROVIDERS },
  playlist: {
    label: 'Playlists',
    kind: 'playlists',
    entity: 'playlists',
    failureText: 'Unable to retrieve playlists',
    providers: PLAYLIST_PROVIDERS,
  },
  // The clip filter offers clipped-by and tags only (spec 2).
  clip: { label: 'Clips', kind: 'clips', entity: 'clips', failureText: 'Unable to retrieve clips', providers: [] },
};

/** The sort selector, in the order shown. Playlists have no duration: theirs is the number of songs. */
export function sortOptions(type: SearchType): { value: Sort; label: string }[] {
  return [
    { value: 'relevance', label: 'Best match' },
    { value: 'latest', label: 'Newest' },
    { value: 'top', label: 'Most viewed' },
    { value: 'duration', label: type === 'playlist' ? 'Most songs' : 'Longest' },
    { value: 'random', label: 'Random' },
  ];
}

/** The period selector; "Any time" is no period (all_time reads the same). */
export const PERIOD_OPTIONS: { value: Period | 'any'; label: string }[] = [
  { value: 'any', label: 'Any time' },
  { value: 'week', label: 'Past week' },
  { value: 'month', label: 'Past month' },
  { value: 'six_months', label: 'Past 6 months' },
  { value: 'year', label: 'Past year' },
];

export interface SearchState {
  type: SearchType;
  sort: Sort;
  q?: string;
  filter: CatalogueFilter;
  clippedBy?: string;
  period?: Period;
  lyrics: boolean;
}

/** The URL's search params with the defaults applied and what does not apply to the type left out. */
export function searchState(search: SearchSearch): SearchState {
  const type = search.type ?? DEFAULT_SEARCH_TYPE;
  const { providers } = SEARCH_TYPE_INFO[type];
  return {
    type,
    sort: search.sortBy ?? DEFAULT_SEARCH_SORT,
    q: search.q,
    filter: {
      providers: (search.providers ?? []).filter((provider) => providers.includes(provider)),
      // The clip filter has no channels (spec 2: clipped by and tags only).
      sources: type === 'clip' ? [] : (search.sources ?? []),
      tags: search.tags ?? [],
    },
    clippedBy: type === 'clip' ? search.clippedBy : undefined,
    period: search.period === 'all_time' ? undefined : search.period,
    lyrics: type === 'media' && search.lyrics === true,
  };
}

/** GET /api/{kind} and its params (common/query.ts names): q, sort, the filter, period, lyrics, clippedBy. */
export function searchCall(state: SearchState): { path: string; params: QueryParams } {
  return {
    path: `/api/${SEARCH_TYPE_INFO[state.type].kind}`,
    params: {
      q: state.q,
      sort: state.sort,
      providers: state.filter.providers,
      sources: state.filter.sources,
      tags: state.filter.tags,
      period: state.period,
      lyrics: state.lyrics || undefined,
      clippedBy: state.clippedBy,
    },
  };
}

/**
 * The search params in one fixed order (q, type, sortBy, filters, period, lyrics), whatever control
 * changed them, so the same search always has the same, readable URL. Absent values are left out.
 */
export function canonicalSearch(search: SearchSearch): SearchSearch {
  const ordered: SearchSearch = {
    q: search.q,
    type: search.type,
    sortBy: search.sortBy,
    providers: search.providers,
    sources: search.sources,
    tags: search.tags,
    clippedBy: search.clippedBy,
    period: search.period,
    lyrics: search.lyrics,
  };
  return Object.fromEntries(Object.entries(ordered).filter(([, value]) => value !== undefined)) as SearchSearch;
}

/** Keeps an optional list out of the URL when it is empty. */
const listOrNothing = <T>(list: readonly T[] | undefined): T[] | undefined => (list?.length ? [...list] : undefined);

/**
 * The URL after a tab change: the query, tags, sort and period carry over; the providers the new
 * type does not have, and the lyrics flag (songs) or clipped-by (clips) of another type, are dropped.
 */
export function switchSearchType(search: SearchSearch, type: SearchType): SearchSearch {
  const { providers } = SEARCH_TYPE_INFO[type];
  return {
    type: type === DEFAULT_SEARCH_TYPE ? undefined : type,
    q: search.q,
    sortBy: search.sortBy,
    period: search.period,
    tags: listOrNothing(search.tags),
    providers: listOrNothing(search.providers?.filter((provider) => providers.includes(provider))),
    sources: type === 'clip' ? undefined : listOrNothing(search.sources),
    lyrics: type === 'media' ? search.lyrics : undefined,
    clippedBy: type === 'clip' ? search.clippedBy : undefined,
  };
}

/** The URL after APPLY or CLEAR of the providers/channels/tags filter bar. */
export function withCatalogueFilter(search: SearchSearch, filter: CatalogueFilter): SearchSearch {
  return {
    ...search,
    providers: listOrNothing(filter.providers),
    sources: listOrNothing(filter.sources),
    tags: listOrNothing(filter.tags),
  };
}

/** The URL after APPLY or CLEAR of the clip filter. */
export function withClipFilter(search: SearchSearch, filter: { clippedBy?: string; tags: number[] }): SearchSearch {
  return { ...search, clippedBy: filter.clippedBy?.trim() || undefined, tags: listOrNothing(filter.tags) };
}

/** The default sort stays out of the URL. */
export function withSort(search: SearchSearch, sort: Sort): SearchSearch {
  return { ...search, sortBy: sort === DEFAULT_SEARCH_SORT ? undefined : sort };
}

export function withPeriod(search: SearchSearch, period: Period | 'any'): SearchSearch {
  return { ...search, period: period === 'any' ? undefined : period };
}

/** A new query text; an empty one is dropped. */
export function withQuery(search: SearchSearch, q: string): SearchSearch {
  return { ...search, q: q.trim() || undefined };
}

export function withLyrics(search: SearchSearch, lyrics: boolean): SearchSearch {
  return { ...search, lyrics: lyrics || undefined };
}

/**
 * The page title (spec 2: "The title shows the query text or tag names"): the query text, else the
 * names of the tags in the URL's order (ids not found are skipped), else nothing.
 */
export function searchTitle(
  q: string | undefined,
  tagIds: readonly number[],
  tags: readonly { id: number; name: string }[] | undefined,
): string | undefined {
  if (q) return q;
  if (!tagIds.length || !tags) return undefined;
  const names = tagIds.map((id) => tags.find((tag) => tag.id === id)?.name).filter((name): name is string => !!name);
  return names.length ? names.join(', ') : undefined;
}

/** Whether the filter panel of the type has anything applied (the toggle's dot). */
export function isSearchFilterActive(state: SearchState): boolean {
  if (state.type === 'clip') return !!state.clippedBy || state.filter.tags.length > 0;
  return state.filter.providers.length + state.filter.sources.length + state.filter.tags.length > 0;
}
