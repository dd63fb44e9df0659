import { z } from 'zod';
import type { EntityKind } from '../../common/enums';
import type { ChangedIds } from '../search/service';

/** What a sync did, per section and in total; stored as the job's report and answered by POST /api/sync. */

export const sectionReportSchema = z.object({
  /** e.g. "youtube main uploads", "twitch archive" */
  name: z.string(),
  kind: z.enum(['media', 'streams', 'playlists', 'clips']),
  /** Items the provider listed */
  seen: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  /** Marked unavailable: gone private or deleted, or missing from a complete listing */
  unavailable: z.number().int(),
  /** The listing was read to its end (only then are missing items marked) */
  complete: z.boolean(),
  error: z.string().nullable(),
});
export type SectionReport = z.infer<typeof sectionReportSchema>;

export const syncReportSchema = z.object({
  trigger: z.string(),
  startedAt: z.string(),
  finishedAt: z.string(),
  durationMs: z.number().int(),
  ok: z.boolean(),
  totals: z.object({ added: z.number().int(), updated: z.number().int(), unavailable: z.number().int() }),
  thumbnails: z.object({ fetched: z.number().int(), failed: z.number().int() }),
  sections: z.array(sectionReportSchema),
});
export type SyncReport = z.infer<typeof syncReportSchema>;

export { type ImportReport, importReportSchema } from '../../common/playlist-requests';

export interface Counts {
  added: number;
  updated: number;
  unavailable: number;
}

/**
 * Ids of the catalogue rows a sync or an import changed, per kind: announced with catalogue.changed,
 * so the search indexes patch those rows in instead of rebuilding (server/search).
 */
export class ChangedRows {
  readonly ids: ChangedIds = {};
  add(kind: EntityKind, ids: readonly number[]) {
    if (ids.length === 0) return;
    const into = this.ids[kind] ?? [];
    for (const id of ids) into.push(id);
    this.ids[kind] = into;
  }
  get empty(): boolean {
    return Object.keys(this.ids).length === 0;
  }
}

export const zeroCounts = (): Counts => ({ added: 0, updated: 0, unavailable: 0 });

export function addCounts(into: Counts, from: Counts) {
  into.added += from.added;
  into.updated += from.updated;
  into.unavailable += from.unavailable;
}

/** "40 seen, 3 added, 1 updated, 0 marked unavailable" */
export function describeSection(s: SectionReport): string {
  const counts = `${s.seen} seen, ${s.added} added, ${s.updated} updated, ${s.unavailable} marked unavailable`;
  return s.error ? `${s.name}: FAILED (${s.error}); before failing: ${counts}` : `${s.name}: ${counts}`;
}

/** What a failed playlist import could not do, in its 502 answer (http/provider-errors.ts). */
export const READ_PLAYLIST = 'read the playlist from YouTube';
