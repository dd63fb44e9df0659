import type { RadioPlayed, RadioTrack, ReactionCounts } from '../../common/radio';

/**
 * The radio's pure rules (spec 4 "Radio", issue 13): where the station is in its track, and the
 * "Previously Played" list. Type-only imports: the shell carries this file, and zod stays out of it.
 */

/** How many earlier tracks the screen keeps (the server's history gives 20; pushes add to it). */
export const PLAYED_LIMIT = 50;

/** A track as received: the server's clock minus this browser's at receipt, so positions use server time. */
export interface ReceivedTrack {
  track: RadioTrack;
  /** serverTime - the browser's Date.now() when the message arrived, in ms */
  offsetMs: number;
}

export function receive(track: RadioTrack, receivedAtMs: number): ReceivedTrack {
  return { track, offsetMs: Date.parse(track.serverTime) - receivedAtMs };
}

/**
 * Seconds into the track the station is at `nowMs` (this browser's clock), never past its end:
 * (server now - startedAt), the server's now being this clock plus the offset measured at receipt.
 */
export function stationPosition({ track, offsetMs }: ReceivedTrack, nowMs: number): number {
  const started = Date.parse(track.startedAt);
  const seconds = Number.isNaN(started) ? track.startAtSecs : (nowMs + offsetMs - started) / 1000;
  return Math.min(Math.max(0, seconds), track.duration);
}

/** A player this far from the station is moved back to it. */
export function isAdrift(playerSecs: number, stationSecs: number, maxDriftSecs: number): boolean {
  return Math.abs(playerSecs - stationSecs) > maxDriftSecs;
}

/** One play of a song: a song played again later is a new entry, a track sent twice is not. */
const playKey = (played: Pick<RadioPlayed, 'id' | 'startedAt'>) => `${played.id}@${played.startedAt}`;

const asPlayed = (track: RadioTrack, reactions: ReactionCounts): RadioPlayed => {
  const { station: _station, startAtSecs: _startAt, serverTime: _serverTime, ...played } = track;
  return { ...played, reactions };
};

/**
 * Spec 4: a new track becomes current and the one before goes on top of Previously Played (newest
 * first), never duplicating the last entry; the same track pushed again (a reconnect) changes nothing.
 */
export function advance(
  played: RadioPlayed[],
  current: RadioTrack | null,
  next: RadioTrack,
  /** The counts `current` got, as last heard (the engine's: the shell does not carry the crowd) */
  reactions: ReactionCounts,
): RadioPlayed[] {
  if (!current || playKey(current) === playKey(next)) return played;
  const top = played[0];
  if (top && (playKey(top) === playKey(current) || top.id === current.id)) return played;
  return [asPlayed(current, reactions), ...played].slice(0, PLAYED_LIMIT);
}

/**
 * The server's history (newest first) joined with what the screen has seen: each play once, newest
 * first, without the track playing now.
 */
export function mergeHistory(played: RadioPlayed[], history: RadioPlayed[], current: RadioTrack | null): RadioPlayed[] {
  const byKey = new Map<string, RadioPlayed>();
  for (const entry of [...played, ...history]) if (!byKey.has(playKey(entry))) byKey.set(playKey(entry), entry);
  if (current) byKey.delete(playKey(current));
  return [...byKey.values()].sort((a, b) => Date.parse(b.startedAt) - Date.parse(a.startedAt)).slice(0, PLAYED_LIMIT);
}

/** Spec 4: numbered from the oldest, so the entry on top has the highest number. */
export const playedNumber = (index: number, count: number) => count - index;
