import { z } from 'zod';
import { clipSchema, mediaSchema, playlistSchema, streamSchema } from './api';
import { text } from './fields';

/**
 * Search as you type (issue 14): the navbar's suggestions. One call per keystroke answers the best
 * few of each kind, ranked by the same matching rules as the search lists (typo tolerance, last word
 * as a prefix, accents and case ignored, relevance order).
 */

export { SUGGEST_DEBOUNCE_MS, SUGGEST_LIMIT, SUGGEST_PATH } from './suggest';

export const suggestQuery = z.object({ q: text({ max: 200 }) });
export type SuggestQuery = z.infer<typeof suggestQuery>;

/** GET /api/search/suggest?q=: best first within each kind; an empty list when nothing matches. */
export const suggestionsSchema = z.object({
  media: z.array(mediaSchema),
  streams: z.array(streamSchema),
  playlists: z.array(playlistSchema),
  clips: z.array(clipSchema),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;
