import type { FlipCaptureResult, PreviousRequest, ValidatedFlip } from '../../../common/flip';
import type { CapturedOrder } from '../../../common/payments';
import { youTubeWatchUrl } from '../../../common/youtube-links';
import type { FlipRequestRow, HistoryRow } from './queries';

/** Rows to the API's flip shapes (common/flip.ts). */

export function presentPrevious(row: HistoryRow): PreviousRequest {
  return {
    videoId: row.videoId,
    title: row.title,
    username: row.username,
    ...(row.mediaId !== null ? { mediaId: row.mediaId } : {}),
    requestedAt: row.createdAt.toISOString(),
  };
}

export function presentValidated(request: FlipRequestRow, previous: HistoryRow[], thumbnailUrl: string): ValidatedFlip {
  return {
    sid: request.sid,
    media: {
      thumbnailUrl,
      mediaUrl: youTubeWatchUrl(request.videoId),
      title: request.title,
      author: request.author,
      duration: request.durationSeconds,
    },
    previousRequests: previous.map(presentPrevious),
  };
}

/** The captured order as spec 7 reads it, plus the success banner's ids: the history row, the order, the capture. */
export function presentCaptured(order: CapturedOrder, history: HistoryRow): FlipCaptureResult {
  const captureId = order.purchase_units[0]?.payments.captures[0]?.id;
  if (!captureId) throw new Error(`The captured order ${order.id} has no capture`);
  return { ...order, sampleId: String(history.id), orderId: order.id, transactionId: captureId };
}
