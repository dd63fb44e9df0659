import type { Stats } from '../../common/api';
import type { CatalogueService } from '../catalogue/service';
import type { Db } from '../db/client';
import { presentStats } from './present';
import { readStats } from './queries';

const STATS_TTL_MS = 60_000;

export type StatsService = ReturnType<typeof createStatsService>;

/**
 * Channel statistics are whole-catalogue aggregates, so they are computed at most once a minute, by
 * one computation for everyone asking at that moment, and again after any catalogue change of this
 * instance.
 */
export function createStatsService(db: Db, catalogue: Pick<CatalogueService, 'onChanged'>) {
  let cached: { value: Promise<Stats>; expires: number } | undefined;
  catalogue.onChanged(() => {
    cached = undefined;
  });
  return {
    current(): Promise<Stats> {
      if (!cached || cached.expires < Date.now()) {
        const value = readStats(db).then(presentStats);
        cached = { value, expires: Date.now() + STATS_TTL_MS };
        // A failed computation is not kept: the next request tries again.
        value.catch(() => {
          if (cached?.value === value) cached = undefined;
        });
      }
      return cached.value;
    },
  };
}
