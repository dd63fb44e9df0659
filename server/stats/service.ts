import { LRUCache } from 'lru-cache';
import type { Stats } from '../../common/api';
import type { CatalogueService } from '../catalogue/service';
import type { Db } from '../db/client';
import { presentStats } from './present';
import { readStats } from './queries';

const STATS_TTL_MS = 60_000;
const CURRENT = 'current';

export type StatsService = ReturnType<typeof createStatsService>;

/**
 * Channel statistics are whole-catalogue aggregates, so they are computed at most once a minute, by
 * one computation for everyone asking at that moment (lru-cache's fetch), and again after any
 * catalogue change of this instance. A failed computation is not kept: the next request tries again.
 */
export function createStatsService(db: Db, catalogue: Pick<CatalogueService, 'onChanged'>, now: () => Date) {
  const cache = new LRUCache<typeof CURRENT, Stats>({
    max: 1,
    ttl: STATS_TTL_MS,
    ttlResolution: 0,
    perf: { now: () => now().getTime() },
    fetchMethod: async () => presentStats(await readStats(db)),
    // A change during a computation: its callers still get the answer, the next request computes again.
    ignoreFetchAbort: true,
  });
  catalogue.onChanged(() => cache.clear());
  return {
    async current(): Promise<Stats> {
      return (await cache.fetch(CURRENT))!;
    },
  };
}
