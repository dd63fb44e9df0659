import { useSyncExternalStore } from 'react';
import { DEFAULT_STATION, type RADIO_STATIONS } from '../../../common/constants';
import type { RadioPlayed, RadioTrack, ReactionCounts } from '../../../common/radio';
import { advance, mergeHistory, type ReceivedTrack, receive } from '../../lib/radio';
import type { Playback } from './players/types';

/**
 * The radio's state, outside React so it outlives every screen (issue 13: "a player that stays"):
 * the /radio screen tunes it, the engine mounted in the app shell (RadioDock) connects and plays,
 * and the screen and the mini-player read it. Zod-free and tiny, since the shell carries it.
 */

export type Station = (typeof RADIO_STATIONS)[number];
export type ConnectionStatus = 'Connecting...' | 'Connected';
// Playback is the players' word (players/types.ts); the store keeps it for the shell.
export type { Playback };

/** What the engine's current player can be told; set by the engine, called straight from click handlers (user activation). */
export interface PlayerControls {
  play(): void;
  pause(): void;
  setVolume(volume: number): void;
}

export interface RadioState {
  /** The radio was opened in this tab: the engine runs from then on */
  tuned: boolean;
  station: Station;
  status: ConnectionStatus;
  current: ReceivedTrack | null;
  /** Previously Played, newest first */
  played: RadioPlayed[];
  playback: Playback;
  /** 0 to 100 */
  volume: number;
}

const initial: RadioState = {
  tuned: false,
  station: DEFAULT_STATION,
  status: 'Connecting...',
  current: null,
  played: [],
  playback: 'idle',
  volume: 80,
};

let state = initial;
let controls: PlayerControls | null = null;
const listeners = new Set<() => void>();

function set(patch: Partial<RadioState>) {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const radio = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Spec 4: switching the station clears the current track (and what was played) and reconnects. */
  tune(station: Station) {
    if (state.tuned && state.station === station) return;
    set({ tuned: true, station, status: 'Connecting...', current: null, played: [], playback: 'loading' });
  },
  connection(status: ConnectionStatus) {
    if (status !== state.status) set({ status });
  },
  /**
   * A track pushed by the socket: it becomes current, the one before goes on top of Previously
   * Played (with `reactions`, its counts as last heard).
   */
  track(track: RadioTrack, reactions: ReactionCounts, receivedAtMs = Date.now()) {
    if (track.station !== state.station) return;
    set({ current: receive(track, receivedAtMs), played: advance(state.played, state.current?.track ?? null, track, reactions) });
  },
  history(history: RadioPlayed[]) {
    set({ played: mergeHistory(state.played, history, state.current?.track ?? null) });
  },
  playback(playback: Playback) {
    if (playback !== state.playback) set({ playback });
  },

  attach(next: PlayerControls | null) {
    controls = next;
  },
  play() {
    controls?.play();
  },
  pause() {
    controls?.pause();
  },
  setVolume(volume: number) {
    set({ volume });
    controls?.setVolume(volume);
  },
};

export function useRadio<T>(select: (state: RadioState) => T): T {
  return useSyncExternalStore(radio.subscribe, () => select(radio.get()));
}
