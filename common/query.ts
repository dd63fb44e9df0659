import { z } from 'zod';
import { DEFAULT_API_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';
import { PERIODS, type Period, PLAYLIST_TYPES, PROVIDERS, SORTS, SOURCE_KINDS, type Sort } from './enums';

/**
 * Query-string parsing shared by the server (validation) and the web (reading its own URL).
 * Filters are lenient: unknown enum values are dropped, never an error (spec 4 and 5).
 */

/** A repeatable query parameter arrives as a string, an array, or comma-separated values. */
function toList(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  const items = Array.isArray(value) ? value : [value];
  return items
    .flatMap((item) => String(item).split(','))
    .map((item) => item.trim())
    .filter(Boolean);
}

function knownList<T extends string>(allowed: readonly T[]) {
  return z.preprocess(
    (value) => [...new Set(toList(value))].filter((item): item is T => (allowed as readonly string[]).includes(item)),
    z.array(z.enum(allowed as unknown as [T, ...T[]])),
  );
}

const SOURCE_PATTERN = new RegExp(`^[a-z0-9]+_(${SOURCE_KINDS.join('|')})$`);

export const providersParam = knownList(PROVIDERS);
export const sourcesParam = z.preprocess(
  (value) => [...new Set(toList(value))].filter((item) => SOURCE_PATTERN.test(item)),
  z.array(z.string()),
);
export const tagsParam = z.preprocess(
  (value) =>
    [...new Set(toList(value))]
      .filter((item) => /^\d{1,9}$/.test(item))
      .map(Number)
      .filter((id) => id > 0),
  z.array(z.number().int()),
);

function knownValue<T extends string>(allowed: readonly T[]) {
  return z.preprocess((value) => {
    const first = Array.isArray(value) ? value[0] : value;
    return typeof first === 'string' && (allowed as readonly string[]).includes(first.toLowerCase()) ? first.toLowerCase() : undefined;
  }, z.enum(allowed as unknown as [T, ...T[]]).optional());
}

export const periodParam = knownValue<Period>(PERIODS);
export const sortParam = knownValue<Sort>(SORTS);
export const playlistTypeParam = knownValue(PLAYLIST_TYPES);

/** lyrics is true only when the parameter equals "true". */
export const lyricsParam = z.preprocess((value) => value === 'true' || value === true, z.boolean());

const textParam = (max: number) =>
  z.preprocess((value) => {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first !== 'string') return undefined;
    const trimmed = first.trim().slice(0, max);
    return trimmed === '' ? undefined : trimmed;
  }, z.string().optional());

/** page is 1-based; malformed numbers are a 400 naming the field, out-of-range ones are clamped. */
const intParam = (fallback: number, min: number, max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? fallback : value),
    z.coerce
      .number({ error: 'must be a whole number' })
      .int({ error: 'must be a whole number' })
      .transform((n) => Math.min(max, Math.max(min, n))),
  );

export const pagingQuery = z.object({
  page: intParam(1, 1, 1_000_000),
  size: intParam(DEFAULT_API_PAGE_SIZE, 1, MAX_PAGE_SIZE),
});

/** An optional id filter; anything that is not a positive id is dropped like an unknown enum value. */
const optionalIdParam = z.preprocess((value) => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && /^\d{1,9}$/.test(first) && Number(first) > 0 ? Number(first) : undefined;
}, z.number().int().optional());

export const filterFields = {
  providers: providersParam,
  sources: sourcesParam,
  tags: tagsParam,
  q: textParam(200),
  period: periodParam,
  lyrics: lyricsParam,
  clippedBy: textParam(64),
  type: playlistTypeParam,
  sort: sortParam,
  /** Items of one stream (songs, clips, playlists) */
  streamId: optionalIdParam,
  /** Songs of one playlist, or the stream a stream playlist belongs to */
  playlistId: optionalIdParam,
  /** Playlists that contain one song */
  mediaId: optionalIdParam,
};

export const listQuery = pagingQuery.extend(filterFields);
export type ListQuery = z.infer<typeof listQuery>;

export type Filter = Omit<ListQuery, 'page' | 'size'>;

export const idParams = z.object({
  id: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a number' })
    .positive({ error: 'must be a number' })
    .max(2_147_483_647, { error: 'must be a number' }),
});
