import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { Clip } from '../../common/api';
import { PROVIDER_LABELS, sourceLabel } from '../../common/enums';
import { formatDuration } from '../../common/format';
import { useConfig } from '../api/config';
import { itemQuery } from '../api/items';
import { DetailNavButtons, ProviderButton, WatchStreamButton } from '../components/detail/DetailActions';
import { DetailLayout } from '../components/detail/DetailLayout';
import { DetailPlayer } from '../components/detail/DetailPlayer';
import { DetailStatus } from '../components/detail/DetailStatus';
import { PartOfStream } from '../components/detail/PartOfStream';
import { TagLinks } from '../components/detail/TagLinks';
import { LikeButton } from '../components/LikeButton';
import { TimeAgo } from '../components/TimeAgo';
import { streamAtTimestampUrl } from '../lib/detail';
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
  const { streamerName } = useConfig();
  return (
    <DetailLayout
      icon="clip"
      name={clip.name}
      player={<DetailPlayer kind="clips" name={clip.name} thumbnail={clip.thumbnail} target={clipEmbed(clip)} />}
      facts={[
        { label: 'Duration', value: formatDuration(clip.duration) },
        { label: 'Uploaded', value: <TimeAgo date={clip.uploadedAt} /> },
        { label: 'Provider', value: PROVIDER_LABELS[clip.provider] },
        { label: 'Channel', value: sourceLabel(streamerName, clip.source) },
        { label: 'Clipped by', value: clip.creatorName, wide: true },
        { label: 'Tags', value: <TagLinks tags={clip.tags} />, wide: true },
      ]}
      links={
        <>
          <ProviderButton provider={clip.provider} href={clip.linkUrl} label="Watch Clip" />
          {clip.streamId !== null && clip.streamTimestamp !== null ? (
            <ClipStreamButton streamId={clip.streamId} seconds={clip.streamTimestamp} />
          ) : null}
        </>
      }
      actions={
        <>
          <LikeButton kind="clips" id={clip.id} liked={clip.liked} />
          <DetailNavButtons kind="clips" id={clip.id} />
        </>
      }
    >
      {clip.streamId !== null ? <PartOfStream streamId={clip.streamId} /> : null}
    </DetailLayout>
  );
}

/**
 * The stream at the clip's moment. Clips have no launchStream call, so the address is built from
 * the stream's own link (loaded once, shared with the Part of Stream card).
 */
function ClipStreamButton({ streamId, seconds }: { streamId: number; seconds: number }) {
  const stream = useQuery(itemQuery('streams', streamId));
  if (!stream.data) return null;
  return <WatchStreamButton href={streamAtTimestampUrl(stream.data, seconds)} seconds={seconds} />;
}
