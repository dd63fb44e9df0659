import { Text } from '@mantine/core';
import type { Clip, Media, Playlist, Stream } from '../../../common/api';
import { PROVIDER_LABELS, sourceLabel } from '../../../common/enums';
import { formatDuration, formatPlaylistType } from '../../../common/format';
import { useConfig } from '../../api/config';
import { TimeAgo } from '../TimeAgo';
import { Dot, ItemCard } from './ItemCard';

/** "YouTube · Nova Music": the provider and the channel it came from (spec 3 labels). */
function ProviderSource({ provider, source }: { provider: keyof typeof PROVIDER_LABELS; source: string }) {
  const { streamerName } = useConfig();
  return (
    <Text span inherit>
      {PROVIDER_LABELS[provider]}
      {' · '}
      {sourceLabel(streamerName, source)}
    </Text>
  );
}

/** Songs and streams share one card: the duration in the corner, "3 days ago · YouTube · Nova Music" under the title. */
function UploadedCard({ kind, item }: { kind: 'media' | 'streams'; item: Media | Stream }) {
  return (
    <ItemCard
      kind={kind}
      item={item}
      corner={formatDuration(item.duration)}
      meta={[
        <>
          <TimeAgo date={item.uploadedAt} />
          <Dot />
          <ProviderSource provider={item.provider} source={item.source} />
        </>,
      ]}
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
  return (
    <ItemCard
      kind="playlists"
      item={playlist}
      corner={`${playlist.mediaCount} ${playlist.mediaCount === 1 ? 'song' : 'songs'}`}
      meta={[
        <>
          <Text span inherit>
            {formatPlaylistType(playlist.type)}
          </Text>
          <Dot />
          <TimeAgo date={playlist.lastUpdated} prefix="updated" />
        </>,
        <ProviderSource key="source" provider={playlist.provider} source={playlist.source} />,
      ]}
    />
  );
}

export function ClipCard({ clip }: { clip: Clip }) {
  return (
    <ItemCard
      kind="clips"
      item={clip}
      corner={formatDuration(clip.duration)}
      meta={[
        <TimeAgo key="date" date={clip.uploadedAt} />,
        <Text key="creator" span inherit>
          clipped by {clip.creatorName}
        </Text>,
      ]}
    />
  );
}
