import { z } from 'zod';
import { mediaSchema } from './api';
import { RADIO_STATIONS } from './constants';

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

/** One entry of GET /api/radio/history?station=: a song the station played, and when it started. */
export const radioPlayedSchema = mediaSchema.extend({ startedAt: z.string() });
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

export const RADIO_PATHS = {
  socket: '/api/ws/radio',
  skip: '/api/radio/skip',
  history: '/api/radio/history',
  listeners: '/api/radio/listeners',
  /** The listener count, pushed (its own socket: every message of /api/ws/radio is a track) */
  listenersSocket: '/api/ws/radio/listeners',
} as const;

/** A player further than this from the server's position is moved to it (issue 13). */
export const RADIO_MAX_DRIFT_SECS = 2;
