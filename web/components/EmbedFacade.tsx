import { Box, Text, UnstyledButton } from '@mantine/core';
import { IconPlayerPlayFilled } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { type EmbedTarget, embedUrl } from '../lib/embed';
import classes from './EmbedFacade.module.css';

const PROVIDER_NAMES: Record<EmbedTarget['kind'], string> = {
  youtube: 'YouTube',
  soundcloud: 'SoundCloud',
  'twitch-video': 'Twitch',
  'twitch-clip': 'Twitch',
  'twitch-channel': 'Twitch',
};

interface EmbedFacadeProps {
  target: EmbedTarget;
  /** What plays, for the button label and the iframe title */
  title: string;
  /** The still shown until the visitor presses play (usually a Thumbnail) */
  poster: ReactNode;
}

/**
 * A provider player that costs nothing until it is wanted: the poster with a play button, and the
 * provider's iframe only after a click. Keeps third-party scripts and cookies off every page view.
 */
export function EmbedFacade({ target, title, poster }: EmbedFacadeProps) {
  const [playing, setPlaying] = useState(false);
  const provider = PROVIDER_NAMES[target.kind];

  if (playing) {
    return (
      <Box className={classes.frame}>
        <iframe
          className={classes.iframe}
          src={embedUrl(target, window.location.hostname)}
          title={`${title} (${provider} player)`}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </Box>
    );
  }

  return (
    <UnstyledButton
      className={classes.frame}
      onClick={() => setPlaying(true)}
      aria-label={`Play ${title} on ${provider}`}
      data-testid="embed-facade"
    >
      {poster}
      <span className={classes.shade} aria-hidden />
      <span className={classes.play} aria-hidden>
        <IconPlayerPlayFilled size={30} />
      </span>
      {/* Only the provider's name shows: the button's name ("Play … on YouTube") must contain the visible text. */}
      <Text component="span" className={classes.provider}>
        {provider}
      </Text>
    </UnstyledButton>
  );
}
