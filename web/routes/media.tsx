import { Badge } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMatch } from '@tanstack/react-router';
import type { Media } from '../../common/api';
import { formatDuration } from '../../common/format';
import { dailySongQuery, detailLists, itemQuery, setCachedLiked } from '../api/items';
import { ItemActions, ProviderButton, WatchStreamButton } from '../components/detail/DetailActions';
import { DetailLayout } from '../components/detail/DetailLayout';
import { DetailPlayer } from '../components/detail/DetailPlayer';
import { DetailSection } from '../components/detail/DetailSection';
import { DetailStatus } from '../components/detail/DetailStatus';
import { useOriginFacts } from '../components/detail/originFacts';
import { PartOfStream } from '../components/detail/PartOfStream';
import { PagedSongs, PlaylistsSection } from '../components/detail/sections';
import { FlipRequestedBy } from '../components/requests/FlipRequestedBy';
import { TimeAgo } from '../components/TimeAgo';
import { mediaEmbed } from '../lib/embed';

/**
 * /media/$id, and /media and /daily (no id: the Song of the Day from GET /api/media/daily)
 * (spec 2 "Song detail").
 */
export function MediaPage() {
  const id = useMatch({ from: '/media/$id', shouldThrow: false })?.params.id;
  const daily = id === undefined;
  const dailySong = useQuery({ ...dailySongQuery, enabled: daily });
  const song = useQuery({ ...itemQuery('media', id ?? 0), enabled: !daily });
  const query = daily ? dailySong : song;
  return (
    <DetailStatus kind="media" query={query}>
      {(media) => <MediaView key={media.id} media={media} daily={daily} />}
    </DetailStatus>
  );
}

function MediaView({ media, daily }: { media: Media; daily: boolean }) {
  const originFacts = useOriginFacts(media);
  const queryClient = useQueryClient();
  // The song's own cached read is updated by LikeButton; the daily song is cached under its own key.
  const onLikedChange = daily ? (liked: boolean) => setCachedLiked(queryClient, dailySongQuery.queryKey, liked) : undefined;

  return (
    <DetailLayout
      icon="song"
      name={media.name}
      badge={
        daily ? (
          <Badge size="lg" variant="light" leftSection={<IconCalendarEvent size={16} aria-hidden />}>
            Song of the Day
          </Badge>
        ) : undefined
      }
      player={<DetailPlayer kind="media" name={media.name} thumbnail={media.thumbnail} target={mediaEmbed(media)} />}
      facts={[
        { label: 'Duration', value: formatDuration(media.duration) },
        { label: 'Uploaded', value: <TimeAgo date={media.uploadedAt} /> },
        ...originFacts,
      ]}
      links={
        <>
          <ProviderButton item={media} />
          {media.streamTimestamp !== null ? (
            <WatchStreamButton href={`/api/media/${media.id}/launchStream`} seconds={media.streamTimestamp} />
          ) : null}
        </>
      }
      actions={<ItemActions kind="media" item={media} onLikedChange={onLikedChange} />}
    >
      <FlipRequestedBy mediaId={media.id} />
      {media.streamId !== null ? <PartOfStream streamId={media.streamId} /> : null}
      <PlaylistsSection text="Part of" source={detailLists.playlistsOfSong(media.id)} />
      <DetailSection icon="heart" text="You Might" emphasis="Like">
        <PagedSongs source={detailLists.recommended(media.id)} failureText="Unable to retrieve recommended song" />
      </DetailSection>
    </DetailLayout>
  );
}
