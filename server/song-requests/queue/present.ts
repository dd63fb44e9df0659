import { OVERLAY_NEXT_COUNT, type OverlayQueue } from '../../../common/overlays';
import type { Queue, QueueItem } from '../../../common/queue';
import { youTubeWatchUrl } from '../../../common/youtube-links';
import type { QueueRow } from './queries';

export function presentQueueItem(row: QueueRow): QueueItem {
  return {
    id: row.id,
    requestId: row.songRequestId,
    mediaId: row.videoId,
    mediaUrl: youTubeWatchUrl(row.videoId),
    title: row.title,
    username: row.username,
    nowPlaying: row.state === 'playing',
  };
}

/** The stream overlay's view of the queue: what plays, and the next few. */
export function presentOverlayQueue(queue: Queue): OverlayQueue {
  return {
    playing: queue.find((item) => item.nowPlaying) ?? null,
    next: queue.filter((item) => !item.nowPlaying).slice(0, OVERLAY_NEXT_COUNT),
  };
}
