import { and, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type EntityKind, PERIOD_DAYS } from '../../common/enums';
import type { Filter } from '../../common/query';
import { KINDS, type Kinds } from '../catalogue/kinds';
import type { Row } from '../catalogue/queries';
import type { Db } from '../db/client';
import { containsText } from '../db/like';
import { type PageRequest, type RowPage, readPage } from '../db/paging';
import { clips, likes, playlists } from '../db/schema';
import { textMatch } from '../search/text';

/** All SQL of likes: the liked ids among a page's items, like/unlike, and a user's liked list. */

/** Of these item ids, the ones the user liked: one query for a whole page. */
export async function likedAmong(db: Db, userId: number, kind: EntityKind, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: likes.itemId })
    .from(likes)
    .where(and(eq(likes.userId, userId), eq(likes.kind, kind), inArray(likes.itemId, [...new Set(ids)])));
  return new Set(rows.map((r) => r.id));
}

export async function itemExists(db: Db, kind: EntityKind, id: number): Promise<boolean> {
  const table = KINDS[kind].table as typeof clips;
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return row !== undefined;
}

/** Idempotent: liking twice is one like. */
export async function insertLike(db: Db, userId: number, kind: EntityKind, itemId: number): Promise<void> {
  await db.insert(likes).values({ userId, kind, itemId }).onConflictDoNothing();
}

export async function deleteLike(db: Db, userId: number, kind: EntityKind, itemId: number): Promise<void> {
  await db.delete(likes).where(and(eq(likes.userId, userId), eq(likes.kind, kind), eq(likes.itemId, itemId)));
}

/** Columns no answer shows (kept by triggers or by the sync); not read. */
const UNREAD = new Set(['searchVector', 'lyricsVector', 'syncScope', 'thumbnailSource', 'createdAt', 'updatedAt']);

function presentedColumns(table: Kinds[keyof Kinds]['table']): Record<string, PgColumn> {
  return Object.fromEntries(Object.entries(getTableColumns(table)).filter(([name]) => !UNREAD.has(name))) as Record<string, PgColumn>;
}

/** The catalogue's list filters (common/query.ts) as conditions on a kind's table. */
function filterConditions(kind: keyof Kinds, filter: Filter, knownSources: ReadonlySet<string>, now: Date): SQL[] {
  const spec = KINDS[kind];
  const t = spec.table as typeof clips;
  const where: SQL[] = [eq(t.unavailable, false)];
  const providers = filter.providers.filter((p) => (spec.providers as readonly string[]).includes(p));
  if (providers.length > 0) where.push(inArray(t.provider, providers));
  const sources = filter.sources.filter((s) => knownSources.has(s));
  if (sources.length > 0) where.push(inArray(t.source, sources));
  if (filter.tags.length > 0) where.push(sql`${t.tagIds} && ${sql.param(filter.tags)}::integer[]`);
  const days = filter.period ? PERIOD_DAYS[filter.period] : null;
  if (days !== null) where.push(sql`${spec.date} >= ${new Date(now.getTime() - days * 86_400_000).toISOString()}`);
  if (kind === 'clips' && filter.clippedBy) {
    where.push(containsText(clips.creatorName, filter.clippedBy));
  }
  if (kind === 'playlists' && filter.type) where.push(eq(playlists.type, filter.type));
  if (filter.q) {
    const lyricsVector = kind === 'media' ? (spec.table as Kinds['media']['table']).lyricsVector : undefined;
    const match = textMatch({ name: t.name, searchVector: t.searchVector, lyricsVector }, filter.q, filter.lyrics);
    if (match) where.push(match.where);
  }
  return where;
}

/** A user's liked items of a kind, most recently liked first, with the catalogue's filters. */
export async function likedRows<K extends keyof Kinds>(
  db: Db,
  userId: number,
  kind: K,
  filter: Filter,
  paging: PageRequest,
  knownSources: ReadonlySet<string>,
): Promise<RowPage<Row<K>>> {
  const table = KINDS[kind].table as typeof clips;
  const where = and(eq(likes.userId, userId), eq(likes.kind, kind), ...filterConditions(kind, filter, knownSources, new Date()));
  return readPage(
    paging,
    async ({ limit, offset }) =>
      (await db
        .select(presentedColumns(table))
        .from(likes)
        .innerJoin(table, eq(table.id, likes.itemId))
        .where(where)
        .orderBy(desc(likes.createdAt), desc(likes.itemId))
        .limit(limit)
        .offset(offset)) as unknown as Row<K>[],
    async () => {
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(likes)
        .innerJoin(table, eq(table.id, likes.itemId))
        .where(where);
      return count?.n ?? 0;
    },
  );
}
