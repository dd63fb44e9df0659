import type { EditChanges } from '../../../common/edits';
import type { EntityKind } from '../../../common/enums';
import { formatDuration } from '../../../common/format';

/** Pure rules of the Edit Approvals screen (spec 2 "Admin console"). */

export type ChangeRow =
  | { field: 'streamId'; label: string; streamId: number }
  | { field: 'streamTimestamp'; label: string; text: string }
  | { field: 'lyrics'; label: string; text: string }
  | { field: 'tags'; label: string; tags: { id: number; name: string }[] };

/**
 * The changes of an edit request as rows to show: a null value is skipped, lyrics are text, and tag
 * ids are resolved to names (an id no tag has any more shows as "#id").
 */
export function changeRows(changes: EditChanges, tagName: (id: number) => string | undefined): ChangeRow[] {
  const rows: ChangeRow[] = [];
  if (changes.streamId !== undefined && changes.streamId !== null)
    rows.push({ field: 'streamId', label: 'Stream', streamId: changes.streamId });
  if (changes.streamTimestamp !== undefined && changes.streamTimestamp !== null) {
    rows.push({
      field: 'streamTimestamp',
      label: 'Stream timestamp',
      text: `${formatDuration(changes.streamTimestamp)} (${changes.streamTimestamp} s)`,
    });
  }
  if (changes.lyrics !== undefined && changes.lyrics !== null) rows.push({ field: 'lyrics', label: 'Lyrics', text: changes.lyrics });
  if (changes.tags !== undefined && changes.tags !== null) {
    rows.push({ field: 'tags', label: 'Tags', tags: changes.tags.map((id) => ({ id, name: tagName(id) ?? `#${id}` })) });
  }
  return rows;
}

/** The noun of each kind in the queue's texts: "No pending media edit requests", "Unable to approve stream edit request". */
export const QUEUE_NOUNS = { media: 'media', streams: 'stream', playlists: 'playlist', clips: 'clip' } as const satisfies Record<
  EntityKind,
  string
>;

export function editQueueTexts(kind: EntityKind) {
  const noun = QUEUE_NOUNS[kind];
  return {
    empty: `No pending ${noun} edit requests`,
    readFailed: `Unable to retrieve ${noun} edit requests`,
    approveFailed: `Unable to approve ${noun} edit request`,
    rejectFailed: `Unable to reject ${noun} edit request`,
    approved: 'Edit request approved and applied',
    rejected: 'Edit request rejected',
  };
}

/** Spec 8: submissions and refresh requests have their own names in the toasts. */
export function playlistRequestTexts(type: 'submission' | 'refresh') {
  const name = type === 'submission' ? 'Community playlist submission' : 'Playlist refresh request';
  return {
    empty: type === 'submission' ? 'No pending community playlist submissions' : 'No pending playlist refresh requests',
    approved: `${name} approved`,
    rejected: `${name} rejected`,
    approveFailed: `Unable to approve ${name.charAt(0).toLowerCase()}${name.slice(1)}`,
    rejectFailed: `Unable to reject ${name.charAt(0).toLowerCase()}${name.slice(1)}`,
  };
}
