import { and, desc, eq, sql } from 'drizzle-orm';
import type { EntityKind } from '../../common/enums';
import type { Filter } from '../../common/query';
import { columnsOf, type Row } from '../catalogue/queries';
import type { Db } from '../db/client';
import { type FilterContext, filterConditions } from '../db/filters';
import { KINDS, type Kinds } from '../db/kinds';
import { type PageRequest, type RowPage, readPage } from '../db/paging';
import { type clips, likes } from '../db/schema';

/** All SQL of likes: a user's liked ids, like/unlike, and a user's liked list. */

/** Every like of the user, every kind: one query fills their liked set (likes/liked-sets.ts). */
export async function allLikes(db: Db, userId: number): Promise<{ kind: string; itemId: number }[]> {
  return db.select({ kind: likes.kind, itemId: likes.itemId }).from(likes).where(eq(likes.userId, userId));
}

export async function itemExists(db: Db, kind: EntityKind, id: number): Promise<boolean> {
  const table = KINDS[kind].table as typeof clips;
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return row !== undefined;
}

/** Idempotent: liking twice is one like (liked when first liked: the liked list's order). */
export async function insertLike(db: Db, userId: number, kind: EntityKind, itemId: number, at: Date): Promise<void> {
  await db.insert(likes).values({ userId, kind, itemId, createdAt: at }).onConflictDoNothing();
}

export async function deleteLike(db: Db, userId: number, kind: EntityKind, itemId: number): Promise<void> {
  await db.delete(likes).where(and(eq(likes.userId, userId), eq(likes.kind, kind), eq(likes.itemId, itemId)));
}

/**
 * A user's liked items of a kind, most recently liked first, with the catalogue's filters; with a
 * text query, `matching` are the user's liked ids that the search index matched (likes/service.ts).
 */
export async function likedRows<K extends keyof Kinds>(
  db: Db,
  userId: number,
  kind: K,
  filter: Filter,
  paging: PageRequest,
  filterContext: FilterContext,
  matching?: readonly number[],
): Promise<RowPage<Row<K>>> {
  const table = KINDS[kind].table as typeof clips;
  const filters = filterConditions(KINDS[kind], filter, filterContext);
  if (matching) filters.push(sql`${table.id} = ANY(${sql.param([...matching])}::integer[])`);
  const where = and(eq(likes.userId, userId), eq(likes.kind, kind), ...filters);
  return readPage(
    paging,
    async ({ limit, offset }) =>
      (await db
        .select(columnsOf(table))
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
