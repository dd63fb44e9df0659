import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconBrandTwitch, IconBrandYoutube } from '@tabler/icons-react';
import { useConfig } from '../../api/config';

/** Spec 2: buttons linking to the streamer's live-stream channel and video channel. */
export function ChannelButtons() {
  const { liveChannelUrl, videoChannelUrl, streamerName } = useConfig();
  const live = `${streamerName} live on Twitch`;
  const video = `${streamerName} on YouTube`;
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip label={live}>
        <ActionIcon
          component="a"
          href={liveChannelUrl}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          color="violet"
          size="lg"
          aria-label={live}
        >
          <IconBrandTwitch size={20} stroke={1.8} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={video}>
        <ActionIcon
          component="a"
          href={videoChannelUrl}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          color="red"
          size="lg"
          aria-label={video}
        >
          <IconBrandYoutube size={20} stroke={1.8} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
