import type { BlocklistEntry, BlocklistKind } from '../../../common/blocklist';
import type { BlocklistRow } from './queries';

export function presentBlocklistEntry(row: BlocklistRow): BlocklistEntry {
  return {
    id: row.id,
    kind: row.kind as BlocklistKind,
    value: row.value,
    addedBy: row.addedBy ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
