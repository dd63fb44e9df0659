/**
 * The /stats page's API (issue 25, "The channel in numbers"), zod-free: the page's chunk reads these
 * values without bringing zod along (~25 kB gzip); stats.ts builds the API's schemas from them.
 */
export const STATS_PATHS = {
  timeline: '/api/stats/timeline',
  top: '/api/stats/top',
} as const;

/** How the timeline groups items: by UTC calendar month ("2026-05") or year ("2026"). */
export const STATS_UNITS = ['month', 'year'] as const;
export type StatsUnit = (typeof STATS_UNITS)[number];

/** What the timeline counts: uploads (songs, streams, stream seconds, clips) or the ten most used tags. */
export const TIMELINE_SERIES = ['uploads', 'tags'] as const;
export type TimelineSeries = (typeof TIMELINE_SERIES)[number];

/** The ranked lists of GET /api/stats/top. */
export const TOP_LISTS = ['liked', 'requested', 'requesters', 'radio'] as const;
export type TopList = (typeof TOP_LISTS)[number];

/** What `liked` ranks (the kinds fans like that have a page; playlists are not ranked). */
export const LIKED_KINDS = ['media', 'stream', 'clip'] as const;
export type LikedKind = (typeof LIKED_KINDS)[number];

/** How many entries a ranked list has, and how many tags the tags timeline follows. */
export const TOP_SIZE = 10;
