import { PERIODS, type Period, PROVIDERS, type Provider, SORTS, SOURCE_KINDS, type Sort } from '../../common/enums';

/**
 * The lenient query-parameter rules of common/query.ts (unknown values dropped, never an error),
 * without zod: every screen's URL is validated by the router in the first bundle, and zod would
 * add ~25 kB gzip to the home route's 250 kB budget. query-parse.test.ts checks each function
 * against its common/query.ts counterpart, so the two cannot drift apart.
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

/** lyrics is true only when the parameter equals "true". */
export const parseLyrics = (value: unknown): boolean => value === 'true' || value === true;

function text(value: unknown, max: number): string | undefined {
  const item = first(value);
  if (typeof item !== 'string') return undefined;
  const trimmed = item.trim().slice(0, max);
  return trimmed === '' ? undefined : trimmed;
}

/** Same limits as common/query.ts filterFields.q and .clippedBy. */
export const parseQuery = (value: unknown) => text(value, 200);
export const parseClippedBy = (value: unknown) => text(value, 64);
