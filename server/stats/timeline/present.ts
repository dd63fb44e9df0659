import type { TagsTimeline, UploadsPeriod, UploadsTimeline } from '../../../common/stats';
import type { StatsUnit } from '../../../common/stats-paths';
import type { TagPeriodRow, UploadsRow } from './queries';

/**
 * Every period label from `first` to `last`, both included, oldest first: a chart's time axis has
 * no holes, so a quiet month shows as an empty bar rather than not at all.
 */
export function periodsBetween(first: string, last: string, unit: StatsUnit): string[] {
  const index = (label: string) => (unit === 'year' ? Number(label) : Number(label.slice(0, 4)) * 12 + Number(label.slice(5, 7)) - 1);
  const label = (i: number) => (unit === 'year' ? String(i) : `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`);
  const labels: string[] = [];
  for (let i = index(first); i <= index(last); i++) labels.push(label(i));
  return labels;
}

function span<T extends { period: string }>(rows: T[], unit: StatsUnit): string[] {
  return rows.length === 0 ? [] : periodsBetween(rows[0]!.period, rows.at(-1)!.period, unit);
}

export function presentUploads(rows: UploadsRow[], unit: StatsUnit): UploadsTimeline {
  const byPeriod = new Map(rows.map((row) => [row.period, row]));
  const periods = span(rows, unit).map((period): UploadsPeriod => {
    const row = byPeriod.get(period);
    return {
      period,
      songs: row?.songs ?? 0,
      streams: row?.streams ?? 0,
      streamSeconds: Number(row?.streamSeconds ?? 0),
      clips: row?.clips ?? 0,
    };
  });
  return { what: 'uploads', unit, periods };
}

export function presentTags(rows: TagPeriodRow[], unit: StatsUnit): TagsTimeline {
  // The ranked tags in the query's order (most songs, then by name in the database's collation).
  const rank = new Map(rows.map((row) => [row.id, row.rank]));
  const tags = [...new Map(rows.map((row) => [row.id, { id: row.id, name: row.name, count: row.total }])).values()].sort(
    (a, b) => rank.get(a.id)! - rank.get(b.id)!,
  );
  const counts = new Map(rows.map((row) => [`${row.period}/${row.id}`, row.count]));
  const periods = span(rows, unit).map((period) => ({
    period,
    tags: tags
      .map((tag) => ({ id: tag.id, count: counts.get(`${period}/${tag.id}`) ?? 0 }))
      .sort((a, b) => b.count - a.count || rank.get(a.id)! - rank.get(b.id)!),
  }));
  return { what: 'tags', unit, tags, periods };
}
