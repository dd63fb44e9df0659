import { z } from 'zod';
import { idFromText } from './fields';

/**
 * The flip request queue (spec 2 "Flip Request Queue", 3 "Queue item", 7 "Requests"): the shapes
 * the server answers and documents, the queue socket pushes, and the web types with.
 */

/** Spec 3 "Queue item". `mediaId` is the YouTube video id the thumbnail is built from. */
export const queueItemSchema = z.object({
  /** The queue entry's id: what POST /api/requests/flip/next?id= names */
  id: z.number().int(),
  /** The request's history id: its receipt and the control room's approve and reject name it */
  requestId: z.number().int(),
  mediaId: z.string(),
  mediaUrl: z.string(),
  title: z.string(),
  username: z.string(),
  nowPlaying: z.boolean(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

/**
 * GET /api/requests/flip/queue, POST /api/requests/flip/next, and every message of
 * WebSocket /api/ws/requests/flip/queue: what is playing first, then the queued items oldest first.
 */
export const queueSchema = z.array(queueItemSchema);
export type Queue = z.infer<typeof queueSchema>;

/** POST /api/requests/flip/next: no id plays the oldest queued item; an id plays that queued item. */
export const queueNextQuery = z.object({ id: idFromText.optional() });
export type QueueNextQuery = z.infer<typeof queueNextQuery>;

export const QUEUE_PATHS = {
  queue: '/api/requests/flip/queue',
  next: '/api/requests/flip/next',
  socket: '/api/ws/requests/flip/queue',
} as const;
