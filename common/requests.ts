import { z } from 'zod';
import { MAX_PAGE_SIZE, NAME_MAX, NAME_MIN, REQUEST_HISTORY_CLIENT_DEFAULT_SIZE } from './constants';
import { clampedInt, id, name, text } from './fields';
import { parseOptionalId, parseQuery, QUERY_TEXT_MAX } from './query-values';
import { momentSchema } from './receipt';

/** Song requests (spec 3 "Song request", 7 "Requests"): the shapes the server validates and documents, and the web types with. */

export const songRequestSchema = z.object({
  id: z.number().int(),
  mediaId: z.number().int().nullable(),
  videoId: z.string(),
  title: z.string(),
  username: z.string(),
  createdAt: z.string(),
  sampleRequestId: z.number().int().nullable(),
  /** Where it played in a stream's recording ("Watch the moment"), once that recording is synced; its receipt is /requests/{id} */
  moment: momentSchema.optional(),
});
export type SongRequest = z.infer<typeof songRequestSchema>;

/** GET /api/requests/history: paging (size 30 unless asked) and the filters: the song, words of the title, the requester. */
export const historyQuery = z.object({
  page: clampedInt(1, 1_000_000),
  size: clampedInt(REQUEST_HISTORY_CLIENT_DEFAULT_SIZE, MAX_PAGE_SIZE),
  mediaId: z.preprocess(parseOptionalId, id.optional()),
  title: z.preprocess(parseQuery, text({ max: QUERY_TEXT_MAX }).optional()),
  username: z.preprocess(parseQuery, text({ max: QUERY_TEXT_MAX }).optional()),
});
export type HistoryQuery = z.infer<typeof historyQuery>;

/** POST /api/requests/history/{id} (spec 3 edit payload "request {username, mediaId}"): the requester and the song, by an admin. */
export const requestEditSchema = z.object({
  username: name({ min: NAME_MIN, max: NAME_MAX }),
  mediaId: id.nullable(),
});
export type RequestEdit = z.infer<typeof requestEditSchema>;
