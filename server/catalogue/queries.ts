import { and, asc, desc, eq, getTableColumns, gt, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Sort } from '../../common/enums';
import type { Filter } from '../../common/query';
import type { Db } from '../db/client';
import { type Bind, filterConditions } from '../db/filters';
import { KINDS, type KindSpec, type Kinds } from '../db/kinds';
import { emptyPage, type PageRequest, type RowPage, readPage } from '../db/paging';
import { dailySongs, media, playlistItems, tags } from '../db/schema';
import type { CountCache } from './count-cache';

/**
 * Columns no API answer shows: sync bookkeeping, row timestamps.
 * Lists and lookups read every other column; decoding and mapping fewer columns is a good part of a
 * list request's cost in the app.
 */
const UNPRESENTED = ['createdAt', 'updatedAt', 'syncScope', 'thumbnailSource'] as const;

type Unpresented = (typeof UNPRESENTED)[number];
type FullRow<K extends keyof Kinds> = Kinds[K]['table']['$inferSelect'];
/** A row as lists and lookups read it: the unpresented columns may be absent (they are not read). */
export type Row<K extends keyof Kinds> = Omit<FullRow<K>, Unpresented> & Partial<Pick<FullRow<K>, Unpresented & keyof FullRow<K>>>;

const presentedColumns = new Map<KindSpec['table'], Record<string, PgColumn>>();

export function columnsOf(table: KindSpec['table']): Record<string, PgColumn> {
  let columns = presentedColumns.get(table);
  if (!columns) {
    columns = { ...getTableColumns(table) } as Record<string, PgColumn>;
    for (const name of UNPRESENTED) delete columns[name];
    presentedColumns.set(table, columns);
  }
  return columns;
}

export interface ListContext {
  db: Db;
  counts: CountCache;
  /** The source values this site knows; any other requested source is dropped. */
  knownSources: ReadonlySet<string>;
  /** The instant period bounds count back from (and the random order's day), one for a page and its count. */
  now: Date;
}

/** A UTC-day seed keeps "random" stable while paging, and fresh each day. */
function randomOrder(spec: KindSpec, now: Date, bind: Bind): SQL {
  return sql`md5(${spec.table.id}::text || ${bind('seed', now.toISOString().slice(0, 10))})`;
}

/** The order of a list without a text query (a search's order is the index's: server/search). */
function ordering(spec: KindSpec, sort: Sort, filter: Filter, now: Date, bind: Bind): SQL[] {
  const t = spec.table;
  const tieBreak = desc(t.id);
  switch (sort) {
    case 'relevance':
      // Within a playlist, relevance is the playlist's own order.
      if (spec.kind === 'media' && filter.playlistId !== undefined) {
        return [
          sql`(SELECT min(${playlistItems.position}) FROM ${playlistItems} WHERE ${playlistItems.mediaId} = ${media.id} AND ${playlistItems.playlistId} = ${bind('playlistId', filter.playlistId)})`,
          tieBreak,
        ];
      }
      return [desc(spec.date), tieBreak];
    case 'top':
      return [desc(t.views), tieBreak];
    case 'duration':
      return [desc(spec.length), tieBreak];
    case 'random':
      return [randomOrder(spec, now, bind), asc(t.id)];
    default:
      return [desc(spec.date), tieBreak];
  }
}

/**
 * The values of one list request and the names they were bound to: the names (with the kind and
 * the sort) are the statement's shape, the values what it runs with.
 */
function placeholders() {
  const names: string[] = [];
  const values: Record<string, unknown> = {};
  const bind: Bind = (name, value) => {
    names.push(name);
    values[name] = value;
    return sql.placeholder(name);
  };
  return { names, values, bind };
}

/**
 * One page of a kind's item ids without a text query (a search's page: catalogue/service.ts), with
 * the total. The page and the count are named prepared statements, one per kind, sort and set of
 * filters used (the values are bound): building a query with Drizzle cost the app several times
 * what PostgreSQL spends on it. Only ids are read: the items come from the presented cache, as a
 * search page's do.
 */
