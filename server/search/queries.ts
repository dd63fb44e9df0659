import { and, asc, count, inArray, max, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { KindSpec } from '../db/kinds';
import { media, tags } from '../db/schema';
import type { IndexedItem } from './postings';

/** All SQL of the search index: what it is built from, and which items a list's filters let through. */

/** Every item of a kind (unavailable ones too: the filters leave them out), in id order; or those of these ids. */
export async function indexedItems(db: Db, spec: KindSpec, ids?: readonly number[]): Promise<IndexedItem[]> {
  const t = spec.table as typeof media;
  const rows = await db
    .select({
      id: t.id,
      name: t.name,
      // Text rather than integer[] and timestamptz: the driver parses these for 100,000 rows much faster.
      tagIds: sql<string>`array_to_string(${t.tagIds}, ',')`,
      lyrics: spec.kind === 'media' ? media.lyrics : sql<null>`NULL`,
      views: t.views,
      date: sql<string>`(extract(epoch from ${spec.date}) * 1000)::float8`,
      length: sql<number>`${spec.length}`,
      provider: t.provider,
      source: t.source,
      unavailable: t.unavailable,
    })
    .from(t)
    .where(ids ? inArray(t.id, [...ids]) : undefined)
    .orderBy(asc(t.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    tagIds: row.tagIds ? row.tagIds.split(',').map(Number) : [],
    lyrics: row.lyrics,
    views: row.views,
    date: Number(row.date),
    length: Number(row.length),
    provider: row.provider,
    source: row.source,
    unavailable: row.unavailable,
  }));
}

export async function tagNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.select({ id: tags.id, name: tags.name }).from(tags);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Ids of the items passing these conditions (the catalogue's list filters), as one text value. */
export async function idsWhere(db: Db, spec: KindSpec, where: SQL[]): Promise<number[]> {
  const t = spec.table as typeof media;
  const [row] = await db
    .select({ ids: sql<string | null>`string_agg(${t.id}::text, ',')` })
    .from(t)
    .where(and(...where));
  return row?.ids ? row.ids.split(',').map(Number) : [];
}

/** A kind's row count and newest update, as one text: it moves with any insert, delete or dated update. */
export async function catalogueStamp(db: Db, spec: KindSpec): Promise<string> {
  const t = spec.table as typeof media;
  const [row] = await db.select({ n: count(), newest: max(t.updatedAt) }).from(t);
  return `${row?.n ?? 0} ${row?.newest?.getTime() ?? 0}`;
}
