import type { Stats } from '../../common/api';
import type { CatalogueService } from '../catalogue/service';
import type { Db } from '../db/client';
import { createComputedCache } from './computed';
import { presentStats } from './present';
import { readStats } from './queries';

export type StatsService = ReturnType<typeof createStatsService>;

/**
 * Channel statistics are whole-catalogue aggregates: computed at most once a minute (computed.ts),
 * and again after any catalogue change of this instance.
 */
export function createStatsService(db: Db, catalogue: Pick<CatalogueService, 'onChanged'>, now: () => Date) {
  const cache = createComputedCache<'current', Stats>({
    compute: async () => presentStats(await readStats(db)),
    keyOf: (key) => key,
    now,
    max: 1,
  });
  catalogue.onChanged(() => cache.clear());
  return {
    current: (): Promise<Stats> => cache.get('current'),
  };
}
