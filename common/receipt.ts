import { z } from 'zod';

/**
 * The fan's receipt (GET /api/requests/{id}/receipt, web /requests/{id}): one paid request's state,
 * its place and ETA while waiting, its timeline, and once played the moment on stream and the song it
 * became. Public, so nothing private: no order or capture ids, no addresses, a rejection's reason only
 * when the admin chose to show it.
 */

/** What a fan is shown: refund_failed is the server's to retry, so a fan sees `rejected` until it is refunded. */
export const RECEIPT_STATUSES = ['held', 'queued', 'playing', 'played', 'rejected', 'refunded'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/** Where a request played in a stream's recording, the way a song's "Watch Stream" opens it. */
export const momentSchema = z.object({
  streamId: z.number().int(),
  /** Seconds into the recording */
  seconds: z.number().int().min(0),
  /** The recording at that second (Twitch `?t=1h2m3s`, YouTube `&t=3723s`) */
  url: z.string(),
});
export type Moment = z.infer<typeof momentSchema>;

export const receiptSchema = z.object({
  /** The history id */
  id: z.number().int(),
  kind: z.enum(['flip', 'sample']),
  /** A flip's video title, a sample's "Voice sample (4.2 s)" */
  title: z.string(),
  /** A flip's YouTube video id */
  videoId: z.string().optional(),
  thumbnailUrl: z.string().optional(),
  username: z.string(),
  /** What the buyer paid, "20.00" in `currency`; null for a history row from before paid requests */
  amount: z.string().nullable(),
  currency: z.string(),
  status: z.enum(RECEIPT_STATUSES),
  /** 1 for the next request of its kind to play; only while queued */
  position: z.number().int().min(1).optional(),
  /** Seconds until it should play, never negative (0: any minute now); only while held or queued */
  etaSeconds: z.number().int().min(0).optional(),
  /** Its states, oldest first, with when each began */
  timeline: z.array(z.object({ status: z.enum(RECEIPT_STATUSES), at: z.string() })),
  /** The admin's reason for a rejection, when they chose to show it */
  rejectReason: z.string().optional(),
  /** Where it played in the stream's recording, once the recording is synced */
  moment: momentSchema.optional(),
  /** The song it became (an admin sets it on the history row) */
  mediaId: z.number().int().optional(),
  mediaName: z.string().optional(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const RECEIPT_PATHS = {
  api: (id: number) => `/api/requests/${id}/receipt`,
  /** The receipt's socket: `?id=` the history id; the receipt now, then again whenever it may have changed */
  socket: '/api/ws/requests/receipt',
  page: (id: number) => `/requests/${id}`,
} as const;

/** The minutes a request is expected to take before any has been played (REQUEST_SLOT_MINUTES's default) */
export const REQUEST_SLOT_MINUTES_DEFAULT = 5;
