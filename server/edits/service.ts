import type { Page } from '../../common/api';
import { type EditChanges, type EditRequest, type EditResult, editChangesSchema } from '../../common/edits';
import type { EntityKind } from '../../common/enums';
import { formatDuration } from '../../common/format';
import type { SessionUser } from '../accounts/session';
import type { CatalogueService } from '../catalogue/service';
import type { Db } from '../db/client';
import { KINDS } from '../db/kinds';
import { type PageRequest, presentPage } from '../db/paging';
import { badRequest, notFound } from '../http/errors';
import { presentEditRequest } from './present';
import {
  applyChanges,
  decide,
  EDITABLE,
  type EditableItem,
  findStream,
  insertRequest,
  knownTagIds,
  lockItem,
  lockPending,
  pendingPage,
} from './queries';

/**
 * Edits of catalogue items (spec 2 edit views, spec 4 "Edit request"): an admin's SAVE applies at
 * once, anyone else's PROPOSE CHANGE queues an edit request holding only the changed fields; an
 * admin approves (applies) or rejects it. Every change is validated against the database inside
 * the transaction that applies it, so nothing is ever half-applied.
 */

export type EditsService = ReturnType<typeof createEditsService>;

const sameTags = (a: number[], b: number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** The fields of `proposed` that differ from the item (tags compared in order, as shown). */
function diff(kind: EntityKind, item: EditableItem, proposed: EditChanges): EditChanges {
  const changes: EditChanges = {};
  for (const field of EDITABLE[kind]) {
    const value = proposed[field];
    if (value === undefined) continue;
    if (field === 'tags') {
      if (!sameTags(item.tagIds, value as number[])) changes.tags = value as number[];
    } else if (item[field] !== value) {
      (changes as Record<string, unknown>)[field] = value;
    }
  }
  return changes;
}

/** Tags exist, the stream exists, and the timestamp lies within that stream. */
async function validate(tx: Db, kind: EntityKind, item: EditableItem, changes: EditChanges): Promise<void> {
  if (changes.tags && changes.tags.length > 0) {
    const known = await knownTagIds(tx, changes.tags);
    const unknown = changes.tags.filter((id) => !known.has(id));
    if (unknown.length > 0) throw badRequest(`tags: unknown tag ${unknown.length === 1 ? 'id' : 'ids'} ${unknown.join(', ')}`);
  }
  const streamId = changes.streamId !== undefined ? changes.streamId : item.streamId;
  const stream = streamId !== undefined && streamId !== null ? await findStream(tx, streamId) : undefined;
  if (changes.streamId !== undefined && changes.streamId !== null && !stream) {
    throw badRequest(`streamId: there is no stream ${changes.streamId}`);
  }
  if (kind !== 'media') return;
  const timestamp = changes.streamTimestamp !== undefined ? changes.streamTimestamp : item.streamTimestamp;
  if (timestamp === null || timestamp === undefined) return;
  if (streamId === null || streamId === undefined) throw badRequest('streamTimestamp: a stream timestamp needs a stream (streamId)');
  // A stream of unknown length (0) bounds nothing.
  if (stream && stream.duration > 0 && timestamp > stream.duration) {
    throw badRequest(
      `streamTimestamp: ${formatDuration(timestamp)} is past the end of stream ${stream.id} (${formatDuration(stream.duration)} long)`,
    );
  }
}

export function createEditsService(db: Db, catalogue: CatalogueService, now: () => Date) {
  const inTransaction = <T>(work: (tx: Db) => Promise<T>): Promise<T> => db.transaction((tx) => work(tx as unknown as Db));

  return {
    /** POST /api/{kind}/{id}: applied for an admin, queued as an edit request for anyone else. */
    async submit(user: SessionUser, kind: EntityKind, id: number, proposed: EditChanges): Promise<EditResult> {
      const result = await inTransaction(async (tx) => {
        const item = await lockItem(tx, kind, id);
        if (!item) throw notFound(`Unknown ${KINDS[kind].noun} ${id}`);
        const changes = diff(kind, item, proposed);
        if (Object.keys(changes).length === 0) {
          if (user.admin) return { applied: true, requestId: null };
          throw badRequest(`Nothing to change: the ${KINDS[kind].noun} already looks like that`);
        }
        await validate(tx, kind, item, changes);
        if (!user.admin) {
          const requestId = await insertRequest(tx, { kind, entityId: id, userId: user.id, changes, at: now() });
          return { applied: false, requestId };
        }
        await applyChanges(tx, kind, id, changes, now());
        // Kept as an approved request: who changed what, and when.
        await insertRequest(tx, { kind, entityId: id, userId: user.id, changes, decidedBy: user.id, at: now() });
        return { applied: true, requestId: null };
      });
      // One row of one kind changed: the search index of that kind patches it in.
      if (result.applied) catalogue.changed({ [kind]: [id] });
      return result;
    },

    async pending(kind: EntityKind, paging: PageRequest): Promise<Page<EditRequest>> {
      return presentPage(await pendingPage(db, kind, paging), presentEditRequest);
    },
    /** Applies a pending request (validated again: tags or streams may have changed since). */
    async approve(admin: SessionUser, kind: EntityKind, requestId: number): Promise<void> {
      const entityId = await inTransaction(async (tx) => {
        const request = await lockPending(tx, kind, requestId);
        if (!request) throw notFound(`There is no pending ${KINDS[kind].noun} edit request ${requestId}`);
        const item = await lockItem(tx, kind, request.entityId);
        if (!item) throw notFound(`The ${KINDS[kind].noun} of edit request ${requestId} is gone`);
        const changes = editChangesSchema.parse(request.changes);
        await validate(tx, kind, item, changes);
        await applyChanges(tx, kind, request.entityId, changes, now());
        await decide(tx, requestId, 'approved', admin.id, now());
        return request.entityId;
      });
      catalogue.changed({ [kind]: [entityId] });
    },

    /** Takes a pending request off the queue; who rejected it and when is kept. */
    async reject(admin: SessionUser, kind: EntityKind, requestId: number): Promise<void> {
      await inTransaction(async (tx) => {
        const request = await lockPending(tx, kind, requestId);
        if (!request) throw notFound(`There is no pending ${KINDS[kind].noun} edit request ${requestId}`);
        await decide(tx, requestId, 'rejected', admin.id, now());
      });
    },
  };
}
