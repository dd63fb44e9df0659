import { z } from 'zod';
import { MAX_PAGE_SIZE, NAME_MAX, NAME_MIN, REQUEST_HISTORY_CLIENT_DEFAULT_SIZE } from './constants';
import { parseOptionalId, parseQuery } from './query-values';

/** Song requests (spec 3 "Song request", 7 "Requests"): the shapes the server validates and documents, and the web types with. */

export const songRequestSchema = z.object({
  id: z.number().int(),
  mediaId: z.number().int().nullable(),
  videoId: z.string(),
  title: z.string(),
  username: z.string(),
  createdAt: z.string(),
  sampleRequestId: z.number().int().nullable(),
});
export type SongRequest = z.infer<typeof songRequestSchema>;

const pageNumber = (fallback: number, max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? fallback : value),
    z.coerce
      .number({ error: 'must be a whole number' })
      .int({ error: 'must be a whole number' })
      .transform((n) => Math.min(max, Math.max(1, n))),
  );

/** GET /api/requests/history: paging (size 30 unless asked) and the filters: the song, words of the title, the requester. */
export const historyQuery = z.object({
  page: pageNumber(1, 1_000_000),
  size: pageNumber(REQUEST_HISTORY_CLIENT_DEFAULT_SIZE, MAX_PAGE_SIZE),
  mediaId: z.preprocess(parseOptionalId, z.number().int().optional()),
  title: z.preprocess(parseQuery, z.string().optional()),
  username: z.preprocess(parseQuery, z.string().optional()),
});
export type HistoryQuery = z.infer<typeof historyQuery>;

/** POST /api/requests/history/{id} (spec 3 edit payload "request {username, mediaId}"): the requester and the song, by an admin. */
export const requestEditSchema = z.object({
  username: z
    .string()
    .trim()
    .min(NAME_MIN, { error: `must be ${NAME_MIN} to ${NAME_MAX} characters` })
    .max(NAME_MAX, { error: `must be ${NAME_MIN} to ${NAME_MAX} characters` }),
  mediaId: z.number().int().positive().max(2_147_483_647).nullable(),
});
export type RequestEdit = z.infer<typeof requestEditSchema>;
