import { useSyncExternalStore } from 'react';
import type { RadioClientMessage, RadioCrowd, Reaction } from '../../../common/radio';
import { REACTION_EVERY_MS } from '../../../common/reactions';
import { newFloats, type OwnReactions } from '../../lib/reactions';

/**
 * The current track's crowd (issue 25), outside React like the radio's store, but apart from it: only
 * the lazy engine, the /radio screen and the mini-player import this, so the shell does not carry it.
 * The engine feeds it each crowd message and lends it the socket's `send`; the screens read the
 * counts, the floating reactions and the vote, and send the listener's own.
 */

export interface Float {
  id: number;
  reaction: Reaction;
  /** Where across the bar it rises, 0 to 1 */
  lane: number;
}

export interface CrowdState {
  /** The crowd last heard: the track playing now's, or the next one's when it came first (compare `startedAt`) */
  crowd: RadioCrowd | null;
  /** Reactions rising now (the listener's own at once, others' as their counts grow) */
  floats: Float[];
  /** The `startedAt` of the track this listener voted to skip */
  votedFor: string | null;
  /** When this listener last reacted (Date.now()): the server counts one a second */
  reactedAt: number;
}

/** More floats at once than this: the oldest go (a crowd in a frenzy is still readable). */
const MAX_FLOATS = 24;

let state: CrowdState = { crowd: null, floats: [], votedFor: null, reactedAt: Number.NEGATIVE_INFINITY };
let own: OwnReactions = {};
let send: ((message: RadioClientMessage) => boolean) | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function set(patch: Partial<CrowdState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

const floated = (reactions: Reaction[]): Float[] =>
  [...state.floats, ...reactions.map((reaction) => ({ id: nextId++, reaction, lane: Math.random() }))].slice(-MAX_FLOATS);

export const crowd = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The engine's socket (null when it goes) */
  attach(next: ((message: RadioClientMessage) => boolean) | null) {
    send = next;
  },
  /** A crowd message: the new counts, and what others added floats up. */
  receive(next: RadioCrowd) {
    const { floats, own: left } = newFloats(state.crowd, next, own);
    own = left;
    set({ crowd: next, floats: floats.length > 0 ? floated(floats) : state.floats });
  },
  /** The track playing now: a crowd of another one goes, with its floats. */
  track(startedAt: string) {
    if (state.crowd?.startedAt === startedAt) return;
    own = {};
    set({ crowd: null, floats: [] });
  },
  /** The station's socket went (a new station) */
  reset() {
    own = {};
    set({ crowd: null, floats: [] });
  },
  /**
   * The listener's reaction: sent and floated at once. One a second, as the server counts them:
   * a tap within the second does nothing (so a quick finger never reaches the socket's flood rule).
   */
  react(reaction: Reaction, nowMs = Date.now()): boolean {
    if (nowMs - state.reactedAt < REACTION_EVERY_MS) return false;
    if (!send?.({ type: 'react', reaction })) return false;
    own = { ...own, [reaction]: (own[reaction] ?? 0) + 1 };
    set({ reactedAt: nowMs, floats: floated([reaction]) });
    return true;
  },
  /** A vote to skip the track that started at `startedAt` */
  vote(startedAt: string): boolean {
    if (state.votedFor === startedAt || !send?.({ type: 'vote', startedAt })) return false;
    set({ votedFor: startedAt });
    return true;
  },
  /** A float finished rising */
  landed(id: number) {
    set({ floats: state.floats.filter((float) => float.id !== id) });
  },
};

export function useCrowd<T>(select: (state: CrowdState) => T): T {
  return useSyncExternalStore(crowd.subscribe, () => select(crowd.get()));
}
