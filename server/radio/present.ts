import type { Tag } from '../../common/api';
import { type RadioCrowd, type RadioPlayed, type RadioTrack, type ReactionCounts, type Station, votesNeeded } from '../../common/radio';
import { RADIO_REACTIONS } from '../../common/reactions';
import { ANONYMOUS, presentMedia } from '../catalogue/present';
import type { CrowdRow, PlayedRow, PlayingRow } from './queries';

type TagsOf = (ids: number[]) => Tag[];

/** Whole seconds since the track started, within the track (spec 3 `startAtSecs`). */
export function startAtSecs(startedAt: Date, duration: number, now: Date): number {
  const secs = Math.floor((now.getTime() - startedAt.getTime()) / 1000);
  return Math.min(Math.max(secs, 0), duration);
}

/**
 * A radio socket message: the song as every other read presents it (to nobody in particular: one
 * message goes to every listener, so `liked` is false), plus where the station is in it at `now`,
 * the moment it is sent.
 */
export function presentTrack(station: Station, row: PlayingRow, tagsOf: TagsOf, now: Date): RadioTrack {
  return Object.assign(presentMedia(row.song, tagsOf, ANONYMOUS), {
    station,
    startAtSecs: startAtSecs(row.startedAt, row.song.duration, now),
    startedAt: row.startedAt.toISOString(),
    serverTime: now.toISOString(),
  });
}

export function presentPlayed(row: PlayedRow, tagsOf: TagsOf): RadioPlayed {
  return Object.assign(presentMedia(row.song, tagsOf, ANONYMOUS), {
    startedAt: row.startedAt.toISOString(),
    reactions: reactionCounts(row.reactions),
  });
}

/** Every reaction named, 0 when the play got none (a play's column holds only those it got). */
export function reactionCounts(stored: Partial<Record<string, number>> | null | undefined): ReactionCounts {
  return Object.fromEntries(RADIO_REACTIONS.map((reaction) => [reaction, Number(stored?.[reaction] ?? 0)])) as ReactionCounts;
}

/** The crowd message of a station's current play (common/radio.ts radioCrowdSchema). */
export function presentCrowd(station: Station, row: CrowdRow): RadioCrowd {
  return {
    type: 'crowd',
    station,
    startedAt: row.startedAt.toISOString(),
    reactions: reactionCounts(row.reactions),
    votes: row.votes,
    voters: row.voters,
    needed: votesNeeded(row.voters),
  };
}

/** A track read earlier, as of `now`: where the station is in it, and the time it is sent. */
export function restamp(track: RadioTrack, now: Date): RadioTrack {
  return { ...track, startAtSecs: startAtSecs(new Date(track.startedAt), track.duration, now), serverTime: now.toISOString() };
}
