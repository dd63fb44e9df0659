import type { PreviousRequest, ValidatedFlip } from '../../../common/flip';
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
