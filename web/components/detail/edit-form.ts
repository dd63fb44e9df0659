import { LYRICS_MAX, parseStreamTimestamp } from '../../../common/edits';
import type { EntityKind } from '../../../common/enums';
import { formatDuration } from '../../../common/format';
import type { EditPayload } from '../../api/community';

/** Pure rules of the edit views (spec 2 edit views, spec 3 "Edit payloads"). */

export type EditField = 'streamId' | 'streamTimestamp' | 'lyrics' | 'tags';

/** What each kind's edit view lets people change. */
export const EDIT_FIELDS: Record<EntityKind, readonly EditField[]> = {
  media: ['streamId', 'streamTimestamp', 'lyrics', 'tags'],
  streams: ['tags'],
  playlists: ['streamId', 'tags'],
  clips: ['streamId', 'tags'],
};

/** The form as typed: text fields hold strings. */
export interface EditValues {
  streamId: string;
  streamTimestamp: string;
  lyrics: string;
  tags: number[];
}

export interface EditableItem {
  tags: { id: number }[];
  streamId?: number | null;
  streamTimestamp?: number | null;
  lyrics?: string | null;
}

export function initialValues(item: EditableItem): EditValues {
  return {
    streamId: item.streamId ? String(item.streamId) : '',
    streamTimestamp: item.streamTimestamp !== null && item.streamTimestamp !== undefined ? formatDuration(item.streamTimestamp) : '',
    lyrics: item.lyrics ?? '',
    tags: item.tags.map((tag) => tag.id),
  };
}

const MAX_ID = 2_147_483_647;

/** The stream id typed, as a number; null when empty, undefined when it is not an id. */
export function parseStreamId(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,10}$/.test(trimmed)) return undefined;
  const id = Number(trimmed);
  return id > 0 && id <= MAX_ID ? id : undefined;
}

/** Field errors, by field (only the kind's fields are judged). */
export function validate(kind: EntityKind, values: EditValues): Partial<Record<EditField, string>> {
  const fields = EDIT_FIELDS[kind];
  const errors: Partial<Record<EditField, string>> = {};
  const streamId = parseStreamId(values.streamId);
  if (fields.includes('streamId') && streamId === undefined) errors.streamId = 'Must be a stream id (a whole number)';
  if (fields.includes('streamTimestamp')) {
    const seconds = parseStreamTimestamp(values.streamTimestamp);
    if (seconds === undefined) errors.streamTimestamp = 'Must be a time like 754, 12:34 or 1:02:03';
    else if (seconds !== null && streamId === null) errors.streamTimestamp = 'A stream timestamp needs a stream id';
  }
  if (fields.includes('lyrics') && values.lyrics.length > LYRICS_MAX) errors.lyrics = `At most ${LYRICS_MAX} characters`;
  return errors;
}

/** The payload of the kind (spec 3): media {streamId, streamTimestamp as string, lyrics, tags}; streams {tags}; playlists and clips {streamId, tags}. */
export function toPayload(kind: EntityKind, values: EditValues): EditPayload {
  const fields = EDIT_FIELDS[kind];
  const payload: EditPayload = {};
  if (fields.includes('streamId')) payload.streamId = parseStreamId(values.streamId) ?? null;
  if (fields.includes('streamTimestamp')) payload.streamTimestamp = values.streamTimestamp.trim();
  if (fields.includes('lyrics')) payload.lyrics = values.lyrics.trim() === '' ? null : values.lyrics;
  if (fields.includes('tags')) payload.tags = values.tags;
  return payload;
}

/** Whether the form says something else than the item (a time typed differently is the same time). */
export function isChanged(kind: EntityKind, item: EditableItem, values: EditValues): boolean {
  const fields = EDIT_FIELDS[kind];
  const before = initialValues(item);
  if (fields.includes('streamId') && parseStreamId(values.streamId) !== parseStreamId(before.streamId)) return true;
  if (fields.includes('streamTimestamp') && parseStreamTimestamp(values.streamTimestamp) !== (item.streamTimestamp ?? null)) return true;
  if (fields.includes('lyrics') && (values.lyrics.trim() === '' ? null : values.lyrics) !== (item.lyrics ?? null)) return true;
  if (fields.includes('tags') && values.tags.join(',') !== before.tags.join(',')) return true;
  return false;
}

/** Spec 8 write failures of the edit views. */
export const UPDATE_FAILURE_TEXTS: Record<EntityKind, string> = {
  media: 'Unable to update media item',
  streams: 'Unable to update stream',
  playlists: 'Unable to update playlist',
  clips: 'Unable to update clip',
};