export async function listIds(kind: keyof Kinds, filter: Filter, paging: PageRequest, ctx: ListContext): Promise<RowPage<number>> {
  const spec: KindSpec = KINDS[kind];
  const { db, now } = ctx;
  const sort = filter.sort ?? 'latest';
  const { names, values, bind } = placeholders();
  const where = filterConditions(spec, filter, { knownSources: ctx.knownSources, now }, bind);
  const filterShape = names.join(',');
  const order = ordering(spec, sort, filter, now, bind);
  const page = prepared<Record<string, unknown>>(db, kind, `list_${sort}_${names.join(',')}`, (table) =>
    db
      .select({ id: table.id })
      .from(table)
      .where(and(...where))
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  );
  const count = prepared<Record<string, unknown>>(db, kind, `count_${filterShape}`, (table) =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(and(...where)),
  );
  return readPage(
    paging,
    async (window) => ((await page.execute({ ...values, ...window })) as { id: number }[]).map((row) => row.id),
    () =>
      ctx.counts.get(JSON.stringify([spec.kind, { ...filter, sort: undefined }]), async () => {
        const [row] = (await count.execute(values)) as { n: number }[];
        return row?.n ?? 0;
      }),
  );
}

type Statement<V> = { execute(values: V): Promise<unknown[]> };
const preparedStatements = new WeakMap<Db, Map<string, Statement<never>>>();

/**
 * The same query every time (a lookup by id, a page by ids) is built once per database, kind and
 * name and runs as a named prepared statement: building a query costs the app more than
 * PostgreSQL spends on it.
 */
function prepared<V>(
  db: Db,
  kind: keyof Kinds,
  name: string,
  build: (table: typeof media) => { prepare(name: string): Statement<V> },
): Statement<V> {
  let statements = preparedStatements.get(db);
  if (!statements) {
    statements = new Map();
    preparedStatements.set(db, statements);
  }
  const key = `catalogue_${kind}_${name}`;
  let statement = statements.get(key) as Statement<V> | undefined;
  if (!statement) {
    statement = build(KINDS[kind].table as typeof media).prepare(key);
    statements.set(key, statement as Statement<never>);
  }
  return statement;
}

function byIdStatement(db: Db, kind: keyof Kinds): Statement<{ id: number }> {
  return prepared(db, kind, 'by_id', (table) =>
    db
      .select(columnsOf(table))
      .from(table)
      .where(eq(table.id, sql.placeholder('id')))
      .limit(1),
  );
}

