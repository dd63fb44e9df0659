/**
 * An honest ETA (issue 20) from the streamer's own pace: the median time between plays of recent
 * requests, times the requests ahead. Pure, so tests give it times instead of waiting for them.
 */

/** How many recent plays the pace is learned from */
export const PACE_PLAYS = 20;

/** A longer gap between two plays is a break (the stream ended, a game), not the pace. */
export const PACE_BREAK_SECONDS = 60 * 60;

/**
 * Seconds per request: the median gap between consecutive plays (any order of `plays`), breaks left
 * out; `fallbackSeconds` until there are two plays to measure.
 */
export function paceSeconds(plays: readonly Date[], fallbackSeconds: number): number {
  const times = plays.map((play) => play.getTime()).sort((a, b) => a - b);
  const gaps: number[] = [];
  for (let i = 1; i < times.length; i++) {
    const gap = (times[i]! - times[i - 1]!) / 1000;
    if (gap <= PACE_BREAK_SECONDS) gaps.push(gap);
  }
  if (gaps.length === 0) return fallbackSeconds;
  gaps.sort((a, b) => a - b);
  const middle = Math.floor(gaps.length / 2);
  return gaps.length % 2 === 1 ? gaps[middle]! : (gaps[middle - 1]! + gaps[middle]!) / 2;
}

/**
 * Seconds until the request `waiting` places back in line plays (1: it is next). When something plays,
 * the next begins one pace after it began, or now if that is past; each one after, a pace later. Never
 * negative: a late request is due "any minute now" (0).
 */
export function etaSeconds(options: { now: Date; pace: number; place: number; playingSince: Date | null }): number {
  const { now, pace, place, playingSince } = options;
  const nowMs = now.getTime();
  const nextStart = playingSince ? Math.max(nowMs, playingSince.getTime() + pace * 1000) : nowMs;
  const start = nextStart + (place - 1) * pace * 1000;
  return Math.max(0, Math.round((start - nowMs) / 1000));
}
