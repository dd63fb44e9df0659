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
  /**
   * `current` is the track the page's HTML carried (issue 23: it shows before the socket connects),
   * which no socket has sent yet: the socket's first track replaces it, without moving it under
   * Previously Played (if it ended meanwhile, the history read on connecting has it, in its place).
   */
  fromPage: boolean;
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
  fromPage: false,
  played: [],
  playback: 'idle',
  volume: 80,
};

let state = initial;

/** The current track as the socket sent it (the page's may have ended already: the history places it then). */
const heard = () => (state.fromPage ? null : (state.current?.track ?? null));
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

  /**
   * Before the radio is first tuned (the /radio route's loader, so the first render has it): the
   * station's track as the page's HTML carried it, shown until the socket's first track.
   */
  seed(station: Station, first: ReceivedTrack | null) {
    if (!state.tuned && first) set({ station, current: first, fromPage: true });
  },
  /** Spec 4: switching the station clears the current track (and what was played) and reconnects. */
  tune(station: Station) {
    if (state.tuned && state.station === station) return;
    // The first tuning keeps the track seeded for that station.
    const first = !state.tuned && state.fromPage && state.station === station ? state.current : null;
    set({ tuned: true, station, status: 'Connecting...', current: first, fromPage: first !== null, played: [], playback: 'loading' });
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
    set({ current: receive(track, receivedAtMs), fromPage: false, played: advance(state.played, heard(), track, reactions) });
  },
  history(history: RadioPlayed[]) {
    set({ played: mergeHistory(state.played, history, heard()) });
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

/** The station /radio opens: the one its query names, else the one playing (the menu's bare link), else the default. */
export const openingStation = ({ tuned, station }: RadioState, named: Station | undefined): Station =>
  named ?? (tuned ? station : DEFAULT_STATION);

export function useRadio<T>(select: (state: RadioState) => T): T {
  return useSyncExternalStore(radio.subscribe, () => select(radio.get()));
}
