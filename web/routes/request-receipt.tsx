import { Anchor, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBroadcast, IconCircleCheck, IconHourglass, IconListNumbers, IconMicrophone, IconReceiptRefund } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { type CSSProperties, useEffect, useReducer } from 'react';
import type { Receipt, ReceiptStatus } from '../../common/receipt';
import { useConfig } from '../api/config';
import { receiptQuery, useReceiptSocket } from '../api/receipt';
import { requestThumbnailUrl, requestVideoUrl } from '../api/requests';
import { LoadStatus } from '../components/detail/DetailStatus';
import { EmphasisHeader } from '../components/EmphasisHeader';
import { RequestedBy } from '../components/RequestedBy';
import { WatchMomentButton } from '../components/requests/ReceiptLinks';
import { RequestLinkButton } from '../components/requests/RequestLinks';
import { Thumbnail } from '../components/Thumbnail';
import { TimeAgo } from '../components/TimeAgo';
import { etaTarget, paidText, STATUS_COLORS, STATUS_HEADLINES, STATUS_LABELS, waitingText } from '../lib/receipt';
import classes from './request-receipt.module.css';

/**
 * /requests/{id} (issue 20, "The fan's receipt"): one paid request, where it stands and when it
 * should play, live through the receipt's socket (each message replaces the cached receipt); then
 * its moment on stream and the song it became, or that it was refunded and why. Public: the link is
 * what the buyer keeps.
 */

/** How often the ETA and the timeline's relative times are worded again. */
const TICK_MS = 30_000;

export function RequestReceiptPage() {
  const { id } = useParams({ from: '/requests/$id' });
  const query = useQuery(receiptQuery(id));
  // Only for a request that exists: an unknown id has nothing to follow.
  useReceiptSocket(id, query.data != null);
  return (
    <LoadStatus noun="request" header={{ icon: 'history', text: 'Request' }} query={query}>
      {(receipt) =>
        receipt ? <ReceiptView key={receipt.id} receipt={receipt} answeredAt={query.dataUpdatedAt} /> : <UnknownRequest id={id} />
      }
    </LoadStatus>
  );
}

function UnknownRequest({ id }: { id: number }) {
  return (
    <>
      <EmphasisHeader icon="history" text="Request" />
      <Stack gap="xs" py="xl" ta="center" align="center" data-testid="receipt-unknown">
        <Text fw={600} fz="lg">
          There is no request {id}.
        </Text>
        <Text c="dimmed">
          Check the link, or find your request in the{' '}
          <Anchor component={Link} to="/requests/history" underline="always">
            request history
          </Anchor>
          .
        </Text>
      </Stack>
    </>
  );
}

/**
 * Re-renders every `intervalMs` (relative times move on) and once more when `wakeAt` passes (the ETA
 * turns into "any minute now" on time). The render reads the clock itself, as TimeAgo does.
 */
