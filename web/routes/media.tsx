import { Badge } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMatch } from '@tanstack/react-router';
import type { Media } from '../../common/api';
import { PROVIDER_LABELS, sourceLabel } from '../../common/enums';
import { formatDuration } from '../../common/format';
import { useConfig } from '../api/config';
import { dailySongQuery, detailLists, itemQuery, setCachedLiked } from '../api/items';
import { MediaCard, PlaylistCard } from '../components/cards/cards';
import { DetailNavButtons, ProviderButton, WatchStreamButton } from '../components/detail/DetailActions';
import { DetailLayout } from '../components/detail/DetailLayout';
import { DetailPlayer } from '../components/detail/DetailPlayer';
import { DetailSection } from '../components/detail/DetailSection';
import { DetailStatus } from '../components/detail/DetailStatus';
import { PartOfStream } from '../components/detail/PartOfStream';
import { TagLinks } from '../components/detail/TagLinks';
import { LikeButton } from '../components/LikeButton';
import { ItemList } from '../components/list/ItemList';
import { TimeAgo } from '../components/TimeAgo';
import { providerLinkLabel } from '../lib/detail';
import { mediaEmbed } from '../lib/embed';

/**
 * /media/$id, and /media and /daily (no id: the Song of the Day from GET /api/media/daily)
 * (spec 2 "Song detail"). Left out: the "Song Flip Requested by" box, which needs the request
 * history API (not built yet).
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
  const { streamerName } = useConfig();
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
        { label: 'Provider', value: PROVIDER_LABELS[media.provider] },
        { label: 'Channel', value: sourceLabel(streamerName, media.source) },
        { label: 'Tags', value: <TagLinks tags={media.tags} />, wide: true },
      ]}
      links={
        <>
          <ProviderButton provider={media.provider} href={media.linkUrl} label={providerLinkLabel(media.provider)} />
          {media.streamId !== null && media.streamTimestamp !== null ? (
            <WatchStreamButton href={`/api/media/${media.id}/launchStream`} seconds={media.streamTimestamp} />
          ) : null}
        </>
      }
      actions={
        <>
          <LikeButton kind="media" id={media.id} liked={media.liked} onLikedChange={onLikedChange} />
          <DetailNavButtons kind="media" id={media.id} />
        </>
      }
    >
      {media.streamId !== null ? <PartOfStream streamId={media.streamId} /> : null}
      <DetailSection icon="playlist" text="Part of" emphasis="Playlists">
        <ItemList
          source={detailLists.playlistsOfSong(media.id)}
          mode="paged"
          pageSize="playlist"
          entity="playlists"
          failureText="Unable to retrieve playlists"
          renderItem={(playlist) => <PlaylistCard playlist={playlist} />}
        />
      </DetailSection>
      <DetailSection icon="heart" text="You Might" emphasis="Like">
        <ItemList
          source={detailLists.recommended(media.id)}
          mode="paged"
          pageSize="short"
          entity="songs"
          failureText="Unable to retrieve recommended song"
          renderItem={(song) => <MediaCard media={song} />}
        />
      </DetailSection>
    </DetailLayout>
  );
}
