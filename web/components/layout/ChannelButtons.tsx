import { ActionIcon, Group } from '@mantine/core';
import { IconBrandTwitch, IconBrandYoutube } from '@tabler/icons-react';
import { useConfig } from '../../api/config';
import { LazyTooltip } from '../later/LazyTooltip';

/** Spec 2: buttons linking to the streamer's live-stream channel and video channel. */
export function ChannelButtons() {
  const { liveChannelUrl, videoChannelUrl, streamerName } = useConfig();
  return (
    <Group gap={6} wrap="nowrap">
      <ChannelButton href={liveChannelUrl} label={`${streamerName} live on Twitch`} color="violet" Icon={IconBrandTwitch} />
      <ChannelButton href={videoChannelUrl} label={`${streamerName} on YouTube`} color="red" Icon={IconBrandYoutube} />
    </Group>
  );
}

interface ChannelButtonProps {
  href: string;
  /** The tooltip and the accessible name (the button shows only the icon) */
  label: string;
  color: string;
  Icon: typeof IconBrandTwitch;
}

/** An icon link to a channel, opening in a new tab. */
function ChannelButton({ href, label, color, Icon }: ChannelButtonProps) {
  return (
    <LazyTooltip label={label}>
      <ActionIcon
        component="a"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        variant="light"
        color={color}
        size="lg"
        aria-label={label}
      >
        <Icon size={20} stroke={1.8} />
      </ActionIcon>
    </LazyTooltip>
  );
}
