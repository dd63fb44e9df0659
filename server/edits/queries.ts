import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { EditChanges } from '../../common/edits';
import type { EntityKind } from '../../common/enums';
import type { Db } from '../db/client';
import { KINDS } from '../db/kinds';
import { type PageRequest, type RowPage, readPage } from '../db/paging';
import { editRequests, type media, streams, tags, users } from '../db/schema';

/** All SQL of edits: the item as an edit sees it, validation look-ups, applying, and the request queue. */

/** What an edit can see and change of an item; fields a kind does not have are undefined. */
export interface EditableItem {
  id: number;
  name: string;
  tagIds: number[];
  streamId?: number | null;
  streamTimestamp?: number | null;
  lyrics?: string | null;
}

/** The fields each kind's edit may change (spec 3 "Edit payloads"). */
export const EDITABLE: Record<EntityKind, readonly (keyof EditChanges)[]> = {
  media: ['streamId', 'streamTimestamp', 'lyrics', 'tags'],
  streams: ['tags'],
  playlists: ['streamId', 'tags'],
  clips: ['streamId', 'tags'],
};

/** The item, locked until the transaction ends so two edits apply one after the other. */
export async function lockItem(tx: Db, kind: EntityKind, id: number): Promise<EditableItem | undefined> {
  const table = KINDS[kind].table as typeof media;
  const columns = {
    id: table.id,
    name: table.name,
    tagIds: table.tagIds,
    ...('streamId' in table ? { streamId: table.streamId } : {}),
    ...('streamTimestamp' in table ? { streamTimestamp: table.streamTimestamp } : {}),
    ...('lyrics' in table ? { lyrics: table.lyrics } : {}),
  };
  const [row] = await tx.select(columns).from(table).where(eq(table.id, id)).for('update').limit(1);
  return row as EditableItem | undefined;
}

export async function knownTagIds(tx: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function findStream(tx: Db, id: number): Promise<{ id: number; duration: number } | undefined> {
  const [row] = await tx.select({ id: streams.id, duration: streams.duration }).from(streams).where(eq(streams.id, id)).limit(1);
  return row;
}

export async function applyChanges(tx: Db, kind: EntityKind, id: number, changes: EditChanges, at: Date): Promise<void> {
  const table = KINDS[kind].table as typeof media;
  const set: Partial<typeof media.$inferInsert> = { updatedAt: at };
  if (changes.tags !== undefined) set.tagIds = changes.tags;
  if (changes.streamId !== undefined) set.streamId = changes.streamId;
  if (changes.streamTimestamp !== undefined) set.streamTimestamp = changes.streamTimestamp;
  if (changes.lyrics !== undefined) set.lyrics = changes.lyrics;
  await tx.update(table).set(set).where(eq(table.id, id));
}

export async function insertRequest(
  tx: Db,
  fields: { kind: EntityKind; entityId: number; userId: number; changes: EditChanges; decidedBy?: number; at: Date },
): Promise<number> {
  const decided = fields.decidedBy !== undefined ? { status: 'approved', decidedBy: fields.decidedBy, decidedAt: fields.at } : {};
  const [row] = await tx
    .insert(editRequests)
    .values({
      kind: fields.kind,
      entityId: fields.entityId,
      userId: fields.userId,
      changes: fields.changes,
      createdAt: fields.at,
      updatedAt: fields.at,
      ...decided,
    })
    .returning({ id: editRequests.id });
  return row!.id;
}

export interface PendingRow {
  id: number;
  entityId: number;
  entityName: string | null;
  userName: string;
  updatedAt: Date;
  changes: unknown;
}

/** Pending requests of a kind, oldest first, with who asked and the item's name. */
export async function pendingPage(db: Db, kind: EntityKind, paging: PageRequest): Promise<RowPage<PendingRow>> {
  const table = KINDS[kind].table as typeof media;
  const where: SQL = and(eq(editRequests.kind, kind), eq(editRequests.status, 'pending'))!;
  return readPage(
    paging,
    ({ limit, offset }) =>
      db
        .select({
          id: editRequests.id,
          entityId: editRequests.entityId,
          entityName: table.name,
          userName: users.displayName,
          updatedAt: editRequests.updatedAt,
          changes: editRequests.changes,
        })
        .from(editRequests)
        .innerJoin(users, eq(users.id, editRequests.userId))
        .leftJoin(table, eq(table.id, editRequests.entityId))
        .where(where)
        .orderBy(asc(editRequests.id))
        .limit(limit)
        .offset(offset),
    () => db.$count(editRequests, where),
  );
}

/** A pending request of a kind, locked so one decision is taken once. */
export async function lockPending(
  tx: Db,
  kind: EntityKind,
  id: number,
): Promise<{ id: number; entityId: number; changes: unknown } | undefined> {
  const [row] = await tx
    .select({ id: editRequests.id, entityId: editRequests.entityId, changes: editRequests.changes })
    .from(editRequests)
    .where(and(eq(editRequests.id, id), eq(editRequests.kind, kind), eq(editRequests.status, 'pending')))
    .for('update')
    .limit(1);
  return row;
}

export async function decide(tx: Db, id: number, status: 'approved' | 'rejected', adminId: number, at: Date): Promise<void> {
  await tx.update(editRequests).set({ status, decidedBy: adminId, decidedAt: at, updatedAt: at }).where(eq(editRequests.id, id));
}
