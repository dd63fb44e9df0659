import { Button, Group, Text } from '@mantine/core';
import { IconPlayerSkipForward } from '@tabler/icons-react';
import type { RadioCrowd } from '../../../common/radio';
import { RADIO_REACTIONS, REACTION_LOOKS } from '../../../common/reactions';
import { useCurrentUser } from '../../api/auth';
import { voteText } from '../../lib/reactions';
import { LazyTooltip } from '../later/LazyTooltip';
import { crowd, useCrowd } from './crowd';
import classes from './Reactions.module.css';
import { useRadio } from './store';

/**
 * The listeners' side of the radio (issue 25), on /radio and in the mini-player: the reactions with
 * the current track's counts, rising when anyone reacts, and for logged-in listeners the vote to
 * skip with "2 of 3 votes to skip". Both go over the station's socket (crowd.ts); lazy, like the
 * screens that show it.
 */

/** The crowd of the track shown now (null before its first message) */
function useTrackCrowd(): { startedAt: string | null; current: RadioCrowd | null } {
  const startedAt = useRadio((state) => state.current?.track.startedAt ?? null);
  const current = useCrowd((state) => (state.crowd && state.crowd.startedAt === startedAt ? state.crowd : null));
  return { startedAt, current };
}

export function Reactions({ compact = false }: { compact?: boolean }) {
  const { startedAt, current } = useTrackCrowd();
  const floats = useCrowd((state) => state.floats);
  return (
    <div className={classes.reactions}>
      <Group gap={compact ? 4 : 'xs'} wrap="nowrap" role="group" aria-label="Reactions">
        {RADIO_REACTIONS.map((reaction) => {
          const { emoji, label } = REACTION_LOOKS[reaction];
          const count = current?.reactions[reaction] ?? 0;
          return (
            <LazyTooltip key={reaction} label={label}>
              <Button
                variant="default"
                radius="xl"
                size={compact ? 'compact-sm' : 'sm'}
                px={compact ? 6 : 'sm'}
                aria-label={`${label}, ${count}`}
                disabled={startedAt === null}
                onClick={() => crowd.react(reaction)}
              >
                <span aria-hidden>{emoji}</span>
                <Text span size={compact ? 'xs' : 'sm'} ml={4} aria-hidden>
                  {count}
                </Text>
              </Button>
            </LazyTooltip>
          );
        })}
      </Group>
      <div className={classes.floats} aria-hidden>
        {floats.map((float) => (
          <span
            key={float.id}
            className={classes.float}
            style={{ left: `${5 + float.lane * 85}%` }}
            onAnimationEnd={() => crowd.landed(float.id)}
          >
            {REACTION_LOOKS[float.reaction].emoji}
          </span>
        ))}
      </div>
    </div>
  );
}

/** Logged-in listeners only: VOTE TO SKIP and the count; the track skips once enough voted (the server decides). */
export function VoteToSkip({ compact = false }: { compact?: boolean }) {
  const user = useCurrentUser();
  const { startedAt, current } = useTrackCrowd();
  const voted = useCrowd((state) => startedAt !== null && state.votedFor === startedAt);
  if (!user) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        variant="light"
        size={compact ? 'compact-sm' : 'sm'}
        leftSection={<IconPlayerSkipForward size={14} aria-hidden />}
        disabled={startedAt === null || voted}
        onClick={() => startedAt !== null && crowd.vote(startedAt)}
      >
        {voted ? 'VOTED' : 'VOTE TO SKIP'}
      </Button>
      <Text size={compact ? 'xs' : 'sm'} c="dimmed" aria-live="polite">
        {current ? voteText(current) : null}
      </Text>
    </Group>
  );
}
