import { type EditRequest, editChangesSchema } from '../../common/edits';
import type { PendingRow } from './queries';

/** A pending edit request as the admin's approval list shows it; the stored changes are checked against their schema. */
export function presentEditRequest(row: PendingRow): EditRequest {
  return {
    id: row.id,
    entityId: row.entityId,
    entityName: row.entityName,
    userName: row.userName,
    updatedAt: row.updatedAt.toISOString(),
    changes: editChangesSchema.parse(row.changes),
  };
}
