import { Anchor, Group, Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useConfig } from '../../api/config';
import { requestThumbnailUrl, requestVideoUrl, songRequestsOf } from '../../api/requests';
import { Thumbnail } from '../Thumbnail';
import { TimeAgo } from '../TimeAgo';
import { ReceiptButton, WatchMomentButton } from './ReceiptLinks';
import classes from './RequestCard.module.css';

/**
 * Spec 2 "Song detail": when the song came of a request, a box "Song Flip Requested by" with the
 * requested video's thumbnail, title and link, and who asked; then the request's Receipt and, once
 * its recording is synced, "Watch the moment" it played on stream (issue 20). Nothing shows while
 * loading, when there is none, or when the history cannot be read (the song page does not depend on it).
 */
export function FlipRequestedBy({ mediaId }: { mediaId: number }) {
  const request = useQuery(songRequestsOf(mediaId)).data?.[0];
  const { videoImageBase } = useConfig();
  if (!request) return null;
  return (
    <Paper component="section" withBorder radius="md" p="md" mb="lg" aria-labelledby="flip-requested-by" data-testid="flip-requested-by">
      <Title order={2} fz="lg" mb="sm" id="flip-requested-by">
        Song Flip Requested by{' '}
        <Text span inherit c="pink">
          {request.username}
        </Text>
      </Title>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <div className={classes.thumbnail}>
          <Thumbnail kind="media" thumbnail={null} src={requestThumbnailUrl(videoImageBase, request)} alt="" />
        </div>
        <div>
          <Anchor href={requestVideoUrl(request)} target="_blank" rel="noopener noreferrer" fw={600}>
            {request.title}
          </Anchor>
          <Text size="sm" c="dimmed" mt={4}>
            <TimeAgo date={request.createdAt} prefix="requested" />
          </Text>
          <Group gap="xs" mt="xs">
            <ReceiptButton id={request.id} />
            {request.moment ? <WatchMomentButton url={request.moment.url} /> : null}
          </Group>
        </div>
      </Group>
    </Paper>
  );
}
