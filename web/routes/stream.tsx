import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { Stream } from '../../common/api';
import { STREAM_CLIPS_PAGE_SIZE } from '../../common/constants';
import { formatDuration } from '../../common/format';
import { detailLists, itemQuery } from '../api/items';
import { ClipCard } from '../components/cards/cards';
import { ItemActions, ProviderButton } from '../components/detail/DetailActions';
import { DetailLayout } from '../components/detail/DetailLayout';
import { DetailPlayer } from '../components/detail/DetailPlayer';
import { DetailSection } from '../components/detail/DetailSection';
import { DetailStatus } from '../components/detail/DetailStatus';
import { useOriginFacts } from '../components/detail/originFacts';
import { AllSongsSection, PlaylistsSection, TopSongsSection } from '../components/detail/sections';
import { ItemList } from '../components/list/ItemList';
import { TimeAgo } from '../components/TimeAgo';
import { streamEmbed } from '../lib/embed';

/** /streams/$id (spec 2 "Stream detail"): the notice, the player and facts, then its playlists, top songs, top clips and all songs. */
export function StreamPage() {
  const { id } = useParams({ from: '/streams/$id' });
  const query = useQuery(itemQuery('streams', id));
  return (
    <DetailStatus kind="streams" query={query}>
      {(stream) => <StreamView key={stream.id} stream={stream} />}
    </DetailStatus>
  );
}

/** Spec 2: since May 2025 Twitch restricts highlights; the recordings stay listed for reference. */
function HighlightsNotice() {
  return (
    <Alert variant="light" color="blue" radius="md" mb="md" icon={<IconInfoCircle />} title="About past stream recordings">
      Since May 2025 Twitch restricts highlights, so most past stream recordings are no longer available to watch there. They are kept here
      for reference, and a playlist backup of each stream's songs is on YouTube.
    </Alert>
  );
}

function StreamView({ stream }: { stream: Stream }) {
  const originFacts = useOriginFacts(stream);
  return (
    <DetailLayout
      icon="stream"
      name={stream.name}
      notice={<HighlightsNotice />}
      player={<DetailPlayer kind="streams" name={stream.name} thumbnail={stream.thumbnail} target={streamEmbed(stream)} />}
      facts={[
        { label: 'Duration', value: formatDuration(stream.duration) },
        { label: 'Uploaded', value: <TimeAgo date={stream.uploadedAt} /> },
        ...originFacts,
      ]}
      links={<ProviderButton item={stream} />}
      actions={<ItemActions kind="streams" item={stream} />}
    >
      <PlaylistsSection text="Stream" source={detailLists.playlistsOfStream(stream.id)} />
      <TopSongsSection source={detailLists.topSongsOfStream(stream.id)} />
      <DetailSection icon="clip" text="Top" emphasis="Clips">
        <ItemList
          source={detailLists.topClipsOfStream(stream.id)}
          mode="first"
          pageSize={STREAM_CLIPS_PAGE_SIZE}
          entity="clips"
          failureText="Unable to retrieve top clips"
          renderItem={(clip) => <ClipCard clip={clip} />}
        />
      </DetailSection>
      <AllSongsSection source={detailLists.songsOfStream(stream.id)} />
    </DetailLayout>
  );
}
