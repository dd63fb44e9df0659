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

export function MediaCard({ media }: { media: Media }) {
  return (
    <ItemCard
      kind="media"
      to="/media/$id"
      id={media.id}
      name={media.name}
      thumbnail={media.thumbnail}
      corner={formatDuration(media.duration)}
      meta={[
        <>
          <TimeAgo date={media.uploadedAt} />
          <Dot />
          <ProviderSource provider={media.provider} source={media.source} />
        </>,
      ]}
    />
  );
}

export function StreamCard({ stream }: { stream: Stream }) {
  return (
    <ItemCard
      kind="streams"
      to="/streams/$id"
      id={stream.id}
      name={stream.name}
      thumbnail={stream.thumbnail}
      corner={formatDuration(stream.duration)}
      meta={[
        <>
          <TimeAgo date={stream.uploadedAt} />
          <Dot />
          <ProviderSource provider={stream.provider} source={stream.source} />
        </>,
      ]}
    />
  );
}

export function PlaylistCard({ playlist }: { playlist: Playlist }) {
  return (
    <ItemCard
      kind="playlists"
      to="/playlists/$id"
      id={playlist.id}
      name={playlist.name}
      thumbnail={playlist.thumbnail}
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
      to="/clips/$id"
      id={clip.id}
      name={clip.name}
      thumbnail={clip.thumbnail}
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
