import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { Playlist } from '../../common/api';
import { PROVIDER_LABELS, sourceLabel } from '../../common/enums';
import { formatPlaylistType } from '../../common/format';
import { useConfig } from '../api/config';
import { detailLists, itemQuery } from '../api/items';
import { MediaCard, StreamCard } from '../components/cards/cards';
import { DetailNavButtons, ProviderButton } from '../components/detail/DetailActions';
import { DetailLayout } from '../components/detail/DetailLayout';
import { DetailPlayer } from '../components/detail/DetailPlayer';
import { DetailSection } from '../components/detail/DetailSection';
import { DetailStatus } from '../components/detail/DetailStatus';
import { RequestRefreshButton } from '../components/detail/RequestRefreshButton';
import { TagLinks } from '../components/detail/TagLinks';
import { LikeButton } from '../components/LikeButton';
import { ItemList } from '../components/list/ItemList';
import { TimeAgo } from '../components/TimeAgo';
import { providerLinkLabel, songCount } from '../lib/detail';

/** /playlists/$id (spec 2 "Playlist detail"): facts and actions, then its stream (stream playlists), top songs and all songs in order. */
export function PlaylistPage() {
  const { id } = useParams({ from: '/playlists/$id' });
  const query = useQuery(itemQuery('playlists', id));
  return (
    <DetailStatus kind="playlists" query={query}>
      {(playlist) => <PlaylistView key={playlist.id} playlist={playlist} />}
    </DetailStatus>
  );
}

function PlaylistView({ playlist }: { playlist: Playlist }) {
  const { streamerName } = useConfig();
  return (
    <DetailLayout
      icon="playlist"
      name={playlist.name}
      player={<DetailPlayer kind="playlists" name={playlist.name} thumbnail={playlist.thumbnail} badge={songCount(playlist.mediaCount)} />}
      facts={[
        { label: 'Songs', value: playlist.mediaCount },
        { label: 'Type', value: formatPlaylistType(playlist.type) },
        { label: 'Last updated', value: <TimeAgo date={playlist.lastUpdated} /> },
        { label: 'Provider', value: PROVIDER_LABELS[playlist.provider] },
        { label: 'Channel', value: sourceLabel(streamerName, playlist.source) },
        { label: 'Tags', value: <TagLinks tags={playlist.tags} />, wide: true },
      ]}
      links={<ProviderButton provider={playlist.provider} href={playlist.linkUrl} label={providerLinkLabel(playlist.provider)} />}
      actions={
        <>
          <LikeButton kind="playlists" id={playlist.id} liked={playlist.liked} />
          <DetailNavButtons kind="playlists" id={playlist.id} />
          <RequestRefreshButton playlist={playlist} />
        </>
      }
    >
      {playlist.type === 'stream' ? (
        <DetailSection icon="stream" text="From the" emphasis="Stream">
          <ItemList
            source={detailLists.streamsOfPlaylist(playlist.id)}
            mode="paged"
            pageSize="short"
            entity="streams"
            failureText="Unable to retrieve streams"
            renderItem={(stream) => <StreamCard stream={stream} />}
          />
        </DetailSection>
      ) : null}
      <DetailSection icon="top" text="Top" emphasis="Songs">
        <ItemList
          source={detailLists.topSongsOfPlaylist(playlist.id)}
          mode="paged"
          pageSize="short"
          entity="songs"
          failureText="Unable to retrieve top songs"
          renderItem={(media) => <MediaCard media={media} />}
        />
      </DetailSection>
      <DetailSection icon="song" text="All" emphasis="Songs">
        <ItemList
          source={detailLists.songsOfPlaylist(playlist.id)}
          entity="songs"
          failureText="Unable to retrieve songs"
          renderItem={(media) => <MediaCard media={media} />}
        />
      </DetailSection>
    </DetailLayout>
  );
}