function useClockTick(intervalMs: number, wakeAt: number | null): void {
  const [, tick] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    const timer = setInterval(tick, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  useEffect(() => {
    const wait = wakeAt === null ? 0 : wakeAt - Date.now();
    // setTimeout's limit is 2^31 ms; an ETA that far off is reached by the interval anyway.
    if (wait <= 0 || wait > 2 ** 31 - 1) return;
    const timer = setTimeout(tick, wait + 50);
    return () => clearTimeout(timer);
  }, [wakeAt]);
}

const STATUS_ICONS: Record<ReceiptStatus, typeof IconHourglass> = {
  held: IconHourglass,
  queued: IconListNumbers,
  playing: IconBroadcast,
  played: IconCircleCheck,
  rejected: IconReceiptRefund,
  refunded: IconReceiptRefund,
};

const statusColor = (status: ReceiptStatus) =>
  ({ '--status-color': `var(--mantine-color-${STATUS_COLORS[status]}-filled)` }) as CSSProperties;

/** `answeredAt`: when this receipt came (read or pushed), the moment its `etaSeconds` counts from. */
function ReceiptView({ receipt, answeredAt }: { receipt: Receipt; answeredAt: number }) {
  const target = etaTarget(receipt.etaSeconds, answeredAt);
  useClockTick(TICK_MS, target);
  const flip = receipt.kind === 'flip';
  return (
    <>
      <EmphasisHeader icon={flip ? 'flip' : 'microphone'} text={flip ? 'Flip' : 'Sample'} emphasis="Request">
        <RequestLinkButton to="/requests/queue" />
        <RequestLinkButton to="/requests/history" />
      </EmphasisHeader>
      <div className={classes.layout}>
        <Stack gap="lg" miw={0}>
          <RequestSummary receipt={receipt} />
          <StatusPanel receipt={receipt} target={target} />
        </Stack>
        <Timeline timeline={receipt.timeline} />
      </div>
    </>
  );
}

/** The request itself: its picture, title (the video's link for a flip), requester, amount and what it became. */
function RequestSummary({ receipt }: { receipt: Receipt }) {
  const flip = receipt.kind === 'flip';
  const requestedAt = receipt.timeline[0]?.at;
  const paid = paidText(receipt.amount, receipt.currency);
  return (
    <Paper withBorder radius="md" p="md" className={classes.request}>
      <RequestPicture receipt={receipt} />
      <Stack gap={6} miw={0}>
        <Title order={2} fz="h3" lh={1.3}>
          {flip && receipt.videoId ? (
            <Anchor href={requestVideoUrl({ videoId: receipt.videoId })} target="_blank" rel="noopener noreferrer" inherit>
              {receipt.title}
            </Anchor>
          ) : (
            receipt.title
          )}
        </Title>
        {requestedAt ? <RequestedBy name={receipt.username} date={requestedAt} /> : null}
        {paid ? (
          <Text size="sm" c="dimmed">
            Paid {paid}
          </Text>
        ) : null}
        {receipt.mediaId !== undefined ? <Became mediaId={receipt.mediaId} name={receipt.mediaName} /> : null}
        {receipt.moment ? (
          <Group mt={4}>
            <WatchMomentButton url={receipt.moment.url} size="sm" />
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** "Became: {song}": the song an admin set on the request's history row. */
function Became({ mediaId, name }: { mediaId: number; name: string | undefined }) {
  return (
    <Text size="sm" data-testid="receipt-became">
      Became:{' '}
      <Anchor renderRoot={(props) => <Link {...props} to="/media/$id" params={{ id: mediaId }} />} fw={600} underline="always" inherit>
        {name ?? `song ${mediaId}`}
      </Anchor>
    </Text>
  );
}

function RequestPicture({ receipt }: { receipt: Receipt }) {
  const { videoImageBase } = useConfig();
  if (receipt.kind === 'sample') {
    return (
      <div className={classes.voice}>
        <IconMicrophone size={40} stroke={1.5} aria-hidden />
      </div>
    );
  }
  // From the video provider's image host of the public config, as the queue and the history show it
  // (in demo mode the sandbox's; the receipt's thumbnailUrl is the provider's own address).
  const src = receipt.videoId ? requestThumbnailUrl(videoImageBase, { videoId: receipt.videoId }) : receipt.thumbnailUrl;
  return (
    <div className={classes.thumbnail}>
      <Thumbnail kind="media" thumbnail={null} src={src} alt="" eager />
    </div>
  );
}

/** Where the request stands, in words; a live region, so a screen reader hears it move. */
function StatusPanel({ receipt, target }: { receipt: Receipt; target: number | null }) {
  const Icon = STATUS_ICONS[receipt.status];
  const waiting = waitingText({ status: receipt.status, position: receipt.position, target }, Date.now());
  const refund = receipt.status === 'rejected' || receipt.status === 'refunded';
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      className={classes.status}
      style={statusColor(receipt.status)}
      role="status"
      data-testid="receipt-status"
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        <ThemeIcon size={40} radius="xl" variant="light" color={STATUS_COLORS[receipt.status]} aria-hidden>
          <Icon size={22} />
        </ThemeIcon>
        <Stack gap={4} miw={0}>
          <Text fw={700} fz="lg" lh={1.3}>
            {STATUS_HEADLINES[receipt.status]}
          </Text>
          {waiting ? <Text data-testid="receipt-waiting">{waiting}</Text> : null}
          {refund ? <Text size="sm">This request will not be played.</Text> : null}
          {refund && receipt.rejectReason ? (
            <Text size="sm" data-testid="receipt-reason">
              Reason: {receipt.rejectReason}
            </Text>
          ) : null}
          {receipt.status === 'playing' ? <Text size="sm">Tune in: it is on stream right now.</Text> : null}
        </Stack>
      </Group>
    </Paper>
  );
}

function Timeline({ timeline }: { timeline: Receipt['timeline'] }) {
  if (timeline.length === 0) return null;
  return (
    <Stack component="section" gap="sm" aria-labelledby="receipt-timeline">
      <Title order={2} fz="h4" id="receipt-timeline">
        Timeline
      </Title>
      <ol className={classes.timeline} data-testid="receipt-timeline">
        {timeline.map((step) => (
          <li key={`${step.status}-${step.at}`} className={classes.step} style={statusColor(step.status)}>
            <Text fw={600} lh={1.4}>
              {STATUS_LABELS[step.status]}
            </Text>
            <Text size="sm" c="dimmed">
              <TimeAgo date={step.at} />
            </Text>
          </li>
        ))}
      </ol>
    </Stack>
  );
}
