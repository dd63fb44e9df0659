import type { Clip, Media, Playlist, Stream } from '../../common/api';
import { PROVIDER_LABELS, sourceLabel } from '../../common/enums';
import { formatExactTime, formatPlaylistType, parseUploadedAt } from '../../common/format';
import { songCount } from './detail';

/** One read-only field of a details view (spec 2: id, name, provider, source, duration in secs, link URL, uploaded date). */
export interface ReadOnlyField {
  label: string;
  value: string;
  /** The value is an address: the view offers to open it */
  link?: boolean;
}

/** An exact local date and time, as in the time-ago tooltips ("7 November 2026, 13:23"). */
export function exactDate(value: string): string {
  return formatExactTime(parseUploadedAt(value));
}

/**
 * The read-only fields of an item's details view, in the spec's order. Playlists have no duration
 * and upload date: their type, song count and last update stand in; clips add who clipped them.
 */
export function readOnlyFields(item: Media | Stream | Playlist | Clip, streamerName: string): ReadOnlyField[] {
  const head: ReadOnlyField[] = [
    { label: 'Id', value: String(item.id) },
    { label: 'Name', value: item.name },
    { label: 'Provider', value: PROVIDER_LABELS[item.provider] },
    { label: 'Source', value: sourceLabel(streamerName, item.source) },
  ];
  if ('mediaCount' in item) {
    return [
      ...head,
      { label: 'Type', value: formatPlaylistType(item.type) },
      { label: 'Songs', value: songCount(item.mediaCount) },
      { label: 'Link URL', value: item.linkUrl, link: true },
      { label: 'Last updated', value: exactDate(item.lastUpdated) },
    ];
  }
  return [
    ...head,
    { label: 'Duration (secs)', value: String(item.duration) },
    { label: 'Link URL', value: item.linkUrl, link: true },
    { label: 'Uploaded date', value: exactDate(item.uploadedAt) },
    ...('creatorName' in item ? [{ label: 'Clipped by', value: item.creatorName }] : []),
  ];
}
