import type { PlaylistRequest } from '../../common/playlist-requests';
import type { ImportReport } from '../sync/report';
import type { RequestRow } from './queries';

/** A playlist request as the admin lists show it (playlist id and name only for a refresh). */
export function presentPlaylistRequest(row: RequestRow): PlaylistRequest {
  return {
    id: row.id,
    ...(row.playlistId !== null ? { playlistId: row.playlistId } : {}),
    ...(row.playlistName !== null ? { playlistName: row.playlistName } : {}),
    remoteId: row.remoteId,
    submittedBy: row.submittedBy,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The admin's toast after an approval: what the import did. */
export function describeImport(report: ImportReport): string {
  return report.created
    ? `Imported "${report.name}": ${report.added} songs added, ${report.skipped} other videos skipped`
    : `Refreshed "${report.name}": ${report.added} added, ${report.kept} kept, ${report.removed} removed, ${report.skipped} other videos skipped`;
}
