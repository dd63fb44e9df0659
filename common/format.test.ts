import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDuration,
  formatExactTime,
  formatMoney,
  formatPlaylistType,
  parseUploadedAt,
  secondsToHours,
  timeAgo,
  twitchTimestamp,
  youtubeEmbedStart,
} from './format';

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [59, '0:59'],
    [60, '1:00'],
    [61, '1:01'],
    [599, '9:59'],
    [3599, '59:59'],
  ])('shows %i s under an hour as m:ss (%s)', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it.each([
    [3600, '1:00:00'],
    [3661, '1:01:01'],
    [3 * 3600 + 25 * 60 + 7, '3:25:07'],
    [36_000, '10:00:00'],
  ])('shows %i s at an hour or more as h:mm:ss (%s)', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('drops fractions and never shows a negative time', () => {
    expect(formatDuration(61.9)).toBe('1:01');
    expect(formatDuration(-5)).toBe('0:00');
  });
});

describe('secondsToHours', () => {
  it('converts stats durations to whole hours', () => {
    expect(secondsToHours(0)).toBe(0);
    expect(secondsToHours(3600)).toBe(1);
    expect(secondsToHours(36_000 + 1000)).toBe(10);
    expect(secondsToHours(5400)).toBe(2);
  });
});

describe('timeAgo', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  const MIN = 60;
  const HOUR = 3600;
  const DAY = 86_400;

  it.each([
    [0, 'just now'],
    [30, 'just now'],
    [45, 'just now'],
    [46, 'a minute ago'],
    [90, 'a minute ago'],
    [91, '2 minutes ago'],
    [10 * MIN, '10 minutes ago'],
    [44 * MIN, '44 minutes ago'],
    [45 * MIN, 'an hour ago'],
    [89 * MIN, 'an hour ago'],
    [90 * MIN, '2 hours ago'],
    [5 * HOUR, '5 hours ago'],
    [21 * HOUR, '21 hours ago'],
    [22 * HOUR, 'a day ago'],
    [35 * HOUR, 'a day ago'],
    [36 * HOUR, '2 days ago'],
    [10 * DAY, '10 days ago'],
    [25 * DAY, '25 days ago'],
    [26 * DAY, 'a month ago'],
    [44 * DAY, 'a month ago'],
    [45 * DAY, '2 months ago'],
    [200 * DAY, '7 months ago'],
    [319 * DAY, '11 months ago'],
    [320 * DAY, 'a year ago'],
    [547 * DAY, 'a year ago'],
    [548 * DAY, '2 years ago'],
    [5 * 365 * DAY, '5 years ago'],
  ])('%i s ago reads "%s"', (seconds, text) => {
    expect(timeAgo(before(seconds), now)).toBe(text);
  });

  it('treats a time in the future as just now', () => {
    expect(timeAgo(new Date(now.getTime() + 3_600_000), now)).toBe('just now');
  });

  it('accepts ISO strings', () => {
    expect(timeAgo('2026-06-15T11:00:00Z', now)).toBe('an hour ago');
  });

  it('reads a date-only uploadedAt as 18:00 local time', () => {
    const local = new Date(2026, 5, 15, 18, 0, 30);
    expect(timeAgo('2026-06-15', local)).toBe('just now');
    expect(timeAgo('2026-06-15', new Date(2026, 5, 15, 20, 0, 0))).toBe('2 hours ago');
  });
});

describe('formatExactTime', () => {
  it('writes the local day, month name, year and 24-hour time', () => {
    expect(formatExactTime(new Date(2026, 0, 2, 9, 5))).toBe('2 January 2026, 09:05');
    expect(formatExactTime(new Date(2026, 10, 28, 23, 59))).toBe('28 November 2026, 23:59');
  });
});

describe('parseUploadedAt', () => {
  it('puts a date-only value at 18:00 local time on that day', () => {
    const date = parseUploadedAt('2024-03-05');
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()]).toEqual([2024, 2, 5, 18, 0]);
  });

  it('keeps a full timestamp as it is', () => {
    expect(parseUploadedAt('2024-03-05T07:08:09.000Z').toISOString()).toBe('2024-03-05T07:08:09.000Z');
  });
});

describe('formatPlaylistType', () => {
  it.each([
    ['best_of', 'Best Of'],
    ['community', 'Community'],
    ['stream', 'Stream'],
    ['album', 'Album'],
    ['other', 'Other'],
    ['six_months_long', 'Six Months Long'],
  ])('%s reads "%s"', (type, text) => {
    expect(formatPlaylistType(type)).toBe(text);
  });
});

describe('twitchTimestamp', () => {
  it.each([
    [0, '0h0m0s'],
    [59, '0h0m59s'],
    [61, '0h1m1s'],
    [3723, '1h2m3s'],
    [10 * 3600 + 5, '10h0m5s'],
  ])('%i s is t=%s', (seconds, text) => {
    expect(twitchTimestamp(seconds)).toBe(text);
  });
});

describe('youtubeEmbedStart', () => {
  it('starts one second after the given seconds', () => {
    expect(youtubeEmbedStart(0)).toBe(1);
    expect(youtubeEmbedStart(123)).toBe(124);
    expect(youtubeEmbedStart(12.7)).toBe(13);
  });
});

describe('invalid input', () => {
  it('never renders NaN', () => {
    expect(formatDuration(Number.NaN)).toBe('0:00');
    expect(twitchTimestamp(Number.POSITIVE_INFINITY)).toBe('0h0m0s');
    expect(timeAgo('not a date')).toBe('');
  });
});

describe('formatMoney', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [2000, '$20.00'],
    [123456, '$1,234.56'],
    [-500, '-$5.00'],
  ])('shows %i cents of USD as %s', (cents, text) => {
    expect(formatMoney(cents, 'USD')).toBe(text);
  });

  it('names another currency by its own sign', () => {
    expect(formatMoney(1999, 'EUR')).toBe('€19.99');
  });
});

describe('formatCount', () => {
  it.each([0, 7, 999, 1000, 12345, 999999, 1234567, 1e9 + 7, -1234, -12])('groups %d as English toLocaleString does', (value) => {
    expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
  });

  it('shows a fraction as its whole number', () => {
    expect(formatCount(1234.6)).toBe('1,235');
  });
});
