import { randomBytes } from 'node:crypto';
import { CURRENCY } from '../../../common/constants';
import { samplePriceUsd } from '../../../common/pricing';
import type { SampleValidation } from '../../../common/sample';
import type { SessionUser } from '../../accounts/session';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events';
import { badRequest } from '../../http/errors';
import type { RequestFeatures } from '../features';
import { buyerOf, type RequestLimits } from '../limits/service';
import { requesterName } from '../requester';
import { AudioError, measureRecording } from './audio';
import { deleteExpiredUnpaid, insertSampleRequest } from './queries';

/** A validated recording can be paid for this long; an order made before may still be captured after. */
export const SAMPLE_REQUEST_TTL_MS = 60 * 60 * 1000;
/** Unpaid recordings are deleted this long after they expired (orders still open keep theirs). */
export const SAMPLE_KEEP_AFTER_EXPIRY_MS = 24 * 60 * 60 * 1000;

export interface SampleDeps {
  db: Db;
  features: RequestFeatures;
  events: EventBus;
  /** REQUEST_LIMIT_PER_BUYER and QUEUE_MAX */
  /** VERIFY's check, and the same check again when a request is paid (two tabs may pass VERIFY together) */
  limits: Pick<RequestLimits, 'requireWithinLimits' | 'checkLimits'>;
  /** SAMPLE_MAX_SECONDS */
  maxSeconds: number;
  now: () => Date;
}

const newSid = () => randomBytes(24).toString('base64url');

/** What a recording is measured as, to the tenth of a second shown (the price is of whole seconds). */
const tenths = (seconds: number) => Math.round(seconds * 10) / 10;

export function createSampleValidation(deps: SampleDeps) {
  const { db } = deps;
  return {
    /**
     * POST /api/requests/recording/validate: within the limits, measures the audio, prices it, and
     * keeps it under a new sid with the client's address (who a logged-out buyer is).
     */
    async validate(
      audio: Buffer,
      username: string | undefined,
      user: SessionUser | null,
      clientAddress: string,
    ): Promise<SampleValidation> {
      await deps.features.requireEnabled('recording');
      const name = requesterName(user, username);
      await deps.limits.requireWithinLimits(buyerOf(user, name, clientAddress));
      let measured: ReturnType<typeof measureRecording>;
      try {
        measured = measureRecording(audio);
      } catch (error) {
        if (error instanceof AudioError) throw badRequest(error.message);
        throw error;
      }
      if (measured.seconds > deps.maxSeconds) {
        throw badRequest(`fileKey is ${tenths(measured.seconds)} seconds long; samples are at most ${deps.maxSeconds} seconds`);
      }
      const amount = samplePriceUsd(measured.seconds);
      const now = deps.now();
      await deleteExpiredUnpaid(db, new Date(now.getTime() - SAMPLE_KEEP_AFTER_EXPIRY_MS));
      const request = await insertSampleRequest(db, {
        sid: newSid(),
        username: name,
        userId: user?.id ?? null,
        clientAddress,
        mimeType: `audio/${measured.container}`,
        audio,
        durationMs: Math.round(measured.seconds * 1000),
        amountCents: amount * 100,
        currency: CURRENCY,
        expiresAt: new Date(now.getTime() + SAMPLE_REQUEST_TTL_MS),
        createdAt: now,
        updatedAt: now,
      });
      return { sid: request.sid, duration: tenths(measured.seconds), amount };
    },
  };
}
