import { describe, expect, it } from 'vitest';
import { anniversaryRanges, isLeapYear, isoDate, localDate } from './days';

describe('the calendar of "On this day"', () => {
  it('tells the date of an instant in the site’s time zone', () => {
    const at = new Date('2026-06-01T20:00:00Z');
    expect(isoDate(localDate(at, 'UTC'))).toBe('2026-06-01');
    // New Zealand is 12 hours ahead in June: already the next day there.
    expect(isoDate(localDate(at, 'Pacific/Auckland'))).toBe('2026-06-02');
    // Hawaii is 10 hours behind: 2 January 05:00 UTC is still New Year's Day.
    expect(localDate(new Date('2026-01-02T05:00:00Z'), 'Pacific/Honolulu')).toEqual({ year: 2026, month: 1, day: 1 });
  });

  it('names today’s month and day in every earlier year, newest first, down to the earliest year', () => {
    const ranges = anniversaryRanges({ year: 2026, month: 7, day: 15 }, 2022);
    expect(ranges).toEqual([
      { year: 2025, from: '2025-07-15', to: '2025-07-16' },
      { year: 2024, from: '2024-07-15', to: '2024-07-16' },
      { year: 2023, from: '2023-07-15', to: '2023-07-16' },
      { year: 2022, from: '2022-07-15', to: '2022-07-16' },
    ]);
  });

  it('ends the last day of a year in the next one', () => {
    expect(anniversaryRanges({ year: 2026, month: 12, day: 31 }, 2025)).toEqual([{ year: 2025, from: '2025-12-31', to: '2026-01-01' }]);
  });

  it('finds a leap day only in leap years', () => {
    expect(anniversaryRanges({ year: 2028, month: 2, day: 29 }, 2019)).toEqual([
      { year: 2024, from: '2024-02-29', to: '2024-03-01' },
      { year: 2020, from: '2020-02-29', to: '2020-03-01' },
    ]);
  });

  it('remembers earlier leap days on 28 February of a year without one', () => {
    expect(anniversaryRanges({ year: 2027, month: 2, day: 28 }, 2023)).toEqual([
      { year: 2026, from: '2026-02-28', to: '2026-03-01' },
      { year: 2025, from: '2025-02-28', to: '2025-03-01' },
      { year: 2024, from: '2024-02-28', to: '2024-03-01' },
      { year: 2023, from: '2023-02-28', to: '2023-03-01' },
    ]);
    // In a leap year the leap day has its own anniversary tomorrow.
    expect(anniversaryRanges({ year: 2028, month: 2, day: 28 }, 2024)[3]).toEqual({ year: 2024, from: '2024-02-28', to: '2024-02-29' });
  });

  it('knows the leap years of the Gregorian calendar', () => {
    expect([1900, 2000, 2024, 2026, 2100].map(isLeapYear)).toEqual([false, true, true, false, false]);
  });
});
