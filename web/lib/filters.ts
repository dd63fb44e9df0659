import type { z } from 'zod';
import { type Period, type Provider, SEARCH_TYPES, type SearchType, type Sort } from '../../common/enums';
import { filterFields, lyricsParam, periodParam, providersParam, sortParam, sourcesParam, tagsParam } from '../../common/query';

/**
 * Validated search params of the list screens. A validator must accept its own output (the router
 * validates again what a screen navigates with), so booleans and numbers are read in both forms. Parsing reuses common/query.ts, so the web drops
 * unknown provider, source and period values exactly as the API does (spec 4, 5). Every key is
 * optional: an absent key keeps the URL clean and lets links omit it.
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

function parse<T>(schema: z.ZodType<T>, value: unknown): T | undefined {
  const result = schema.safeParse(value);
  return result.success ? result.data : undefined;
}

/** Absent (or undefined) keys stay undefined; a present key, even empty (`providers=`), is a list. */
function optionalList<T>(search: Raw, key: string, schema: z.ZodType<T[]>): T[] | undefined {
  return search[key] === undefined ? undefined : (parse(schema, search[key]) ?? []);
}

/** Providers, sources and tags, keeping only the providers a kind of list accepts. */
export function validateFilterSearch(allowedProviders: readonly Provider[], search: Raw): FilterSearch {
  const providers = optionalList(search, 'providers', providersParam)?.filter((p) => allowedProviders.includes(p));
  return {
    providers,
    sources: optionalList(search, 'sources', sourcesParam),
    tags: optionalList(search, 'tags', tagsParam),
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
  return parse(periodParam, search.period);
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
    sort: parse(sortParam, search.sort) === 'latest' ? 'latest' : undefined,
    clippedBy: parse(filterFields.clippedBy, search.clippedBy),
    tags: optionalList(search, 'tags', tagsParam),
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

export function validateSearchSearch(search: Raw): SearchSearch {
  const type =
    typeof search.type === 'string' && (SEARCH_TYPES as readonly string[]).includes(search.type) ? (search.type as SearchType) : undefined;
  return {
    ...validateFilterSearch(['youtube', 'sound_cloud', 'twitch'], search),
    type,
    sortBy: parse(sortParam, search.sortBy),
    q: parse(filterFields.q, search.q),
    clippedBy: parse(filterFields.clippedBy, search.clippedBy),
    period: validatePeriod(search),
    lyrics: parse(lyricsParam, search.lyrics) || undefined,
  };
}

/** The login callback's result on the home page (`/?loginSuccess=true|false`). */
export function validateHomeSearch(search: Raw): { loginSuccess?: boolean } {
  const value = String(search.loginSuccess);
  return { loginSuccess: value === 'true' ? true : value === 'false' ? false : undefined };
}
