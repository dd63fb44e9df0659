import { describe, expect, it } from 'vitest';
import { formatIsoDuration, formatTwitchDuration, parseIsoDuration, parseTwitchDuration } from './shared/durations';
import { parseRetryAfter } from './shared/http';
import { parseSoundCloudDate } from './soundcloud/client';
import { parsePlaylistId, parseVideoId } from './youtube/urls';

describe('provider formats', () => {
  it('reads ISO 8601 durations as YouTube writes them', () => {
    expect(parseIsoDuration('PT15M51S')).toBe(951);
    expect(parseIsoDuration('PT1H2M3S')).toBe(3723);
    expect(parseIsoDuration('PT2H')).toBe(7200);
    expect(parseIsoDuration('P1DT2H')).toBe(93_600);
    expect(parseIsoDuration('P0D')).toBe(0);
    expect(parseIsoDuration('PT')).toBeNull();
    expect(parseIsoDuration('15:51')).toBeNull();
    for (const seconds of [0, 7, 60, 3599, 3600, 18_061]) expect(parseIsoDuration(formatIsoDuration(seconds))).toBe(seconds);
  });

  it('reads Twitch durations', () => {
    expect(parseTwitchDuration('3h2m1s')).toBe(10_921);
    expect(parseTwitchDuration('45m')).toBe(2700);
    expect(parseTwitchDuration('12s')).toBe(12);
    expect(parseTwitchDuration('')).toBeNull();
    expect(parseTwitchDuration('1:02:03')).toBeNull();
    for (const seconds of [0, 59, 61, 3600, 10_921]) expect(parseTwitchDuration(formatTwitchDuration(seconds))).toBe(seconds);
  });

  it('reads SoundCloud dates in both of their forms', () => {
    expect(parseSoundCloudDate('2013/03/24 18:21:19 +0000').toISOString()).toBe('2013-03-24T18:21:19.000Z');
    expect(parseSoundCloudDate('2020-10-30T18:08:29Z').toISOString()).toBe('2020-10-30T18:08:29.000Z');
    expect(() => parseSoundCloudDate('yesterday')).toThrow(/unreadable date/);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter('0.5')).toBe(500);
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });

  it('finds the video id in the links people paste', () => {
    const id = 'dQw4w9WgXcQ';
    for (const link of [
      id,
      `https://www.youtube.com/watch?v=${id}`,
      `https://youtube.com/watch?v=${id}&t=42s&list=PL123456789012`,
      `youtu.be/${id}?si=abc`,
      `https://m.youtube.com/shorts/${id}`,
      `https://www.youtube.com/embed/${id}`,
      `https://music.youtube.com/watch?v=${id}`,
    ]) {
      expect(parseVideoId(link), link).toBe(id);
    }
    for (const bad of [
      '',
      'https://vimeo.com/123',
      `https://www.youtube.com/watch?v=${id}x`,
      'https://www.youtube.com/playlist?list=PL123',
    ]) {
      expect(parseVideoId(bad), bad).toBeNull();
    }
  });

  it('finds the playlist id in playlist links, watch links with a list, or a bare id', () => {
    const id = 'PLpq6zFa1r9YPr_PPBp5Xx2EnhOgqQLlRm';
    expect(parsePlaylistId(id)).toBe(id);
    expect(parsePlaylistId(`https://www.youtube.com/playlist?list=${id}`)).toBe(id);
    expect(parsePlaylistId(`https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=${id}&index=2`)).toBe(id);
    expect(parsePlaylistId('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(parsePlaylistId(`https://example.com/playlist?list=${id}`)).toBeNull();
    expect(parsePlaylistId('dQw4w9WgXcQ')).toBeNull();
  });
});
