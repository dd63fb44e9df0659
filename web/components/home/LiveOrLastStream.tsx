import { Alert, Anchor, Badge, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconBroadcast } from '@tabler/icons-react';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Stream } from '../../../common/api';
import { PROVIDER_LABELS, sourceLabel } from '../../../common/enums';
import { formatDuration } from '../../../common/format';
import { useConfig } from '../../api/config';
import { unconfirmed } from '../../api/page-answers';
import { useLive } from '../../api/site';
import { lastStreamQuery } from '../../api/streams';
import { streamEmbed } from '../../lib/embed';
import { EmbedFacade } from '../EmbedFacade';
import { EmphasisHeader } from '../EmphasisHeader';
import { Thumbnail } from '../Thumbnail';
import { TimeAgo } from '../TimeAgo';
import classes from './LiveOrLastStream.module.css';

/** When the streamer is live: a banner and the live player; otherwise the last stream with its player (spec 2 "Home"). */
export function LiveOrLastStream() {
  const live = useLive();
  // Asked at once, beside the live check, rather than after it answers "not live": the last
  // stream's poster is the largest thing on the home page. One reader only: a second one mounting
  // after a failure would read again and toast the failure twice.
  const last = useQuery(lastStreamQuery);
  if (live.isPending) return <StreamSkeleton reserveHeader />;
  return live.data?.live ? <LiveNow title={live.data.title} startedAt={live.data.startedAt} /> : <LastStream last={last} />;
}

function LiveNow({ title, startedAt }: { title: string | null; startedAt: string | null }) {
  const { streamerName, twitchChannel, liveChannelUrl } = useConfig();
  return (
    <section aria-label="Live now">
      <Alert
        variant="filled"
        color="red"
        radius="md"
        mb="md"
        icon={<IconBroadcast />}
        title={`${streamerName} is live now!`}
        data-testid="live-banner"
      >
        <Text size="sm">
          {title ?? 'Come hang out in chat.'}
          {startedAt ? (
            <>
              {' · '}
              <TimeAgo date={startedAt} prefix="started" />
            </>
          ) : null}{' '}
          <Anchor href={liveChannelUrl} target="_blank" rel="noopener noreferrer" c="white" underline="always" inherit>
            Open on Twitch
          </Anchor>
        </Text>
      </Alert>
      <EmbedFacade
        target={{ kind: 'twitch-channel', channel: twitchChannel }}
        title={`${streamerName} live`}
        poster={
          <div className={classes.livePoster}>
            <Badge color="red" size="xl" variant="filled">
              LIVE
            </Badge>
          </div>
        }
      />
    </section>
  );
}

function LastStream({ last }: { last: UseQueryResult<Stream | null> }) {
  // The HTML's last stream (api/page-answers.ts) that the API failed to confirm is not shown.
  const stream = unconfirmed(last) ? undefined : last.data;
  return (
    <section aria-label="Last stream">
      <EmphasisHeader icon="stream" text="Last" emphasis="Stream" order={2} />
      {last.isPending ? <StreamSkeleton reserveHeader={false} /> : null}
      {last.isError ? (
        <Text c="var(--mantine-color-error)" role="alert">
          An error occurred when loading streams
        </Text>
      ) : null}
      {stream ? <LastStreamCard stream={stream} /> : null}
      {stream === null ? <Text c="dimmed">No streams found</Text> : null}
    </section>
  );
}

/**
 * The last stream's place while it loads: its header (kept but unseen while the live check runs,
 * since a live banner may come instead), the 16:9 poster and the card's two lines, so the columns
 * and sections below do not move when it comes (CLS, issue 23).
 */
function StreamSkeleton({ reserveHeader }: { reserveHeader: boolean }) {
  const skeleton = (
    <div className={classes.skeleton}>
      <Skeleton style={{ aspectRatio: '16 / 9' }} h="auto" radius={0} />
      <Skeleton h={CARD_TEXT_HEIGHT} radius={0} />
    </div>
  );
  if (!reserveHeader) return skeleton;
  return (
    <div aria-hidden>
      <div className={classes.unseen}>
        <EmphasisHeader icon="stream" text="Last" emphasis="Stream" order={2} />
      </div>
      {skeleton}
    </div>
  );
}

/** The card's text under the poster: padding md, the name (lg) and the facts line (sm) */
const CARD_TEXT_HEIGHT = 88;

function LastStreamCard({ stream }: { stream: Stream }) {
  const { streamerName } = useConfig();
  const target = streamEmbed(stream);
  const poster = <Thumbnail kind="streams" thumbnail={stream.thumbnail} alt="" eager />;
  return (
    <Card p={0} radius="md" withBorder>
      {target ? <EmbedFacade target={target} title={stream.name} poster={poster} /> : poster}
      <Stack gap={4} p="md">
        <Anchor
          renderRoot={(props) => <Link {...props} to="/streams/$id" params={{ id: stream.id }} />}
          fw={700}
          fz="lg"
          c="var(--mantine-color-text)"
        >
          {stream.name}
        </Anchor>
        <Group gap={6} fz="sm" c="dimmed">
          <TimeAgo date={stream.uploadedAt} />
          <span aria-hidden>·</span>
          <span>{formatDuration(stream.duration)}</span>
          <span aria-hidden>·</span>
          <span>
            {PROVIDER_LABELS[stream.provider]} · {sourceLabel(streamerName, stream.source)}
          </span>
        </Group>
      </Stack>
    </Card>
  );
}
