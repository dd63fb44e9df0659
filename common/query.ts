import { z } from 'zod';
import { DEFAULT_API_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';
import { PERIODS, PLAYLIST_TYPES, PROVIDERS, SORTS } from './enums';
import { clampedInt, id, idFromText, text } from './fields';
import {
  CLIPPED_BY_MAX,
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
  QUERY_TEXT_MAX,
} from './query-values';

/**
 * The API's query schemas (server validation, OpenAPI). Filters are lenient: their values go
 * through the zod-free rules of query-values.ts, which the web uses to read its own URL, so unknown
 * values are dropped the same way on both sides, never an error (spec 4 and 5). Paging and ids are
 * strict: a malformed number is a 400 naming the field; so is text the database cannot hold (NUL).
 */

export const providersParam = z.preprocess(parseProviders, z.array(z.enum(PROVIDERS)));
export const sourcesParam = z.preprocess(parseSources, z.array(z.string()));
export const tagsParam = z.preprocess(parseTags, z.array(id));
export const periodParam = z.preprocess(parsePeriod, z.enum(PERIODS).optional());
export const sortParam = z.preprocess(parseSort, z.enum(SORTS).optional());
export const playlistTypeParam = z.preprocess(parsePlaylistType, z.enum(PLAYLIST_TYPES).optional());
export const lyricsParam = z.preprocess(parseLyrics, z.boolean());

export const pagingQuery = z.object({
  /** 1-based; malformed numbers are a 400 naming the field, out-of-range ones are clamped */
  page: clampedInt(1, 1_000_000),
  size: clampedInt(DEFAULT_API_PAGE_SIZE, MAX_PAGE_SIZE),
});

const optionalIdParam = z.preprocess(parseOptionalId, id.optional());

export const filterFields = {
  providers: providersParam,
  sources: sourcesParam,
  tags: tagsParam,
  q: z.preprocess(parseQuery, text({ max: QUERY_TEXT_MAX }).optional()),
  period: periodParam,
  lyrics: lyricsParam,
  clippedBy: z.preprocess(parseClippedBy, text({ max: CLIPPED_BY_MAX }).optional()),
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

/** A path id; one that cannot be an id makes the path name nothing (404, server/http/error-handler.ts). */
export const idParams = z.object({ id: idFromText });
