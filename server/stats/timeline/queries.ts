import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { StatsUnit } from '../../../common/stats-paths';
import type { Db } from '../../db/client';
import { clips, media, streams, tags } from '../../db/schema';

/**
 * All SQL of the stats timeline: one query per answer, over available items, grouped by UTC
 * calendar month or year of upload. Periods come back as labels ("2026-05", "2026"), oldest first;
 * the ones without uploads are filled in by present.ts.
 */

/** The label format of each unit (to_char of the period's start). */
const LABEL: Record<StatsUnit, string> = { month: 'YYYY-MM', year: 'YYYY' };

/** The rows of a raw query (db.execute answers the driver's result, typed loosely). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The start of the UTC month or year of an upload time (date_trunc's time zone form, PostgreSQL 12+). */
const periodOf = (unit: StatsUnit, column: PgColumn): SQL => sql`date_trunc(${unit}, ${column}, 'UTC')`;

/** The period start as its label, read as UTC (the session's time zone does not matter). */
const labelOf = (unit: StatsUnit) => sql.raw(`to_char(p AT TIME ZONE 'UTC', '${LABEL[unit]}')`);

export interface UploadsRow {
  period: string;
  songs: number;
  streams: number;
  /** A bigint sum: node-postgres answers it as a string */
  streamSeconds: number | string;
  clips: number;
}

/** Songs, streams, stream seconds and clips per period: each table grouped on its own, then merged by period. */
export async function readUploads(db: Db, unit: StatsUnit): Promise<UploadsRow[]> {
  const result = await db.execute(sql`
    SELECT ${labelOf(unit)} AS period, sum(songs)::int AS songs, sum(streams)::int AS streams,
      sum(seconds)::bigint AS stream_seconds, sum(clips)::int AS clips
    FROM (
      SELECT ${periodOf(unit, media.uploadedAt)} AS p, count(*) AS songs, 0 AS streams, 0 AS seconds, 0 AS clips
        FROM ${media} WHERE ${media.unavailable} = false GROUP BY 1
      UNION ALL
      SELECT ${periodOf(unit, streams.uploadedAt)}, 0, count(*), sum(${streams.duration}), 0
        FROM ${streams} WHERE ${streams.unavailable} = false GROUP BY 1
      UNION ALL
      SELECT ${periodOf(unit, clips.uploadedAt)}, 0, 0, 0, count(*)
        FROM ${clips} WHERE ${clips.unavailable} = false GROUP BY 1
    ) AS per_table
    GROUP BY p ORDER BY p`);
  type Row = { period: string; songs: number; streams: number; stream_seconds: number | string; clips: number };
  return rowsOf<Row>(result).map((r) => ({
    period: r.period,
    songs: r.songs,
    streams: r.streams,
    streamSeconds: r.stream_seconds,
    clips: r.clips,
  }));
}

export interface TagPeriodRow {
  period: string;
  id: number;
  name: string;
  /** Songs of the period carrying the tag */
  count: number;
  /** Songs carrying the tag, all periods */
  total: number;
  /** 1 for the most used tag (most songs, then by name) */
  rank: number;
}

/**
 * The `limit` tags most used by available songs (most songs first, then by name) with their count per
 * period. The songs are first counted per period and tag list (many songs share a list: 41,000 lists
 * for 100,000 songs on the bench, a third of the work of unnesting every song's tags), then each
 * list's tags get its count; a window sums each tag's periods and ranks the tags, so only that small
 * grouped set is ranked, never the songs.
 */
export async function readTagPeriods(db: Db, unit: StatsUnit, limit: number): Promise<TagPeriodRow[]> {
  const result = await db.execute(sql`
    SELECT period, id, name, count, total::int AS total, rank::int AS rank FROM (
      SELECT ${labelOf(unit)} AS period, ${tags.id} AS id, ${tags.name} AS name, per_period.n AS count, per_period.total,
        dense_rank() OVER (ORDER BY per_period.total DESC, ${tags.name}) AS rank
      FROM (
        SELECT p, tag_id, n, sum(n) OVER (PARTITION BY tag_id) AS total FROM (
          SELECT songs.p, tag.id AS tag_id, sum(songs.n)::int AS n
          FROM (
            SELECT ${periodOf(unit, media.uploadedAt)} AS p, ${media.tagIds} AS tag_ids, count(*) AS n
            FROM ${media}
            WHERE ${media.unavailable} = false AND cardinality(${media.tagIds}) > 0
            GROUP BY 1, 2
          ) AS songs, unnest(songs.tag_ids) AS tag(id)
          GROUP BY 1, 2
        ) AS pairs
      ) AS per_period
      JOIN ${tags} ON ${tags.id} = per_period.tag_id
    ) AS ranked
    WHERE rank <= ${limit}
    ORDER BY period, count DESC, rank`);
  return rowsOf<TagPeriodRow>(result);
}
