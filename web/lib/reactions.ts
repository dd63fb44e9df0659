import type { RadioCrowd, Reaction, ReactionCounts } from '../../common/radio';
import { RADIO_REACTIONS } from '../../common/reactions';

/**
 * The radio crowd's pure rules (issue 25): which reactions float up when a crowd message comes, and
 * the vote count's words. Type-only imports of common/radio.ts: no zod here.
 */

/** No reactions yet (a play's counts come with the history, or from its last crowd message) */
export const NO_REACTIONS = Object.fromEntries(RADIO_REACTIONS.map((reaction) => [reaction, 0])) as ReactionCounts;

/** At most this many of one reaction float up from one message (a burst of a hundred is a few, not a hundred). */
export const MAX_FLOATS_PER_MESSAGE = 5;

export type OwnReactions = Partial<Record<Reaction, number>>;

/**
 * What floats up when `next` follows `previous`: the reactions added since, of the same track, less
 * this listener's own (already floated when tapped). A first message, or one of another track,
 * floats nothing: its counts are history. Answers the floats and the own reactions not yet heard back.
 */
export function newFloats(previous: RadioCrowd | null, next: RadioCrowd, own: OwnReactions): { floats: Reaction[]; own: OwnReactions } {
  if (!previous || previous.startedAt !== next.startedAt) return { floats: [], own: {} };
  const floats: Reaction[] = [];
  const left: OwnReactions = {};
  for (const reaction of RADIO_REACTIONS) {
    const added = Math.max(0, next.reactions[reaction] - previous.reactions[reaction]);
    const mine = own[reaction] ?? 0;
    const heardBack = Math.min(added, mine);
    if (mine - heardBack > 0) left[reaction] = mine - heardBack;
    for (let i = 0; i < Math.min(added - heardBack, MAX_FLOATS_PER_MESSAGE); i++) floats.push(reaction);
  }
  return { floats, own: left };
}

/** "2 of 3 votes to skip": the votes in, and the votes that skip the track. */
export const voteText = (crowd: Pick<RadioCrowd, 'votes' | 'needed'>) => `${crowd.votes} of ${crowd.needed} votes to skip`;
