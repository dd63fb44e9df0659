import { z } from 'zod';
import { idFromText } from './fields';
import { flipCaptureBody, flipCaptureResultSchema, flipCreateBody } from './flip';

export { SAMPLE_FIELDS, SAMPLE_PATHS } from './sample-paths';

/**
 * Sample requests (spec 2 "New Sample Request", 3 "Sample validation result", 7 "Requests"): the
 * shapes the server validates and documents and the web types with.
 */

/**
 * POST /api/requests/recording/validate answers (spec 3): `duration` in seconds as measured from the
 * audio (one decimal), `amount` the USD price of its whole seconds (common/pricing.ts).
 */
export const sampleValidationSchema = z.object({ sid: z.string(), duration: z.number(), amount: z.number().int() });
export type SampleValidation = z.infer<typeof sampleValidationSchema>;

/** POST /api/requests/recording/create and capture: as for flips, the browser sends ids, never an amount. */
export const sampleCreateBody = flipCreateBody;
export const sampleCaptureBody = flipCaptureBody;
/** The captured order and the success banner's ids: `sampleId` is the sample request's id. */
export const sampleCaptureResultSchema = flipCaptureResultSchema;
export type SampleCaptureResult = z.infer<typeof sampleCaptureResultSchema>;

/** POST /api/requests/flip/replay?id=: the history item whose sample plays again. */
export const replayQuery = z.object({ id: idFromText });
