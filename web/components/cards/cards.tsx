import type { ReactNode } from 'react';
import type { Clip, Media, Playlist, Stream } from '../../../common/api';
import { PROVIDER_LABELS, sourceLabel } from '../../../common/enums';
import { formatDuration, formatPlaylistType } from '../../../common/format';
import { useConfig } from '../../api/config';
import { TimeAgo } from '../TimeAgo';
import { ItemCard } from './ItemCard';

/** "YouTube", "Nova Music": the provider and the channel it came from (spec 3 labels), as two meta parts. */
function useProviderSource({ provider, source }: { provider: keyof typeof PROVIDER_LABELS; source: string }): ReactNode[] {
  const { streamerName } = useConfig();
  return [PROVIDER_LABELS[provider], sourceLabel(streamerName, source)];
}

/**
 * Songs and streams share one card: the duration in the corner, "3 days ago" then "YouTube · Nova Music"
 * under the title: two lines like the playlist and clip cards, so a row of mixed cards stays even.
 */
function UploadedCard({ kind, item }: { kind: 'media' | 'streams'; item: Media | Stream }) {
  const origin = useProviderSource(item);
  return (
    <ItemCard
      kind={kind}
      item={item}
      corner={formatDuration(item.duration)}
      meta={[[<TimeAgo key="date" date={item.uploadedAt} />], origin]}
    />
  );
}

export function MediaCard({ media }: { media: Media }) {
  return <UploadedCard kind="media" item={media} />;
}

export function StreamCard({ stream }: { stream: Stream }) {
  return <UploadedCard kind="streams" item={stream} />;
}

export function PlaylistCard({ playlist }: { playlist: Playlist }) {
  const origin = useProviderSource(playlist);
  return (
    <ItemCard
      kind="playlists"
      item={playlist}
      corner={`${playlist.mediaCount} ${playlist.mediaCount === 1 ? 'song' : 'songs'}`}
      meta={[[formatPlaylistType(playlist.type), <TimeAgo key="date" date={playlist.lastUpdated} prefix="updated" />], origin]}
    />
  );
}

export function ClipCard({ clip }: { clip: Clip }) {
  return (
    <ItemCard
      kind="clips"
      item={clip}
      corner={formatDuration(clip.duration)}
      meta={[[<TimeAgo key="date" date={clip.uploadedAt} />], [`clipped by ${clip.creatorName}`]]}
    />
  );
}
