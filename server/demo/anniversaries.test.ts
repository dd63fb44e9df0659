import { describe, expect, it } from 'vitest';
import { buildWorld } from './world';

const day = (at: Date) => at.toISOString().slice(0, 10);
/** The UTC date `years` before the day `offset` days from `now` */
const anniversary = (now: Date, offset: number, years: number) => {
  const at = new Date(now.getTime() + offset * 86_400_000);
  at.setUTCFullYear(at.getUTCFullYear() - years);
  return day(at);
};

describe('the demo world’s "On this day"', () => {
  const now = new Date('2026-11-28T15:30:00Z');
  const world = buildWorld({ streamerKey: 'nova', now });

  it('has a stream two years before, and a song three years before, yesterday, today and tomorrow', () => {
    const streamDays = new Set(world.streams.map((stream) => day(stream.uploadedAt)));
    const loneSongDays = new Set(world.songs.filter((song) => song.stream === null).map((song) => day(song.uploadedAt)));
    for (const offset of [-1, 0, 1]) {
      expect(streamDays).toContain(anniversary(now, offset, 2));
      expect(loneSongDays).toContain(anniversary(now, offset, 3));
    }
  });

  it('keeps every clip within three hours after its stream, and every song of a stream after it', () => {
    const streams = new Map(world.streams.map((stream) => [stream.remoteId, stream.uploadedAt.getTime()]));
    for (const clip of world.clips) {
      if (!clip.stream) continue;
      const after = clip.uploadedAt.getTime() - streams.get(clip.stream.remoteId)!;
      expect(after).toBeGreaterThanOrEqual(0);
      expect(after).toBeLessThanOrEqual(3 * 3600_000);
    }
    for (const song of world.songs) {
      if (song.stream) expect(song.uploadedAt.getTime()).toBeGreaterThan(streams.get(song.stream.remoteId)!);
    }
  });

  it('moves only items older than a year, and keeps them so: the last year is as the seed made it', () => {
    const yearAgo = now.getTime() - 366 * 86_400_000;
    const unmoved = buildWorld({ streamerKey: 'nova', now, anniversaries: false });
    const recent = (items: { remoteId: string; uploadedAt: Date }[]) =>
      items.filter((item) => item.uploadedAt.getTime() > yearAgo).map((item) => `${item.remoteId} ${item.uploadedAt.toISOString()}`);
    expect(recent(world.songs)).toEqual(recent(unmoved.songs));
    expect(recent(world.streams)).toEqual(recent(unmoved.streams));
    expect(recent(world.clips)).toEqual(recent(unmoved.clips));
    // Three streams (with their songs and clips) and three songs moved; names and counts are the seed's.
    const changed = (items: { uploadedAt: Date }[], others: { uploadedAt: Date }[]) =>
      items.filter((item, i) => item.uploadedAt.getTime() !== others[i]!.uploadedAt.getTime()).length;
    expect(changed(world.streams, unmoved.streams)).toBe(3);
    expect(world.songs.map((song) => song.name)).toEqual(unmoved.songs.map((song) => song.name));
    expect(world.requests.length).toBe(unmoved.requests.length);
  });
});
