import { z } from 'zod';
import { text } from './fields';
import { queueItemSchema } from './queue';

/**
 * Stream overlays for OBS (browser sources): pages opened with `?key=`, the overlay key of the
 * site's configuration (OVERLAY_KEY; DEMO_OVERLAY_KEY in demo mode). Their data comes from
 * /api/overlays/… and /api/ws/overlays/… with the same key.
 */

/** The fixed overlay key of demo mode, so the demo's overlay URLs can be written down (README). */
export const DEMO_OVERLAY_KEY = 'demo-overlay-key';

/** How many queued items the queue overlay shows after what is playing. */
export const OVERLAY_NEXT_COUNT = 3;

/** GET /api/overlays/queue?key= and every message of WebSocket /api/ws/overlays/queue?key=. */
export const overlayQueueSchema = z.object({
  playing: queueItemSchema.nullable(),
  next: z.array(queueItemSchema).max(OVERLAY_NEXT_COUNT),
});
export type OverlayQueue = z.infer<typeof overlayQueueSchema>;

/** The key every overlay call carries; its check is server/overlays/key.ts. */
export const overlayKeyQuery = z.object({ key: text({ max: 200 }).optional() });

/** GET /api/overlays (admins): the overlay pages to paste into OBS, keys included. */
export const overlayLinkSchema = z.object({ name: z.string(), url: z.string() });
export const overlayLinksSchema = z.array(overlayLinkSchema);
export type OverlayLink = z.infer<typeof overlayLinkSchema>;

export const OVERLAY_PATHS = {
  /** The web page of the queue overlay (the browser source's URL, with ?key=) */
  queuePage: '/overlays/queue',
  queue: '/api/overlays/queue',
  queueSocket: '/api/ws/overlays/queue',
  list: '/api/overlays',
  /** The sample player's web page and its socket */
  samplesPage: '/overlays/samples',
  samples: '/api/overlays/samples',
  /** POST (admins): every open sample player plays a test sound */
  samplesTest: '/api/overlays/samples/test',
  samplesSocket: '/api/ws/overlays/samples',
  /** POST (the overlay key): the player finished a sample's first play; its request is played */
  samplePlayed: (sampleRequestId: number) => `/api/overlays/samples/${sampleRequestId}/played`,
} as const;

/**
 * One play of a sample on stream: when it was paid for (`replay` 0) or replayed by an admin (`replay`
 * n). `key` names the play, so a player that hears it twice plays it once.
 */
export const samplePlaySchema = z.object({
  key: z.string(),
  sampleRequestId: z.number().int(),
  username: z.string(),
  replay: z.number().int(),
  at: z.string(),
});
export type SamplePlay = z.infer<typeof samplePlaySchema>;

/**
 * Every message of WebSocket /api/ws/overlays/samples?key=: the latest plays, oldest first (on
 * connect and after each payment or replay). A player plays the plays it has not seen, in order;
 * the first message after it opens only tells it what is old.
 */
export const samplePlaysSchema = z.object({
  plays: z.array(samplePlaySchema),
  /** Set on the message that asks for a test sound (the Admin Console's button): play it once per id */
  test: z.string().optional(),
});
export type SamplePlays = z.infer<typeof samplePlaysSchema>;
