import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { Playlist } from '../../common/api';
import { formatPlaylistType } from '../../common/format';
import { detailLists, itemQuery } from '../api/items';
import { StreamCard } from '../components/cards/cards';
import { ItemActions, ProviderButton } from '../components/detail/DetailActions';
import { DetailLayout } from '../components/detail/DetailLayout';
import { DetailPlayer } from '../components/detail/DetailPlayer';
import { DetailSection } from '../components/detail/DetailSection';
import { DetailStatus } from '../components/detail/DetailStatus';
import { useOriginFacts } from '../components/detail/originFacts';
import { RequestRefreshButton } from '../components/detail/RequestRefreshButton';
import { AllSongsSection, TopSongsSection } from '../components/detail/sections';
import { ItemList } from '../components/list/ItemList';
import { TimeAgo } from '../components/TimeAgo';
import { songCount } from '../lib/detail';

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
  const originFacts = useOriginFacts(playlist);
  return (
    <DetailLayout
      icon="playlist"
      name={playlist.name}
      player={<DetailPlayer kind="playlists" name={playlist.name} thumbnail={playlist.thumbnail} badge={songCount(playlist.mediaCount)} />}
      facts={[
        { label: 'Songs', value: playlist.mediaCount },
        { label: 'Type', value: formatPlaylistType(playlist.type) },
        { label: 'Last updated', value: <TimeAgo date={playlist.lastUpdated} /> },
        ...originFacts,
      ]}
      links={<ProviderButton item={playlist} />}
      actions={
        <ItemActions kind="playlists" item={playlist}>
          <RequestRefreshButton playlist={playlist} />
        </ItemActions>
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
      <TopSongsSection source={detailLists.topSongsOfPlaylist(playlist.id)} />
      <AllSongsSection source={detailLists.songsOfPlaylist(playlist.id)} />
    </DetailLayout>
  );
}
