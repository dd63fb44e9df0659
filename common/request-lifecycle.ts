import { z } from 'zod';
import { text } from './fields';
import { REJECT_REASON_MAX, REQUEST_STATES } from './request-states';

/**
 * The paid requests' lifecycle as the API shows it (the control room: hold, approve, reject with a
 * refund): the held list, approve and reject, and the shapes the web types with. States and paths
 * are in request-states.ts (zod-free, for the web's small chunks).
 */

export const requestStateSchema = z.enum(REQUEST_STATES);

/** GET /api/requests/held: one paid request waiting for an admin, oldest first. `id` is the history id. */
export const heldRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['flip', 'sample']),
  /** A flip's video title, or a sample's "Voice sample (4.2 s)" */
  title: z.string(),
  /** A flip's YouTube video id (its link and thumbnail are built from it) */
  videoId: z.string().nullable(),
  /** A sample's id: its audio is GET /api/requests/recording/{sampleId}/audio */
  sampleId: z.number().int().nullable(),
  username: z.string(),
  /** What the buyer paid, "5.00", in `currency` */
  amount: z.string(),
  currency: z.string(),
  /** When the payment completed (the request's age) */
  paidAt: z.string(),
});
export type HeldRequest = z.infer<typeof heldRequestSchema>;
export const heldRequestsSchema = z.array(heldRequestSchema);

/** POST /api/requests/{id}/reject: an optional reason, and whether the fan's receipt may show it. */
export const rejectBodySchema = z
  .object({
    reason: text({ max: REJECT_REASON_MAX, trim: true }).optional(),
    showReason: z.boolean().optional(),
  })
  .default({});
export type RejectBody = z.infer<typeof rejectBodySchema>;

/**
 * POST /api/requests/{id}/approve and /reject: the request's state after the call. A second call,
 * or the loser of two admins racing, gets the state as it is (`changed: false`), never an error.
 */
export const requestDecisionSchema = z.object({
  id: z.number().int(),
  state: requestStateSchema,
  changed: z.boolean(),
  /** PayPal's message when the refund failed (state refund_failed); it is retried by the server */
  refundError: z.string().nullable(),
});
export type RequestDecision = z.infer<typeof requestDecisionSchema>;

/** GET /api/requests/attention (admins): rejected requests whose refund failed or is still pending. */
export const refundAttentionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['flip', 'sample']),
  title: z.string(),
  username: z.string(),
  state: requestStateSchema,
  refundError: z.string().nullable(),
  updatedAt: z.string(),
});
export type RefundAttention = z.infer<typeof refundAttentionSchema>;
export const refundAttentionListSchema = z.array(refundAttentionSchema);
