import { and, asc, eq, gte, lt, lte, or, sql } from 'drizzle-orm';
import type { OnThisDayKind } from '../../common/on-this-day-paths';
import { columnsOf, type Row } from '../catalogue/queries';
import type { Db } from '../db/client';
import { KINDS } from '../db/kinds';
import type { media } from '../db/schema';
import type { AnniversaryRange } from './days';

/** A row of a kind with the year (in the site's time zone) it was uploaded. */
export type AnniversaryRow<K extends OnThisDayKind> = Row<K> & { year: number };

/**
 * The available items uploaded within any of these local-day ranges (each year's anniversary), the
 * `perYear` most viewed of each year, oldest year first and the most viewed first within a year (the
 * earlier upload first when as many views).
 *
 * Each range's bounds are the local midnights turned into instants by PostgreSQL (`AT TIME ZONE`:
 * the database's time zone data, which knows each zone's offset and daylight saving in that year),
 * so every range is a scan of the kind's `uploaded_at` index, not a conversion of every row.
 */
export async function anniversaryRows<K extends OnThisDayKind>(
  db: Db,
  kind: K,
  ranges: readonly AnniversaryRange[],
  timeZone: string,
  perYear: number,
): Promise<AnniversaryRow<K>[]> {
  if (ranges.length === 0) return [];
  // The three kinds share the columns used here (uploaded_at, views, unavailable).
  const table = KINDS[kind].table as typeof media;
  const midnight = (day: string) => sql`(${day}::timestamp AT TIME ZONE ${timeZone})`;
  const onAnniversary = or(
    ...ranges.map((range) => and(gte(table.uploadedAt, midnight(range.from)), lt(table.uploadedAt, midnight(range.to)))),
  );
  const year = sql<number>`extract(year FROM ${table.uploadedAt} AT TIME ZONE ${timeZone})::int`;
  const ranked = db
    .select({
      ...columnsOf(table),
      year: year.as('year'),
      rank: sql<number>`row_number() OVER (PARTITION BY ${year} ORDER BY ${table.views} DESC, ${table.uploadedAt}, ${table.id})::int`.as(
        'rank',
      ),
    })
    .from(table)
    .where(and(eq(table.unavailable, false), onAnniversary))
    .as('ranked');
  const rows = await db.select().from(ranked).where(lte(ranked.rank, perYear)).orderBy(asc(ranked.year), asc(ranked.rank));
  return rows.map(({ rank: _rank, ...row }) => row) as unknown as AnniversaryRow<K>[];
}

/** PostgreSQL's "time zone … not recognized" (invalid_parameter_value). */
const INVALID_PARAMETER_VALUE = '22023';
const codeOf = (error: unknown): unknown => {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code ?? e?.cause?.code;
};

/** Whether the database knows a time zone name (config.ts asked Node; PostgreSQL has its own list). Other failures throw. */
export async function databaseKnowsTimeZone(db: Db, timeZone: string): Promise<boolean> {
  try {
    await db.execute(sql`SELECT now() AT TIME ZONE ${timeZone}`);
    return true;
  } catch (error) {
    if (codeOf(error) === INVALID_PARAMETER_VALUE) return false;
    throw error;
  }
}
