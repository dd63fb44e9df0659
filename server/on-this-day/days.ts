/**
 * The calendar rules of "On this day", without the database: which day it is in the site's time zone,
 * and which local days of earlier years are its anniversaries.
 */

export interface LocalDate {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

/** Nothing a provider holds is older: YouTube opened in 2005 (SoundCloud 2007, Twitch 2011). */
export const EARLIEST_YEAR = 2005;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of an instant in a time zone (an IANA name config.ts checked). */
export function localDate(at: Date, timeZone: string): LocalDate {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** YYYY-MM-DD */
export const isoDate = ({ year, month, day }: LocalDate) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

export const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The date `days` after `date`, by the calendar (no time zone involved). */
function addDays(date: LocalDate, days: number): LocalDate {
  const at = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
}

/** One earlier year's anniversary: the local days from `from` up to `to` (excluded), YYYY-MM-DD. */
export interface AnniversaryRange {
  year: number;
  from: string;
  to: string;
}

/**
 * Today's month and day in every year from EARLIEST_YEAR to last year, newest first.
 * A leap day has anniversaries only in leap years; in a year without one, Feb 28 also counts the
 * leap days of earlier years (29 Feb 2024 is remembered on 28 Feb 2027), so they come back every
 * year rather than every fourth.
 */
export function anniversaryRanges(today: LocalDate, earliestYear = EARLIEST_YEAR): AnniversaryRange[] {
  const leapDay = today.month === 2 && today.day === 29;
  const alsoLeapDay = today.month === 2 && today.day === 28 && !isLeapYear(today.year);
  const ranges: AnniversaryRange[] = [];
  for (let year = today.year - 1; year >= earliestYear; year--) {
    if (leapDay && !isLeapYear(year)) continue;
    const from: LocalDate = { year, month: today.month, day: today.day };
    ranges.push({ year, from: isoDate(from), to: isoDate(addDays(from, alsoLeapDay && isLeapYear(year) ? 2 : 1)) });
  }
  return ranges;
}
