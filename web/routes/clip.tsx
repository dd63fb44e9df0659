import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { Clip } from '../../common/api';
import { formatDuration } from '../../common/format';
import { itemQuery } from '../api/items';
import { ItemActions, ProviderButton, WatchStreamButton } from '../components/detail/DetailActions';
import { DetailLayout } from '../components/detail/DetailLayout';
import { DetailPlayer } from '../components/detail/DetailPlayer';
import { DetailStatus } from '../components/detail/DetailStatus';
import { useOriginFacts } from '../components/detail/originFacts';
import { PartOfStream } from '../components/detail/PartOfStream';
import { TimeAgo } from '../components/TimeAgo';
import { clipEmbed } from '../lib/embed';

/** /clips/$id (spec 2 "Clip detail"): the Twitch clip player, facts and actions, and the stream it was clipped from. */
export function ClipPage() {
  const { id } = useParams({ from: '/clips/$id' });
  const query = useQuery(itemQuery('clips', id));
  return (
    <DetailStatus kind="clips" query={query}>
      {(clip) => <ClipView key={clip.id} clip={clip} />}
    </DetailStatus>
  );
}

function ClipView({ clip }: { clip: Clip }) {
  const originFacts = useOriginFacts(clip, [{ label: 'Clipped by', value: clip.creatorName, wide: true }]);
  return (
    <DetailLayout
      icon="clip"
      name={clip.name}
      player={<DetailPlayer kind="clips" name={clip.name} thumbnail={clip.thumbnail} target={clipEmbed(clip)} />}
      facts={[
        { label: 'Duration', value: formatDuration(clip.duration) },
        { label: 'Uploaded', value: <TimeAgo date={clip.uploadedAt} /> },
        ...originFacts,
      ]}
      links={
        <>
          <ProviderButton item={clip} label="Watch Clip" />
          {clip.streamId !== null && clip.streamTimestamp !== null ? (
            <WatchStreamButton href={`/api/clips/${clip.id}/launchStream`} seconds={clip.streamTimestamp} />
          ) : null}
        </>
      }
      actions={<ItemActions kind="clips" item={clip} />}
    >
      {clip.streamId !== null ? <PartOfStream streamId={clip.streamId} /> : null}
    </DetailLayout>
  );
}
