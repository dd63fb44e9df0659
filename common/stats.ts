import { z } from 'zod';
import { RADIO_STATIONS } from './constants';
import { PERIODS } from './enums';
import { LIKED_KINDS, STATS_UNITS, TIMELINE_SERIES, TOP_LISTS } from './stats-paths';

export * from './stats-paths';

/**
 * The /stats page's answers (issue 25): GET /api/stats/timeline (what the channel put out per month
 * or year) and GET /api/stats/top (ranked lists). Both are public and the same for every visitor.
 * Unlike the catalogue's lenient filters, these selectors are not filters: a value the API does not
 * know is a 400 naming the field, never a silently different list.
 */

const count = z.number().int().nonnegative();

export const timelineQuery = z.object({
  unit: z.enum(STATS_UNITS).default('month'),
  what: z.enum(TIMELINE_SERIES).default('uploads'),
});
export type TimelineQuery = z.infer<typeof timelineQuery>;

/** A period's label: "2026-05" for a month, "2026" for a year (UTC). */
const periodLabel = z.string().regex(/^\d{4}(-\d{2})?$/);

export const uploadsPeriodSchema = z.object({
  period: periodLabel,
  /** Available songs uploaded in the period */
  songs: count,
  streams: count,
  /** The length of those streams, in seconds */
  streamSeconds: count,
  clips: count,
});
export type UploadsPeriod = z.infer<typeof uploadsPeriodSchema>;

/** Every period from the first upload's to the last one's, oldest first; a period without uploads counts 0. */
export const uploadsTimelineSchema = z.object({
  what: z.literal('uploads'),
  unit: z.enum(STATS_UNITS),
  periods: z.array(uploadsPeriodSchema),
});
export type UploadsTimeline = z.infer<typeof uploadsTimelineSchema>;

export const rankedTagSchema = z.object({ id: z.number().int(), name: z.string(), count });
export type RankedTag = z.infer<typeof rankedTagSchema>;

/**
 * The ten tags most used by available songs (most songs first, then by name), and for each period
 * (oldest first, every period from the first tagged song's to the last one's) how many songs uploaded
 * then carry each of them: all ten, most first (ties in the overall order).
 */
export const tagsTimelineSchema = z.object({
  what: z.literal('tags'),
  unit: z.enum(STATS_UNITS),
  tags: z.array(rankedTagSchema),
  periods: z.array(z.object({ period: periodLabel, tags: z.array(z.object({ id: z.number().int(), count })) })),
});
export type TagsTimeline = z.infer<typeof tagsTimelineSchema>;

export const timelineSchema = z.discriminatedUnion('what', [uploadsTimelineSchema, tagsTimelineSchema]);
export type Timeline = z.infer<typeof timelineSchema>;

/**
 * `period`: liked counts the likes given in it, requested and requesters the requests played in it,
 * radio the plays started in it. Defaults: all_time, except radio's month (the last 30 days).
 * `kind` is liked's (default media) and ignored by the other lists.
 */
export const topQuery = z.object({
  what: z.enum(TOP_LISTS),
  kind: z.enum(LIKED_KINDS).default('media'),
  period: z.enum(PERIODS).optional(),
});
export type TopQuery = z.infer<typeof topQuery>;

const period = z.enum(PERIODS);

/** A catalogue item of a ranked list: enough to name it, show its thumbnail and link to its page. */
const rankedItem = { id: z.number().int(), name: z.string(), thumbnail: z.string().nullable() };

export const topLikedSchema = z.object({
  what: z.literal('liked'),
  kind: z.enum(LIKED_KINDS),
  period,
  /** Available items by likes, most first (then by name) */
  items: z.array(z.object({ ...rankedItem, likes: count })),
});
export type TopLiked = z.infer<typeof topLikedSchema>;

export const topRequestedSchema = z.object({
  what: z.literal('requested'),
  period,
  /**
   * Videos by how many of their flip requests played (rejected and refunded ones do not count), most
   * first, then the most recently requested. `title` is the latest request's; `mediaId` the song the
   * latest linked request became, null while none did.
   */
  items: z.array(z.object({ videoId: z.string(), title: z.string(), requests: count, mediaId: z.number().int().nullable() })),
});
export type TopRequested = z.infer<typeof topRequestedSchema>;

export const topRequestersSchema = z.object({
  what: z.literal('requesters'),
  period,
  /**
   * Requesters by how many of their requests (flips and samples) played, most first, then by name.
   * Not counted: rejected and refunded requests, and requests paid without logging in (a nickname
   * only: an anonymous requester in spec 6's sense).
   */
  items: z.array(z.object({ username: z.string(), requests: count })),
});
export type TopRequesters = z.infer<typeof topRequestersSchema>;

export const topRadioSchema = z.object({
  what: z.literal('radio'),
  period,
  /** Every station, in RADIO_STATIONS order, with its most played songs (most plays first, then the latest played) */
  stations: z.array(z.object({ station: z.enum(RADIO_STATIONS), items: z.array(z.object({ ...rankedItem, plays: count })) })),
});
export type TopRadio = z.infer<typeof topRadioSchema>;

export const topSchema = z.discriminatedUnion('what', [topLikedSchema, topRequestedSchema, topRequestersSchema, topRadioSchema]);
export type Top = z.infer<typeof topSchema>;
