import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconEdit, IconMusic, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useContext } from 'react';
import type { SongRequest } from '../../../common/requests';
import { useConfig } from '../../api/config';
import { requestThumbnailUrl, requestVideoUrl } from '../../api/requests';
import { useReplaySample } from '../../api/sample';
import { CardHeadingContext } from '../cards/ItemCard';
import { RequestedBy } from '../RequestedBy';
import { Thumbnail } from '../Thumbnail';
import { ReceiptButton, WatchMomentButton } from './ReceiptLinks';
import classes from './RequestCard.module.css';

/**
 * One request of the history (spec 2 "Request history"): the video's thumbnail, its title linking to
 * the video, who asked and when; its Receipt and, once played on a synced recording, "Watch the
 * moment" (issue 20); a link to the song once one came of it; EDIT for admins.
 */
export function RequestCard({ request, admin }: { request: SongRequest; admin: boolean }) {
  const heading = useContext(CardHeadingContext);
  const { videoImageBase } = useConfig();
  const replay = useReplaySample();
  // A sample request has no video: no thumbnail to fetch and no video to link to.
  const video = request.videoId !== '';
  return (
    <Card className={classes.card} data-testid="request-card">
      <div className={classes.thumbnail}>
        <Thumbnail kind="media" thumbnail={null} src={video ? requestThumbnailUrl(videoImageBase, request) : undefined} alt="" />
      </div>
      <Stack gap={6} className={classes.body}>
        <Text component={heading} fw={600} fz="md" lh={1.3} lineClamp={2}>
          {video ? (
            <Anchor href={requestVideoUrl(request)} target="_blank" rel="noopener noreferrer" inherit c="var(--mantine-color-text)">
              {request.title}
            </Anchor>
          ) : (
            request.title
          )}
        </Text>
        <RequestedBy name={request.username} date={request.createdAt} />
        <Group gap="xs" mt={4}>
          <ReceiptButton id={request.id} title={request.title} />
          {request.moment ? <WatchMomentButton url={request.moment.url} title={request.title} /> : null}
          {request.mediaId !== null ? (
            <Button
              renderRoot={(props) => <Link {...props} to="/media/$id" params={{ id: request.mediaId }} />}
              size="compact-sm"
              variant="light"
              leftSection={<IconMusic size={14} aria-hidden />}
            >
              Go to song
            </Button>
          ) : null}
          {admin && request.sampleRequestId !== null ? (
            <Button
              size="compact-sm"
              variant="light"
              loading={replay.isPending}
              onClick={() => replay.mutate(request.id)}
              leftSection={<IconPlayerPlay size={14} aria-hidden />}
              aria-label={`Replay request ${request.title}`}
            >
              Replay
            </Button>
          ) : null}
          {admin ? (
            <Button
              renderRoot={(props) => <Link {...props} to="/requests/history/$id/edit" params={{ id: request.id }} />}
              size="compact-sm"
              variant="default"
              leftSection={<IconEdit size={14} aria-hidden />}
              aria-label={`Edit request ${request.title}`}
            >
              Edit
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
