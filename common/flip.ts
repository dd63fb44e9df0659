import { z } from 'zod';
import { NAME_MAX, NAME_MIN } from './constants';
import { text } from './fields';
import { NICKNAME_PATTERN } from './flip-rules';
import { capturedOrderSchema } from './payments';

/**
 * Flip requests (spec 2 "New Flip Request", 3 "Validated flip request", "Payment success data",
 * 7 "Requests"): the shapes the server validates and documents and the web types with.
 */

/** GET and POST /api/requests/flip/enabled (and the recording ones). */
export const featureStateSchema = z.object({ enabled: z.boolean() });
export type FeatureState = z.infer<typeof featureStateSchema>;

/** Nicknames: 3 to 32 letters, digits or dashes (spec 5; the tooltip says "Only letters, numbers or dash"). */
export const nicknameSchema = z
  .string()
  .trim()
  .min(NAME_MIN, { error: `must be ${NAME_MIN} to ${NAME_MAX} characters` })
  .max(NAME_MAX, { error: `must be ${NAME_MIN} to ${NAME_MAX} characters` })
  .regex(NICKNAME_PATTERN, { error: 'may only hold letters, numbers or dashes' });

/** POST /api/requests/flip/validate (spec 3 "Flip request form"): `username` is ignored for a logged-in user. */
export const flipValidateBody = z.object({
  mediaUrl: text({ max: 2000, min: 1, trim: true, error: 'is required' }),
  username: text({ max: 200 }).optional().nullable(),
});
export type FlipValidateBody = z.infer<typeof flipValidateBody>;

export const previousRequestSchema = z.object({
  videoId: z.string(),
  title: z.string(),
  username: z.string(),
  mediaId: z.number().int().optional(),
  requestedAt: z.string(),
});
export type PreviousRequest = z.infer<typeof previousRequestSchema>;

/** The validated flip request: `sid` names it in create and capture. */
export const validatedFlipSchema = z.object({
  sid: z.string(),
  media: z.object({
    thumbnailUrl: z.string(),
    mediaUrl: z.string(),
    title: z.string(),
    author: z.string(),
    /** Seconds */
    duration: z.number().int(),
  }),
  /** Earlier requests of the same video, newest first */
  previousRequests: z.array(previousRequestSchema),
});
export type ValidatedFlip = z.infer<typeof validatedFlipSchema>;

const sid = text({ min: 1, max: 200 });

/** POST /api/requests/flip/create: the browser names the request and how it pays, never an amount. */
export const flipCreateBody = z.object({ sid, paymentSource: text({ max: 50 }).optional().nullable() });
export const orderIdSchema = z.object({ id: z.string() });

/** POST /api/requests/flip/capture */
export const flipCaptureBody = z.object({ sid, orderId: text({ min: 1, max: 100 }) });

/** Spec 3 "Payment success data": what the success banner shows. */
export const paymentSuccessSchema = z.object({
  sampleId: z.string(),
  orderId: z.string(),
  transactionId: z.string(),
  /** The history id: the fan's receipt is /requests/{requestId} ("Follow your request") */
  requestId: z.number().int(),
});
export type PaymentSuccess = z.infer<typeof paymentSuccessSchema>;

/**
 * GET /api/requests/{flip|sample}/status?sid=: where the buyer's payment stands, for the page that
 * lost the capture's answer (a 5xx, a dropped connection) and must not invite a second payment while
 * the first may be taken. `confirming`: a payment is under way and the server completes it (webhook,
 * reconciliation); `paid`: the banner's ids; `declined`: nothing taken, the buyer may try again;
 * `failed`: nothing taken and this order is over; `turned_away`: paid, refused by a limit, refunded.
 */
export const paymentStatusSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('paid'), ...paymentSuccessSchema.shape }),
  z.object({ state: z.literal('confirming') }),
  z.object({ state: z.literal('declined'), message: z.string() }),
  z.object({ state: z.literal('failed'), message: z.string() }),
  z.object({ state: z.literal('turned_away'), message: z.string(), requestId: z.number().int() }),
]);
export type PaymentStatusAnswer = z.infer<typeof paymentStatusSchema>;
export const paymentStatusQuery = z.object({ sid });

/**
 * POST /api/requests/flip/capture: PayPal's captured order (the capture id at
 * purchase_units[0].payments.captures[0].id, spec 7) and the ids of the success banner.
 */
export const flipCaptureResultSchema = capturedOrderSchema.extend(paymentSuccessSchema.shape);
export type FlipCaptureResult = z.infer<typeof flipCaptureResultSchema>;
