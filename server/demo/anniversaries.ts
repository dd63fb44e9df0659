import type { WorldClip, WorldSong, WorldStream } from './world';

/**
 * The demo's home always has an "On this day" (issue 25): a world spread at random over three years
 * has nothing on most calendar days of earlier years. For the day the world is built and the days on
 * either side (a visit after midnight, or a SITE_TIME_ZONE ahead of or behind UTC), a stream with its
 * songs and clips is moved to two years before, and a song of no stream to three years before.
 *
 * The items moved are the ones already nearest those dates, by whole days (each keeps its time of
 * day), and a stream's songs and clips move with it, so every item stays older than a year (the
 * periods' lists are as they were) and a clip still follows its stream. It draws no random numbers:
 * the rest of the world is as the seed makes it.
 */

const DAY_MS = 86_400_000;
const DAY_OFFSETS = [-1, 0, 1];
const STREAM_YEARS_AGO = 2;
const SONG_YEARS_AGO = 3;

/** The first instant (UTC) of the calendar date `yearsAgo` years before the day `dayOffset` days from `now`. */
function anniversaryStart(now: Date, dayOffset: number, yearsAgo: number): number {
  const day = new Date(now.getTime() + dayOffset * DAY_MS);
  // A leap day in a year without one becomes 1 March: near enough for the demo.
  return Date.UTC(day.getUTCFullYear() - yearsAgo, day.getUTCMonth(), day.getUTCDate());
}

/** Whole days from `at`'s day to the day starting at `dayStart`. */
const daysTo = (at: Date, dayStart: number) => Math.round((dayStart - (at.getTime() - (at.getTime() % DAY_MS))) / DAY_MS);

const moved = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);

/** The item not taken yet whose upload is nearest `target`. */
function nearest<T extends { uploadedAt: Date }>(items: readonly T[], taken: Set<T>, target: number): T | undefined {
  let best: T | undefined;
  for (const item of items) {
    if (taken.has(item)) continue;
    if (!best || Math.abs(item.uploadedAt.getTime() - target) < Math.abs(best.uploadedAt.getTime() - target)) best = item;
  }
  return best;
}

export function placeAnniversaries(world: { streams: WorldStream[]; songs: WorldSong[]; clips: WorldClip[] }, now: Date): void {
  const taken = new Set<WorldStream | WorldSong>();
  const loneSongs = world.songs.filter((song) => song.stream === null);
  for (const offset of DAY_OFFSETS) {
    const streamDay = anniversaryStart(now, offset, STREAM_YEARS_AGO);
    const stream = nearest(world.streams, taken, streamDay);
    if (stream) {
      taken.add(stream);
      const days = daysTo(stream.uploadedAt, streamDay);
      stream.uploadedAt = moved(stream.uploadedAt, days);
      for (const song of world.songs) {
        if (song.stream?.remoteId === stream.remoteId && song.stream.provider === stream.provider)
          song.uploadedAt = moved(song.uploadedAt, days);
      }
      for (const clip of world.clips) if (clip.stream?.remoteId === stream.remoteId) clip.uploadedAt = moved(clip.uploadedAt, days);
    }
    const songDay = anniversaryStart(now, offset, SONG_YEARS_AGO);
    const song = nearest(loneSongs, taken, songDay);
    if (song) {
      taken.add(song);
      song.uploadedAt = moved(song.uploadedAt, daysTo(song.uploadedAt, songDay));
    }
  }
}