/** Rows of these ids in the order given (a search's page): one prepared query. */
export async function rowsByIds<K extends keyof Kinds>(kind: K, db: Db, ids: readonly number[]): Promise<Row<K>[]> {
  if (ids.length === 0) return [];
  const statement = prepared<{ ids: number[] }>(db, kind, 'by_ids', (table) =>
    db
      .select(columnsOf(table))
      .from(table)
      .where(sql`${table.id} = ANY(${sql.placeholder('ids')}::integer[])`),
  );
  const rows = (await statement.execute({ ids: [...ids] })) as Row<K>[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
}

export type IdsByKind = { [K in keyof Kinds]: readonly number[] };
export type RowsByKind = { [K in keyof Kinds]: Row<K>[] };

/**
 * Rows of several kinds in one query (the navbar's suggestions): each kind's rows as JSON, turned
 * back into rows by the columns' own driver mapping, each kind in the order of its ids.
 */
export async function rowsOfKinds(db: Db, ids: IdsByKind): Promise<RowsByKind> {
  const kinds = (Object.keys(ids) as (keyof Kinds)[]).filter((kind) => ids[kind].length > 0);
  const out = { media: [], streams: [], playlists: [], clips: [] } as RowsByKind;
  if (kinds.length === 0) return out;
  const parts = kinds.map((kind) => {
    const table = KINDS[kind].table as typeof media;
    const select = db
      .select(columnsOf(table))
      .from(table)
      .where(sql`${table.id} = ANY(${sql.param([...ids[kind]])}::integer[])`);
    return sql`SELECT ${kind}::text AS kind, to_jsonb(r) AS row FROM (${select}) AS r`;
  });
  const result = await db.execute(sql.join(parts, sql` UNION ALL `));
  const found = new Map<string, Record<string, unknown>>();
  for (const { kind, row } of (result as unknown as { rows: { kind: keyof Kinds; row: Record<string, unknown> }[] }).rows) {
    const columns = columnsOf(KINDS[kind].table);
    const mapped: Record<string, unknown> = {};
    for (const [key, column] of Object.entries(columns)) {
      const value = row[column.name];
      mapped[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    found.set(`${kind} ${mapped.id}`, mapped);
  }
  for (const kind of kinds) {
    const rows = ids[kind].map((id) => found.get(`${kind} ${id}`)).filter((row) => row !== undefined);
    (out as Record<keyof Kinds, unknown[]>)[kind] = rows;
  }
  return out;
}

export async function findRow<K extends keyof Kinds>(kind: K, db: Db, id: number): Promise<Row<K> | undefined> {
  const [row] = await byIdStatement(db, kind).execute({ id });
  return row as Row<K> | undefined;
}

export async function randomRow<K extends keyof Kinds>(kind: K, db: Db, provider: string | undefined): Promise<Row<K> | undefined> {
  const table = KINDS[kind].table as typeof media;
  const where = [eq(table.unavailable, false)];
  if (provider) where.push(eq(table.provider, provider));
  // Offset into the matching rows avoids sorting the whole table by random().
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(and(...where));
  const n = count?.n ?? 0;
  if (n === 0) return undefined;
  const [row] = await db
    .select(columnsOf(table))
    .from(table)
    .where(and(...where))
    .orderBy(asc(table.id))
    .limit(1)
    .offset(Math.floor(Math.random() * n));
  return row as unknown as Row<K> | undefined;
}

/** Songs sharing tags or the stream with a song, most shared first; never the song itself. */
export async function recommendedRows(
  song: Row<'media'>,
  paging: PageRequest,
  ctx: Pick<ListContext, 'db' | 'counts'>,
): Promise<RowPage<Row<'media'>>> {
  const related = [
    song.tagIds.length > 0 ? sql`${media.tagIds} && ${sql.param(song.tagIds)}::integer[]` : undefined,
    song.streamId !== null ? eq(media.streamId, song.streamId) : undefined,
  ].filter((c) => c !== undefined);
  if (related.length === 0) return emptyPage(paging);
  const where = and(ne(media.id, song.id), eq(media.unavailable, false), sql`(${sql.join(related, sql` OR `)})`);
  const shared = sql`cardinality(ARRAY(SELECT unnest(${media.tagIds}) INTERSECT SELECT unnest(${sql.param(song.tagIds)}::integer[])))`;
  const sameStream = song.streamId !== null ? sql`CASE WHEN ${media.streamId} = ${song.streamId} THEN 2 ELSE 0 END` : sql`0`;
  return readPage(
    paging,
    async ({ limit, offset }) =>
      (await ctx.db
        .select(columnsOf(media))
        .from(media)
        .where(where)
        .orderBy(sql`(${shared} + ${sameStream}) DESC`, desc(media.views), desc(media.id))
        .limit(limit)
        .offset(offset)) as unknown as Row<'media'>[],
    () => ctx.counts.get(JSON.stringify(['recommended', song.id]), () => ctx.db.$count(media, where)),
  );
}

/** The song of a UTC day (YYYY-MM-DD), once one was chosen. */
export async function dailySongId(db: Db, day: string): Promise<number | undefined> {
  const [row] = await db.select({ mediaId: dailySongs.mediaId }).from(dailySongs).where(eq(dailySongs.day, day)).limit(1);
  return row?.mediaId;
}

/**
 * A song for the day, the same for every instance that picks on that day (ordered by a hash of id
 * and day); with `recentAfter`, songs chosen on a later day (the recent ones) are left out.
 */
export async function pickDailySong(db: Db, day: string, recentAfter?: string): Promise<number | undefined> {
  const available = eq(media.unavailable, false);
  const where =
    recentAfter === undefined
      ? available
      : and(available, notInArray(media.id, db.select({ id: dailySongs.mediaId }).from(dailySongs).where(gt(dailySongs.day, recentAfter))));
  const [row] = await db.select({ id: media.id }).from(media).where(where).orderBy(sql`md5(${media.id}::text || ${day})`).limit(1);
  return row?.id;
}

/** Stores the day's song unless another instance stored one first. */
export async function storeDailySong(db: Db, day: string, mediaId: number): Promise<void> {
  await db.insert(dailySongs).values({ day, mediaId }).onConflictDoNothing();
}

/** Every tag, by name (the tag cache holds them all). */
export function readTags(db: Db): Promise<{ id: number; name: string }[]> {
  return db.select({ id: tags.id, name: tags.name }).from(tags).orderBy(asc(tags.name));
}
