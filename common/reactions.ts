/**
 * The radio's reactions (issue 25), a small fixed set: the key each is sent and counted under, the
 * emoji shown and the name a screen reader says. Zod-free. A file of its own: whatever
 * common/constants.ts exports that a lazy chunk uses ends up in the entry chunk (the shell imports it).
 */
export const RADIO_REACTIONS = ['fire', 'heart', 'laugh', 'clap'] as const;
export const REACTION_LOOKS: Record<(typeof RADIO_REACTIONS)[number], { emoji: string; label: string }> = {
  fire: { emoji: '🔥', label: 'Fire' },
  heart: { emoji: '❤️', label: 'Love' },
  laugh: { emoji: '😂', label: 'Laugh' },
  clap: { emoji: '👏', label: 'Applause' },
};
/** A listener's reactions count at most once per this long; extra ones are dropped (the socket's flood rule still applies). */
export const REACTION_EVERY_MS = 1_000;
/** A vote to skip passes with more than half of the station's logged-in listeners, and never with fewer votes than this. */
export const SKIP_VOTES_MIN = 3;
