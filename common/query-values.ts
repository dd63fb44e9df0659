import { PERIODS, type Period, PLAYLIST_TYPES, type PlaylistType, PROVIDERS, type Provider, SORTS, SOURCE_KINDS, type Sort } from './enums';

/**
 * The lenient rules of query-parameter values (unknown values dropped, never an error, spec 4 and
 * 5), without zod: the web reads its own URL with these in the first bundle, where zod would add
 * ~25 kB gzip to the home route's 250 kB budget, and query.ts wraps them in the API's zod schemas.
 */

/** A repeatable parameter arrives as a string, an array, or comma-separated values. */
function toList(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  const items = Array.isArray(value) ? value : [value];
  return items
    .flatMap((item) => String(item).split(','))
    .map((item) => item.trim())
    .filter(Boolean);
}

const unique = (items: string[]) => [...new Set(items)];

/** A single-valued parameter given more than once counts by its first value. */
function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : value;
}

export function parseProviders(value: unknown): Provider[] {
  return unique(toList(value)).filter((item): item is Provider => (PROVIDERS as readonly string[]).includes(item));
}

const SOURCE_PATTERN = new RegExp(`^[a-z0-9]+_(${SOURCE_KINDS.join('|')})$`);

export function parseSources(value: unknown): string[] {
  return unique(toList(value)).filter((item) => SOURCE_PATTERN.test(item));
}

export function parseTags(value: unknown): number[] {
  return unique(toList(value))
    .filter((item) => /^\d{1,9}$/.test(item))
    .map(Number)
    .filter((id) => id > 0);
}

function knownValue<T extends string>(allowed: readonly T[], value: unknown): T | undefined {
  const item = first(value);
  return typeof item === 'string' && (allowed as readonly string[]).includes(item.toLowerCase()) ? (item.toLowerCase() as T) : undefined;
}

export const parsePeriod = (value: unknown): Period | undefined => knownValue(PERIODS, value);
export const parseSort = (value: unknown): Sort | undefined => knownValue(SORTS, value);
export const parsePlaylistType = (value: unknown): PlaylistType | undefined => knownValue(PLAYLIST_TYPES, value);

/** lyrics is true only when the parameter equals "true". */
export const parseLyrics = (value: unknown): boolean => value === 'true' || value === true;

/** Trimmed text cut to `max` characters; blank is absent. */
function text(value: unknown, max: number): string | undefined {
  const item = first(value);
  if (typeof item !== 'string') return undefined;
  const trimmed = item.trim().slice(0, max);
  return trimmed === '' ? undefined : trimmed;
}

/** Longest search text (q, and the request history's title and username filters); longer is cut */
export const QUERY_TEXT_MAX = 200;
/** Longest clip creator filter; longer is cut */
export const CLIPPED_BY_MAX = 64;

export const parseQuery = (value: unknown) => text(value, QUERY_TEXT_MAX);
export const parseClippedBy = (value: unknown) => text(value, CLIPPED_BY_MAX);

/** An optional id filter; anything that is not a positive id is dropped like an unknown enum value. */
export function parseOptionalId(value: unknown): number | undefined {
  const item = first(value);
  return typeof item === 'string' && /^\d{1,9}$/.test(item) && Number(item) > 0 ? Number(item) : undefined;
}
