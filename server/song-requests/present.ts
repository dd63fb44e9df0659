import type { Moment } from '../../common/receipt';
import type { SongRequest } from '../../common/requests';
import type { HistoryRow } from './queries';

export function presentSongRequest(row: HistoryRow, moment?: Moment): SongRequest {
  return {
    id: row.id,
    mediaId: row.mediaId,
    videoId: row.videoId,
    title: row.title,
    username: row.username,
    createdAt: row.createdAt.toISOString(),
    sampleRequestId: row.sampleRequestId,
    ...(moment ? { moment } : {}),
  };
}
