import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconBrandYoutube, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import type { QueueItem } from '../../../common/queue';
import { useConfig } from '../../api/config';
import { queueThumbnailUrl } from '../../api/queue';
import { LazyRejectRequestModal } from '../requests/LazyRejectRequestModal';
import { ReceiptButton } from '../requests/ReceiptLinks';
import classes from '../requests/RequestCard.module.css';
import { Thumbnail } from '../Thumbnail';

interface QueueCardProps {
  item: QueueItem;
  /** Set playing (admins, queued items only); absent hides the button */
  onSetPlaying?: () => void;
  /** REJECT (admins, queued items only): its dialog asks for a reason, then the request is refunded */
  rejectable?: boolean;
  /** Another admin action is running: Set playing and REJECT wait */
  busy?: boolean;
}

/**
 * One queue item (spec 2 "Flip Request Queue"): thumbnail, title, "Requested by: {name}", "Go to
 * video", its Receipt (issue 20); for admins on a queued item, Set playing and REJECT (issue 19).
 */
export function QueueCard({ item, onSetPlaying, rejectable = false, busy = false }: QueueCardProps) {
  const { videoImageBase } = useConfig();
  const [rejecting, setRejecting] = useState(false);
  return (
    <Card className={classes.card} data-testid="queue-item">
      <div className={classes.thumbnail}>
        <Thumbnail kind="media" thumbnail={null} src={queueThumbnailUrl(videoImageBase, item)} alt="" />
      </div>
      <Stack gap={6} className={classes.body}>
        <Text component="h3" fw={600} fz="md" lh={1.3} lineClamp={2} m={0}>
          {item.title}
        </Text>
        <Text size="sm" c="dimmed">
          Requested by:{' '}
          <Text span fw={600} c="var(--mantine-color-text)">
            {item.username}
          </Text>
        </Text>
        <Group gap="xs" mt={4}>
          <Button
            component="a"
            href={item.mediaUrl}
            target="_blank"
            rel="noopener noreferrer"
            size="compact-sm"
            variant="light"
            leftSection={<IconBrandYoutube size={14} aria-hidden />}
            aria-label={`Go to video ${item.title}`}
          >
            Go to video
          </Button>
          <ReceiptButton id={item.requestId} title={item.title} />
          {onSetPlaying ? (
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconPlayerPlay size={14} aria-hidden />}
              onClick={onSetPlaying}
              disabled={busy}
              aria-label={`Set playing ${item.title}`}
            >
              Set playing
            </Button>
          ) : null}
          {rejectable ? (
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              leftSection={<IconX size={14} aria-hidden />}
              onClick={() => setRejecting(true)}
              disabled={busy}
              aria-label={`Reject ${item.title}`}
            >
              REJECT
            </Button>
          ) : null}
        </Group>
      </Stack>
      {rejectable ? (
        <LazyRejectRequestModal
          target={{ id: item.requestId, title: item.title, username: item.username }}
          opened={rejecting}
          onClose={() => setRejecting(false)}
        />
      ) : null}
    </Card>
  );
}
