import { randomBytes } from 'node:crypto';
import { CURRENCY, FLIP_PRICE_USD } from '../../../common/constants';
import type { FlipValidateBody, ValidatedFlip } from '../../../common/flip';
import { parseYouTubeVideoLink } from '../../../common/youtube-links';
import type { SessionUser } from '../../accounts/session';
import type { Db } from '../../db/client';
import { DomainError } from '../../errors/domain';
import { ProviderError } from '../../providers';
import type { YouTubeClient } from '../../providers/youtube/client';
import type { Blocklist } from '../blocklist/service';
import type { RequestFeatures } from '../features';
import { buyerOf, type RequestLimits } from '../limits/service';
import { requesterName } from '../requester';
import { presentValidated } from './present';
import { historyOfVideo, insertFlipRequest } from './queries';

/** A validated request can be paid for this long; an order made before may still be captured after. */
export const FLIP_REQUEST_TTL_MS = 60 * 60 * 1000;

/** What the flip price is charged as: cents, from common/constants.ts (the browser never sends an amount). */
export const FLIP_PRICE_CENTS = FLIP_PRICE_USD * 100;

export interface FlipDeps {
  db: Db;
  features: RequestFeatures;
  /** Videos and channels no flip may request */
  blocklist: Pick<Blocklist, 'requireAllowed'>;
  /** REQUEST_LIMIT_PER_BUYER and QUEUE_MAX */
  /** VERIFY's check, and the same check again when a request is paid (two tabs may pass VERIFY together) */
  limits: Pick<RequestLimits, 'requireWithinLimits' | 'checkLimits'>;
  /** The YouTube client (null: not configured) */
  youtube: () => YouTubeClient | null;
  /** Where the browser loads video thumbnails from (public config videoImageBase) */
  videoImageBase: string;
  /** FLIP_MAX_VIDEO_MINUTES: a longer video is refused at VERIFY */
  maxVideoMinutes: number;
  now: () => Date;
}

/** The refusal of a video past FLIP_MAX_VIDEO_MINUTES, naming the limit. */
export const tooLongMessage = (minutes: number) =>
  `This video is too long for a flip request: videos of up to ${minutes} minutes can be requested`;

const newSid = () => randomBytes(24).toString('base64url');

async function findVideo(youtube: YouTubeClient | null, videoId: string) {
  if (!youtube) throw new DomainError('unavailable', 'Videos cannot be checked: YouTube is not configured on this site');
  try {
    const video = await youtube.video(videoId);
    return video && (video.privacy === 'public' || video.privacy === 'unlisted') ? video : null;
  } catch (error) {
    if (error instanceof ProviderError) throw new DomainError('upstream', 'Could not check the video with YouTube; please try again');
    throw error;
  }
}

export function createFlipValidation(deps: FlipDeps) {
  const { db } = deps;
  return {
    /**
     * POST /api/requests/flip/validate: within the limits (before YouTube is asked), the video exists
     * and is public; a pending request named by a new sid, kept with the client's address (who a
     * logged-out buyer is).
     */
    async validate(body: FlipValidateBody, user: SessionUser | null, clientAddress: string): Promise<ValidatedFlip> {
      await deps.features.requireEnabled('flip');
      const username = requesterName(user, body.username);
      await deps.limits.requireWithinLimits(buyerOf(user, username, clientAddress));
      const videoId = parseYouTubeVideoLink(body.mediaUrl);
      if (!videoId) throw new DomainError('invalid', 'mediaUrl is not a YouTube video link');
      const video = await findVideo(deps.youtube(), videoId);
      if (!video) throw new DomainError('invalid', 'This YouTube video does not exist, or it is private or deleted');
      await deps.blocklist.requireAllowed(videoId, video.channelId);
      if (video.durationSeconds > deps.maxVideoMinutes * 60) throw new DomainError('invalid', tooLongMessage(deps.maxVideoMinutes));
      const now = deps.now();
      const request = await insertFlipRequest(db, {
        sid: newSid(),
        videoId,
        title: video.title,
        author: video.channelTitle,
        durationSeconds: video.durationSeconds,
        thumbnailUrl: video.thumbnailUrl,
        username,
        userId: user?.id ?? null,
        clientAddress,
        amountCents: FLIP_PRICE_CENTS,
        currency: CURRENCY,
        expiresAt: new Date(now.getTime() + FLIP_REQUEST_TTL_MS),
        createdAt: now,
        updatedAt: now,
      });
      const previous = await historyOfVideo(db, videoId);
      return presentValidated(request, previous, `${deps.videoImageBase}/vi/${videoId}/mqdefault.jpg`);
    },
  };
}
