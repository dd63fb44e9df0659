import { Anchor, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDuration } from '../../../common/format';
import type { ReactionCounts } from '../../../common/radio';
import { RADIO_REACTIONS, REACTION_LOOKS } from '../../../common/reactions';
import { playedNumber } from '../../lib/radio';
import list from '../plainList.module.css';
import classes from './PreviouslyPlayed.module.css';
import { useRadio } from './store';
import { TrackThumbnail } from './TrackThumbnail';

/** Spec 2 / 4 "Previously Played": the track before on top, numbered from the oldest. */
export function PreviouslyPlayed() {
  const played = useRadio((state) => state.played);
  return (
    <Stack component="section" gap="sm" aria-labelledby="radio-played">
      <Title order={2} fz="h3" id="radio-played">
        Previously Played
      </Title>
      {played.length === 0 ? (
        <Text c="dimmed">Nothing played yet</Text>
      ) : (
        <Stack
          // Numbered from the oldest (spec 4): the list counts down from the top.
          renderRoot={(props) => <ol reversed {...props} />}
          gap="xs"
          className={list.plainList}
          aria-labelledby="radio-played"
        >
          {played.map((entry, index) => (
            <Group component="li" key={`${entry.id}@${entry.startedAt}`} gap="sm" wrap="nowrap" className={classes.row}>
              <Text fw={700} c="dimmed" className={classes.number}>
                {playedNumber(index, played.length)}
              </Text>
              <TrackThumbnail thumbnail={entry.thumbnail} lazy />
              <Anchor
                renderRoot={(props) => <Link {...props} to="/media/$id" params={{ id: entry.id }} />}
                className={classes.name}
                truncate
              >
                {entry.name}
              </Anchor>
              <PlayedReactions reactions={entry.reactions} />
              <Text size="sm" c="dimmed">
                {formatDuration(entry.duration)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** A play's reactions (issue 25), those it got: "🔥 2 👏 1", named for screen readers. */
function PlayedReactions({ reactions }: { reactions: ReactionCounts }) {
  const got = RADIO_REACTIONS.filter((reaction) => reactions[reaction] > 0);
  if (got.length === 0) return null;
  const named = got.map((reaction) => `${REACTION_LOOKS[reaction].label} ${reactions[reaction]}`).join(', ');
  return (
    <Text size="sm" c="dimmed" className={classes.reactions}>
      <VisuallyHidden>Reactions: {named}</VisuallyHidden>
      <span aria-hidden>{got.map((reaction) => `${REACTION_LOOKS[reaction].emoji} ${reactions[reaction]}`).join(' ')}</span>
    </Text>
  );
}
