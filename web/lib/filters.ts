import { type Period, type Provider, SEARCH_TYPES, type SearchType, type Sort } from '../../common/enums';
import {
  parseClippedBy,
  parseLyrics,
  parsePeriod,
  parseProviders,
  parseQuery,
  parseSort,
  parseSources,
  parseTags,
} from '../../common/query-values';

/**
 * Validated search params of the list screens. The parsers are those of the API's query schemas
 * (common/query-values.ts, without zod), so the web drops unknown provider, source and period
 * values exactly as the API does (spec 4, 5). A validator must accept its own output (the router
 * validates again what a screen navigates with), so booleans and numbers are read in both forms.
 * Every key is optional: an absent key keeps the URL clean and lets links omit it.
 */

export interface FilterSearch {
  providers?: Provider[];
  sources?: string[];
  tags?: number[];
}

/** The filter a list fetches with and the filter bar edits. */
export interface CatalogueFilter {
  providers: Provider[];
  sources: string[];
  tags: number[];
}

type Raw = Record<string, unknown>;

/** A parameter given without any text (`providers=`): a deliberate empty choice. */
function isBlank(value: unknown): boolean {
  return (Array.isArray(value) ? value : [value]).every((item) => String(item ?? '').trim() === '');
}

/**
 * Absent (or undefined) keys stay undefined; an empty key (`providers=`) is an empty list. A key whose
 * values were all unknown counts as absent, so `providers=foo` keeps a screen's default provider.
 */
function optionalList<T>(search: Raw, key: string, parse: (value: unknown) => T[]): T[] | undefined {
  const raw = search[key];
  if (raw === undefined) return undefined;
  const values = parse(raw);
  return values.length === 0 && !isBlank(raw) ? undefined : values;
}

/**
 * Providers, sources and tags, keeping only the providers a kind of list accepts and, when the
 * streamer's sources are known (from the public config), only those: the server's rule.
 */
export function validateFilterSearch(allowedProviders: readonly Provider[], search: Raw, knownSources?: readonly string[]): FilterSearch {
  const onlyAllowed = (value: unknown) => parseProviders(value).filter((p) => allowedProviders.includes(p));
  const onlyKnown = (value: unknown) => parseSources(value).filter((s) => !knownSources || knownSources.includes(s));
  return {
    providers: optionalList(search, 'providers', onlyAllowed),
    sources: optionalList(search, 'sources', onlyKnown),
    tags: optionalList(search, 'tags', parseTags),
  };
}

export function toCatalogueFilter(search: FilterSearch): CatalogueFilter {
  return { providers: search.providers ?? [], sources: search.sources ?? [], tags: search.tags ?? [] };
}

/** What the filter bar writes back: empty lists are dropped so the URL only names real choices. */
export function toFilterSearch(filter: CatalogueFilter): FilterSearch {
  return {
    providers: filter.providers.length ? filter.providers : undefined,
    sources: filter.sources.length ? filter.sources : undefined,
    tags: filter.tags.length ? filter.tags : undefined,
  };
}

export function isFilterActive(filter: CatalogueFilter): boolean {
  return filter.providers.length + filter.sources.length + filter.tags.length > 0;
}

export interface PeriodSearch {
  period?: Period;
}

export function validatePeriod(search: Raw): Period | undefined {
  return parsePeriod(search.period);
}

export interface ClipSearch {
  period?: Period;
  /** "latest" for the LATEST view; absent means top */
  sort?: 'latest';
  clippedBy?: string;
  tags?: number[];
}

export function validateClipSearch(search: Raw): ClipSearch {
  return {
    period: validatePeriod(search),
    sort: parseSort(search.sort) === 'latest' ? 'latest' : undefined,
    clippedBy: parseClippedBy(search.clippedBy),
    tags: optionalList(search, 'tags', parseTags),
  };
}

/** Search screen params (spec 2, Search); defaults (type media, sort relevance) are applied by the screen. */
export interface SearchSearch extends FilterSearch {
  type?: SearchType;
  sortBy?: Sort;
  q?: string;
  clippedBy?: string;
  period?: Period;
  lyrics?: boolean;
}

export function validateSearchSearch(search: Raw, knownSources?: readonly string[]): SearchSearch {
  const type =
    typeof search.type === 'string' && (SEARCH_TYPES as readonly string[]).includes(search.type) ? (search.type as SearchType) : undefined;
  return {
    ...validateFilterSearch(['youtube', 'sound_cloud', 'twitch'], search, knownSources),
    type,
    sortBy: parseSort(search.sortBy),
    q: parseQuery(search.q),
    clippedBy: parseClippedBy(search.clippedBy),
    period: validatePeriod(search),
    lyrics: parseLyrics(search.lyrics) || undefined,
  };
}

/** The login callback's result on the home page (`/?loginSuccess=true|false`). */
export function validateHomeSearch(search: Raw): { loginSuccess?: boolean } {
  const value = String(search.loginSuccess);
  return { loginSuccess: value === 'true' ? true : value === 'false' ? false : undefined };
}

export const LIKED_TABS = ['media', 'streams', 'playlists'] as const;
export type LikedTab = (typeof LIKED_TABS)[number];

/** The Liked tab (`/liked?tab=streams`), so a reload or a shared link opens the same tab; songs by default. */
export function validateLikedSearch(search: Raw): { tab?: Exclude<LikedTab, 'media'> } {
  return search.tab === 'streams' || search.tab === 'playlists' ? { tab: search.tab } : {};
}
