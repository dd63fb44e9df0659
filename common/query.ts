import { z } from 'zod';
import { DEFAULT_API_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';
import { PERIODS, PLAYLIST_TYPES, PROVIDERS, SORTS } from './enums';
import {
  parseClippedBy,
  parseLyrics,
  parseOptionalId,
  parsePeriod,
  parsePlaylistType,
  parseProviders,
  parseQuery,
  parseSort,
  parseSources,
  parseTags,
} from './query-values';

/**
 * The API's query schemas (server validation, OpenAPI). Filters are lenient: their values go
 * through the zod-free rules of query-values.ts, which the web uses to read its own URL, so unknown
 * values are dropped the same way on both sides, never an error (spec 4 and 5). Paging and ids are
 * strict: a malformed number is a 400 naming the field.
 */

export const providersParam = z.preprocess(parseProviders, z.array(z.enum(PROVIDERS)));
export const sourcesParam = z.preprocess(parseSources, z.array(z.string()));
export const tagsParam = z.preprocess(parseTags, z.array(z.number().int()));
export const periodParam = z.preprocess(parsePeriod, z.enum(PERIODS).optional());
export const sortParam = z.preprocess(parseSort, z.enum(SORTS).optional());
export const playlistTypeParam = z.preprocess(parsePlaylistType, z.enum(PLAYLIST_TYPES).optional());
export const lyricsParam = z.preprocess(parseLyrics, z.boolean());

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

const optionalIdParam = z.preprocess(parseOptionalId, z.number().int().optional());

export const filterFields = {
  providers: providersParam,
  sources: sourcesParam,
  tags: tagsParam,
  q: z.preprocess(parseQuery, z.string().optional()),
  period: periodParam,
  lyrics: lyricsParam,
  clippedBy: z.preprocess(parseClippedBy, z.string().optional()),
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
