import type { Db } from '../db/client';
import { applyDemoCuration, seedRequestHistory } from '../demo/queries';
import type { World } from '../demo/world';
import { JobBusyError, type JobRunner } from '../jobs/runner';
import type { ChangedIds } from '../search/service';
import type { ImportReport, SyncReport } from './report';
import type { SyncService } from './service';

/**
 * A fresh demo start: the catalogue arrives through the real sync from the sandbox, the fans'
 * community playlists are imported by id as a visitor's submission would be, and then the demo's
 * curation (tags and lyrics, which in production come from people's edits) is applied where
 * nothing is set yet.
 */

export interface DemoFill {
  /** The sync went through and every community playlist was imported: the fill is complete */
  ok: boolean;
  sync: SyncReport;
  imports: ImportReport[];
  curated: number;
  /** Song requests written into an empty history */
  requests: number;
}

/**
 * `changed` is catalogue.changed: the sync announces its own writes, but tags and lyrics given here
 * are written by this module, which announces them itself (with their ids) so searches and caches
 * see them at once.
 */
export async function fillDemoCatalogue(
  sync: SyncService,
  db: Db,
  world: World,
  log: (message: string) => void,
  changed: (ids: ChangedIds) => void,
): Promise<DemoFill> {
  const report = await sync.run('demo start');
  const imports: ImportReport[] = [];
  for (const playlist of world.playlists.filter((p) => p.type === 'community' && p.provider === 'youtube')) {
    try {
      imports.push(await sync.importPlaylist(playlist.remoteId, 'community'));
    } catch (error) {
      log(`community playlist ${playlist.remoteId} not imported: ${(error as Error).message}`);
    }
  }
  const curatedIds = await applyDemoCuration(db, world);
  const curated = Object.values(curatedIds).reduce((sum, ids) => sum + ids.length, 0);
  if (curated > 0) changed(curatedIds);
  const requests = await seedRequestHistory(db, world);
  log(
    `demo catalogue ready: ${imports.length} community playlists imported, ${curated} items given their demo tags and lyrics` +
      (requests > 0 ? `, ${requests} song requests in the history` : ''),
  );
  const community = world.playlists.filter((p) => p.type === 'community' && p.provider === 'youtube').length;
  return { ok: report.ok && imports.length === community, sync: report, imports, curated, requests };
}

/** The demo fill's runs in job_runs: a finished, ok row marks the demo catalogue complete. */
export const DEMO_FILL_JOB = 'demo fill';

/**
 * At start in demo mode: fills the demo catalogue unless a fill completed before. A fill that a kill
 * interrupted (songs synced, but no tags, history or community playlists yet) left no completed run,
 * so it is finished now; every step of the fill is idempotent. Answers null when nothing was to do,
 * or when another instance is filling it.
 */
export async function ensureDemoCatalogue(
  options: { sync: SyncService; jobs: JobRunner; db: Db; world: World; changed: (ids: ChangedIds) => void },
  log: (message: string) => void,
): Promise<DemoFill | null> {
  const { sync, jobs, db, world, changed } = options;
  const last = await jobs.lastRun(DEMO_FILL_JOB);
  if (last?.ok) return null;
  log(last ? 'The demo fill did not complete: finishing it' : 'Filling the demo catalogue from the sandbox through the sync');
  try {
    return await jobs.runExclusive(DEMO_FILL_JOB, () => fillDemoCatalogue(sync, db, world, log, changed));
  } catch (error) {
    if (error instanceof JobBusyError) return null;
    throw error;
  }
}
