import { z } from 'zod';
import { clipSchema, mediaSchema, streamSchema } from './api';
import type { OnThisDayKind } from './on-this-day-paths';

/**
 * "On this day" (GET /api/{media,streams,clips}/on-this-day): the items uploaded on today's calendar
 * day, in the site's time zone (SITE_TIME_ZONE), in earlier years, oldest year first. Each item is
 * its kind's usual shape plus the year it came out and how many years ago that is.
 */

const anniversary = { year: z.number().int(), yearsAgo: z.number().int().min(1) };

function onThisDaySchema<T extends z.ZodType>(item: T) {
  return z.object({
    /** Today in the site's time zone, YYYY-MM-DD */
    date: z.string(),
    /** The site's time zone (IANA name) the day is told in */
    timeZone: z.string(),
    /** Oldest year first; within a year, the most viewed first. `content`, as in a page: liked flags are written in the same way */
    content: z.array(item),
  });
}

export const onThisDaySchemas = {
  media: onThisDaySchema(mediaSchema.extend(anniversary)),
  streams: onThisDaySchema(streamSchema.extend(anniversary)),
  clips: onThisDaySchema(clipSchema.extend(anniversary)),
} as const;

export type OnThisDay<K extends OnThisDayKind> = z.infer<(typeof onThisDaySchemas)[K]>;
export type OnThisDayItem<K extends OnThisDayKind> = OnThisDay<K>['content'][number];
