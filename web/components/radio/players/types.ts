import type { RadioTrack } from '../../../../common/radio';
/** What the listener hears: `blocked` is the browser refusing to start without a click (autoplay). */
export type Playback = 'idle' | 'loading' | 'playing' | 'paused' | 'blocked' | 'error';

/**
 * One player interface, three implementations chosen by the track's provider (issue 13): YouTube's
 * IFrame Player API, SoundCloud's Widget API, and in demo mode an audio element on the sandbox's
 * generated audio. Each starts a track where the station is, and can be moved back to it.
 */
export interface RadioPlayer {
  /** Plays `track` from `position()`, read when the player is ready (a script or the media may take a while to load) */
  load(track: RadioTrack, position: () => number): void;
  play(): void;
  pause(): void;
  seek(seconds: number): void;
  /** Seconds into the track, or null while it cannot tell */
  position(): number | null;
  /** 0 to 100 */
  setVolume(volume: number): void;
  destroy(): void;
}

export interface PlayerEvents {
  /** What the listener hears now; `blocked` when the browser refuses to start without a gesture */
  onPlayback(playback: Playback): void;
}

export interface PlayerOptions extends PlayerEvents {
  /** Where an implementation puts its element (an iframe, an audio element), kept mounted in the shell */
  host: HTMLElement;
  volume: number;
}

/** A refused play(): the browser wants a click first (autoplay policy), or something else went wrong. */
export function playbackOfRefusal(error: unknown): Playback | null {
  if (error instanceof DOMException && error.name === 'NotAllowedError') return 'blocked';
  // A newer load or pause interrupted this play(): not a failure.
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  return 'error';
}
