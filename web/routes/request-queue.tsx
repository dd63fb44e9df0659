import { Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlayerTrackNext } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { QueueItem } from '../../common/queue';
import { useCurrentUser } from '../api/auth';
import { queueQuery, usePlayNext, useQueueSocket } from '../api/queue';
import { EmphasisHeader } from '../components/EmphasisHeader';
import list from '../components/plainList.module.css';
import { QueueCard } from '../components/queue/QueueCard';
import { RequestLinkButton } from '../components/requests/RequestLinks';

/**
 * /requests/queue (spec 2 "Flip Request Queue", spec 4 "Flip queue"): what is playing and what is
 * queued, live through the queue socket (each message replaces the cached queue); admins advance it
 * with NEXT REQUEST or promote an item with Set playing, after which the queue reloads, or REJECT a
 * queued item (refunded; issue 19), with the Admin Console's dialog.
 */
export function RequestQueuePage() {
  const admin = useCurrentUser()?.admin === true;
  const queue = useQuery(queueQuery);
  useQueueSocket();
  const next = usePlayNext();
  const items = queue.data ?? [];
  const playing = items.filter((item) => item.nowPlaying);
  const queued = items.filter((item) => !item.nowPlaying);

  return (
    <>
      <EmphasisHeader icon="queue" text="Request" emphasis="Queue">
        <RequestLinkButton to="/request/flip" />
        <RequestLinkButton to="/requests/history" />
        {admin ? (
          <Button
            onClick={() => next.mutate(undefined)}
            loading={next.isPending}
            leftSection={<IconPlayerTrackNext size={16} aria-hidden />}
          >
            NEXT REQUEST
          </Button>
        ) : null}
      </EmphasisHeader>
      <Stack gap="xl">
        <QueueSection id="now-playing" title="Now Playing" empty="No request currently playing" items={playing} known={queue.isSuccess} />
        <QueueSection
          id="request-queue"
          title="Request Queue"
          empty="No requests currently queued"
          items={queued}
          known={queue.isSuccess}
          onSetPlaying={admin ? (item) => next.mutate(item.id) : undefined}
          rejectable={admin}
          busy={next.isPending}
        />
      </Stack>
    </>
  );
}

interface QueueSectionProps {
  id: string;
  title: string;
  empty: string;
  items: QueueItem[];
  /** The queue has loaded: only then is an empty section really empty (a failed read has toasted) */
  known: boolean;
  onSetPlaying?: (item: QueueItem) => void;
  /** Admins may reject (and so refund) the items of this section: the queued ones, never the playing one */
  rejectable?: boolean;
  busy?: boolean;
}

function QueueSection({ id, title, empty, items, known, onSetPlaying, rejectable = false, busy }: QueueSectionProps) {
  return (
    <Stack component="section" gap="sm" aria-labelledby={id}>
      <Title order={2} fz="h3" id={id}>
        {title}
      </Title>
      {items.length > 0 ? (
        <SimpleGrid component="ul" cols={{ base: 1, md: 2, xl: 3 }} spacing="md" className={list.plainList} aria-labelledby={id}>
          {items.map((item) => (
            <li key={item.id}>
              <QueueCard
                item={item}
                busy={busy}
                onSetPlaying={onSetPlaying ? () => onSetPlaying(item) : undefined}
                rejectable={rejectable}
              />
            </li>
          ))}
        </SimpleGrid>
      ) : known ? (
        <Text c="dimmed">{empty}</Text>
      ) : null}
    </Stack>
  );
}
