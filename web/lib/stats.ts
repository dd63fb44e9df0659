import { formatCount, secondsToHours } from '../../common/format';
import type { TagsTimeline, UploadsTimeline } from '../../common/stats';

/** "May 2026" for "2026-05", "2026" for a year: the period as a reader names it (UTC, as the API counts). */
export function periodName(period: string): string {
  if (period.length === 4) return period;
  return new Date(`${period}-01T00:00:00Z`).toLocaleString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** A type, not an interface: the chart takes rows as records (an interface has no index signature). */
export type UploadsRow = {
  period: string;
  /** What the axis, the tooltip and the table call the period */
  name: string;
  songs: number;
  streams: number;
  /** Stream length in whole hours (spec 9: seconds / 3600, no decimals) */
  streamHours: number;
  clips: number;
};

/** The timeline as rows of the charts and their tables, oldest first (the latest period on the right). */
export function uploadsRows(timeline: UploadsTimeline): UploadsRow[] {
  return timeline.periods.map((p) => ({
    period: p.period,
    name: periodName(p.period),
    songs: p.songs,
    streams: p.streams,
    streamHours: secondsToHours(p.streamSeconds),
    clips: p.clips,
  }));
}

export interface RankedTagYear {
  period: string;
  /** The period's tags that some song of it carries, most used first, with their names */
  tags: { id: number; name: string; count: number }[];
}

/** The tags timeline as ranked lists per period, newest first; periods without a tagged song are left out. */
export function rankedTagsByPeriod(timeline: TagsTimeline): RankedTagYear[] {
  const names = new Map(timeline.tags.map((tag) => [tag.id, tag.name]));
  return timeline.periods
    .map((p) => ({
      period: p.period,
      tags: p.tags.filter((tag) => tag.count > 0).map((tag) => ({ id: tag.id, name: names.get(tag.id) ?? '', count: tag.count })),
    }))
    .filter((p) => p.tags.length > 0)
    .reverse();
}

/** "1 like", "12 likes": a count and its noun. */
export function counted(count: number, noun: string): string {
  return `${formatCount(count)} ${noun}${count === 1 ? '' : 's'}`;
}
