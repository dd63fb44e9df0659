import { z } from 'zod';

/**
 * The fair limits of paid requests (issue 19 "Fair limits"): REQUEST_LIMIT_PER_BUYER open requests
 * per buyer and QUEUE_MAX requests waiting to play, both refused at VERIFY, before anyone pays. The
 * request pages learn whether the queue is full from GET /api/requests/limits and then from the
 * features socket (common/realtime.ts), so they can say so before the fan records or pastes anything.
 */

export const REQUEST_LIMITS_PATH = '/api/requests/limits';

/** What VERIFY answers, and both request pages show, while the queue holds QUEUE_MAX requests. */
export const QUEUE_FULL_MESSAGE = 'The request queue is full. Try again once a few requests have played.';

/** GET /api/requests/limits: what every visitor may know of the limits (the queue is public anyway). */
export const requestLimitsSchema = z.object({ queueFull: z.boolean() });
export type RequestLimits = z.infer<typeof requestLimitsSchema>;
