import { z } from 'zod';
import { mediaSchema } from './api';
import { RADIO_STATIONS } from './constants';
import { RADIO_REACTIONS, SKIP_VOTES_MIN } from './reactions';

/**
 * The radio (spec 2 "Radio", 3 "Radio track", 7 "Radio"): the shapes the radio socket pushes, the
 * radio calls answer and document, and the web's player types with.
 */

export const stationSchema = z.enum(RADIO_STATIONS);
export type Station = z.infer<typeof stationSchema>;

/** `?station=` of the socket and of every radio call; anything else is refused (400, or a close with the reason). */
export const stationQuery = z.object({ station: stationSchema });
export type StationQuery = z.infer<typeof stationQuery>;

/**
 * POST /api/radio/skip?station=&startedAt=: `startedAt` (optional) is the `startedAt` of the track
 * the admin sees, as the socket sent it (ISO 8601, e.g. 2026-06-01T12:00:00.000Z). It names one play:
 * if that play is no longer current (the track ended meanwhile, a double click, another admin), the
 * skip moves nothing and answers the current track. Without it, whatever plays is skipped.
 */
export const skipQuery = stationQuery.extend({
  startedAt: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('The startedAt of the track to skip, as the radio socket sent it; a track no longer current is not skipped'),
});
export type SkipQuery = z.infer<typeof skipQuery>;

/**
 * Every message of WebSocket /api/ws/radio?station=: the song as the API presents it, plus where the
 * station is in it. `startAtSecs` (spec 3) is whole seconds since the track started when the message
 * was sent; `startedAt` and `serverTime` (ISO 8601) let a late message or a drifting player correct
 * itself: position = (now - startedAt) adjusted by the clock offset (serverTime - receipt time).
 */
export const radioTrackSchema = mediaSchema.extend({
  station: stationSchema,
  startAtSecs: z.number().int().nonnegative(),
  startedAt: z.string(),
  serverTime: z.string(),
});
export type RadioTrack = z.infer<typeof radioTrackSchema>;

export const reactionSchema = z.enum(RADIO_REACTIONS);
export type Reaction = z.infer<typeof reactionSchema>;

/** How many of each reaction a track got while it played (issue 25), every reaction named, 0 when none. */
export const reactionCountsSchema = z.object(
  Object.fromEntries(RADIO_REACTIONS.map((reaction) => [reaction, z.number().int().nonnegative()])) as Record<Reaction, z.ZodNumber>,
);
export type ReactionCounts = z.infer<typeof reactionCountsSchema>;

/** One entry of GET /api/radio/history?station=: a song the station played, when it started, and its listeners' reactions. */
export const radioPlayedSchema = mediaSchema.extend({ startedAt: z.string(), reactions: reactionCountsSchema });
export type RadioPlayed = z.infer<typeof radioPlayedSchema>;

/** GET /api/radio/history?station=: the last RADIO_HISTORY_SIZE tracks played before the current one, newest first. */
export const radioHistorySchema = z.array(radioPlayedSchema);
export const RADIO_HISTORY_SIZE = 20;

/**
 * GET /api/radio/listeners, and every message of WebSocket /api/ws/radio/listeners: radio sockets
 * listening to each station right now, across every instance. The socket sends the sums on connect
 * and again within moments of any listener joining or leaving on any instance.
 */
export const radioListenersSchema = z.object({ top: z.number().int().nonnegative(), everything: z.number().int().nonnegative() });
export type RadioListeners = z.infer<typeof radioListenersSchema>;

/**
 * WebSocket /api/ws/radio?station=&crowd=1: with `crowd=1` the socket also gets the current track's
 * crowd messages (below). Without it every message is a track, as pages loaded before issue 25, the
 * deploy check and the benchmarks read it.
 */
export const radioSocketQuery = stationQuery.extend({ crowd: z.literal('1').optional() });
export type RadioSocketQuery = z.infer<typeof radioSocketQuery>;

/**
 * What a listener may send on the radio socket, besides the gateway's ping (issue 25):
 * - `react`: one of the fixed reactions to the current track; at most one per REACTION_EVERY_MS per
 *   socket counts, extra ones are dropped without a word (too many messages still close the socket);
 * - `vote`: a logged-in listener's vote to skip the track that started at `startedAt` (the track the
 *   listener sees; a vote for a track no longer playing, or a second vote, is dropped). The login is
 *   the session cookie the socket connected with.
 */
export const radioClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('react'), reaction: reactionSchema }).strict(),
  z.object({ type: z.literal('vote'), startedAt: z.iso.datetime({ offset: true }) }).strict(),
]);
export type RadioClientMessage = z.infer<typeof radioClientMessageSchema>;

/**
 * A `crowd=1` radio socket's other message: the current track's reactions and votes to skip, on
 * connect and within a second of any change on any instance. `voters`: logged-in listeners of the
 * station now; `needed`: the votes that skip the track (more than half of them, at least
 * SKIP_VOTES_MIN); `votes` counts those of the listeners still here. It names the track by `startedAt`.
 */
export const radioCrowdSchema = z.object({
  type: z.literal('crowd'),
  station: stationSchema,
  startedAt: z.string(),
  reactions: reactionCountsSchema,
  votes: z.number().int().nonnegative(),
  voters: z.number().int().nonnegative(),
  needed: z.number().int().positive(),
});
export type RadioCrowd = z.infer<typeof radioCrowdSchema>;

/** Every message of a `crowd=1` radio socket: a track or a crowd. */
export const radioMessageSchema = z.union([radioCrowdSchema, radioTrackSchema]);

/** Votes that skip a track with `voters` logged-in listeners: more than half of them, and at least SKIP_VOTES_MIN. */
export const votesNeeded = (voters: number): number => Math.max(SKIP_VOTES_MIN, Math.floor(voters / 2) + 1);

/**
 * GET /api/radio/current?station=: the track the socket would send a listener joining now (the same
 * shape, stamped now), or null while the station has nothing to play. The /radio page's HTML carries
 * it, so the track shows before the socket connects (issue 23); the socket's tracks then win.
 */
export const radioCurrentSchema = radioTrackSchema.nullable();
