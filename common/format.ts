/** Pure display rules of spec sections 4, 5 and 9. */

/** m:ss, or h:mm:ss at an hour or more. */
/** Whole, non-negative seconds; anything that is not a finite number counts as 0. */
function wholeSeconds(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0;
}

export function formatDuration(totalSeconds: number): string {
  const safe = wholeSeconds(totalSeconds);
  const hours = Math.floor(safe / 3600);
  const minutes = Math.floor((safe % 3600) / 60);
  const seconds = String(safe % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Stats durations: seconds to whole hours, no decimals. */
export function secondsToHours(seconds: number): number {
  return Math.round(seconds / 3600);
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

function plural(count: number, unit: string): string {
  return count === 1 ? `${unit === 'hour' ? 'an' : 'a'} ${unit} ago` : `${count} ${unit}s ago`;
}

/**
 * "just now" up to 45 s, "a minute ago" up to 90 s, then minutes, hours, days, months, years.
 * Rounding follows the usual relative-time thresholds (45 min -> an hour, 22 h -> a day, ...).
 */
export function timeAgo(date: Date | string, now: Date = new Date()): string {
  const then = typeof date === 'string' ? parseUploadedAt(date) : date;
  if (Number.isNaN(then.getTime())) return '';
  const seconds = Math.max(0, Math.round((now.getTime() - then.getTime()) / 1000));
  if (seconds <= 45) return 'just now';
  if (seconds <= 90) return 'a minute ago';
  if (seconds < 45 * MINUTE) return plural(Math.max(2, Math.round(seconds / MINUTE)), 'minute');
  if (seconds < 90 * MINUTE) return 'an hour ago';
  if (seconds < 22 * HOUR) return plural(Math.max(2, Math.round(seconds / HOUR)), 'hour');
  if (seconds < 36 * HOUR) return 'a day ago';
  if (seconds < 26 * DAY) return plural(Math.max(2, Math.round(seconds / DAY)), 'day');
  if (seconds < 45 * DAY) return 'a month ago';
  if (seconds < 320 * DAY) return plural(Math.max(2, Math.round(seconds / MONTH)), 'month');
  if (seconds < 548 * DAY) return 'a year ago';
  return plural(Math.max(2, Math.round(seconds / YEAR)), 'year');
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const twoDigits = (value: number) => String(value).padStart(2, '0');

/** An exact local date and time, as in the time-ago tooltips: "7 November 2026, 13:23". */
export function formatExactTime(date: Date): string {
  const time = `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}, ${time}`;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A date-only uploadedAt is treated as 18:00 local time. */
export function parseUploadedAt(value: string): Date {
  if (DATE_ONLY.test(value)) {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    return new Date(year, month - 1, day, 18, 0, 0);
  }
  return new Date(value);
}

/** Playlist type for display: underscores replaced, title-cased ("best_of" -> "Best Of"). */
export function formatPlaylistType(type: string): string {
  return type
    .split('_')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

/** Twitch's `t` parameter: 1h2m3s. */
export function twitchTimestamp(totalSeconds: number): string {
  const safe = wholeSeconds(totalSeconds);
  const h = Math.floor(safe / 3600);
  const m = Math.floor((safe % 3600) / 60);
  const s = safe % 60;
  return `${h}h${m}m${s}s`;
}

/** A stream's recording at a second, as "Watch Stream" and a receipt's moment open it. */
export function streamUrlAt(stream: { provider: string; remoteId: string }, seconds: number): string {
  return stream.provider === 'twitch'
    ? `https://www.twitch.tv/videos/${stream.remoteId}?t=${twitchTimestamp(seconds)}`
    : `https://www.youtube.com/watch?v=${stream.remoteId}&t=${wholeSeconds(seconds)}s`;
}

/** A video-provider embed starts at the seconds value plus one. */
export function youtubeEmbedStart(seconds: number): number {
  return Math.floor(seconds) + 1;
}

/**
 * A whole count with English thousands separators: 12345 → "12,345". Not `toLocaleString`, which
 * builds a new ICU formatter on every call: the home page's stats tiles spent a 70 ms task on a
 * phone (4× CPU slowdown) on eight of them (issue 23, total blocking time).
 */
export function formatCount(value: number): string {
  // A comma before every run of three digits that ends the number (\B: never before a sign or the first digit).
  return String(Math.round(value)).replace(/\B(?=(\d{3})+$)/g, ',');
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Whole cents as money with its currency and two decimals, the one place amounts are shown:
 * 123456 USD → "$1,234.56", −500 → "-$5.00". English formatting, as the rest of the site.
 */
export function formatMoney(cents: number, currency: string): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    moneyFormats.set(currency, format);
  }
  return format.format(cents / 100);
}
