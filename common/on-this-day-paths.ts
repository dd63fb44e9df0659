/** "On this day" (issue 25): its kinds and where their calls live; zod-free, so the home page loads no zod. */

/** The kinds with an upload day: songs, streams and clips (a playlist's date is its last change). */
export const ON_THIS_DAY_KINDS = ['media', 'streams', 'clips'] as const;
export type OnThisDayKind = (typeof ON_THIS_DAY_KINDS)[number];

/** At most this many items of a kind per earlier year, the most viewed: a big catalogue uploads dozens a day. */
export const ON_THIS_DAY_PER_YEAR = 3;

/** GET: that kind's items of today's calendar day in earlier years (server/on-this-day/routes.ts). */
export const onThisDayPath = (kind: OnThisDayKind) => `/api/${kind}/on-this-day` as const;
