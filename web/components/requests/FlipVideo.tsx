import { Anchor, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconBrandYoutube, IconRefresh } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { PreviousRequest, ValidatedFlip } from '../../../common/flip';
import { formatDuration } from '../../../common/format';
import plain from '../plainList.module.css';
import { Thumbnail } from '../Thumbnail';
import { TimeAgo } from '../TimeAgo';
import classes from './FlipVideo.module.css';

/** The verified video (spec 2: thumbnail, title, author, duration, a link) and its earlier requests. */
export function FlipVideo({ flip }: { flip: ValidatedFlip }) {
  const { media, previousRequests } = flip;
  return (
    <Stack gap="md">
      <Card withBorder className={classes.video} data-testid="flip-video">
        <div className={classes.videoThumbnail}>
          <Thumbnail kind="media" thumbnail={null} src={media.thumbnailUrl} alt="" />
        </div>
        <Stack gap={4} className={classes.videoBody}>
          <Text fw={600} fz="lg" lh={1.3}>
            {media.title}
          </Text>
          <Text size="sm" c="dimmed">
            {media.author} · {formatDuration(media.duration)}
          </Text>
          <Anchor href={media.mediaUrl} target="_blank" rel="noopener noreferrer" size="sm">
            <Group gap={4} component="span">
              <IconBrandYoutube size={16} aria-hidden />
              Watch on YouTube
            </Group>
          </Anchor>
        </Stack>
      </Card>
      <PreviousRequests requests={previousRequests} />
    </Stack>
  );
}

function PreviousRequests({ requests }: { requests: PreviousRequest[] }) {
  if (requests.length === 0) return <Text fw={500}>Good news, this video has not been requested before!</Text>;
  return (
    <Stack gap="xs">
      <Text fw={500}>This video has been requested {requests.length} time(s) before, but you can still request it again</Text>
      <ul className={`${plain.plainList} ${classes.previousList}`} aria-label="Earlier requests">
        {requests.map((request) => (
          <li key={`${request.requestedAt}-${request.username}`} className={classes.previous}>
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {request.title}
              </Text>
              <Text size="sm" c="dimmed">
                {request.username} · <TimeAgo date={request.requestedAt} />
              </Text>
            </Stack>
            {request.mediaId !== undefined ? (
              <Button
                renderRoot={(props) => <Link {...props} to="/media/$id" params={{ id: request.mediaId! }} />}
                size="compact-sm"
                variant="light"
                leftSection={<IconRefresh size={14} aria-hidden />}
              >
                GO TO FLIP
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </Stack>
  );
}
