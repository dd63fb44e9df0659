import type { Timeline, TimelineQuery } from '../../../common/stats';
import { TOP_SIZE } from '../../../common/stats-paths';
import type { CatalogueService } from '../../catalogue/service';
import type { Db } from '../../db/client';
import { createComputedCache } from '../computed';
import { presentTags, presentUploads } from './present';
import { readTagPeriods, readUploads } from './queries';

export type TimelineService = ReturnType<typeof createTimelineService>;

/**
 * What the channel put out per month or year (GET /api/stats/timeline). Aggregates of the whole
 * catalogue: computed at most once a minute per answer (../computed.ts), and again after a catalogue
 * change of this instance (uploads and availability change only through it).
 */
export function createTimelineService(db: Db, catalogue: Pick<CatalogueService, 'onChanged'>, now: () => Date) {
  const cache = createComputedCache<TimelineQuery, Timeline>({
    compute: async ({ unit, what }) =>
      what === 'tags' ? presentTags(await readTagPeriods(db, unit, TOP_SIZE), unit) : presentUploads(await readUploads(db, unit), unit),
    keyOf: ({ unit, what }) => `${what}/${unit}`,
    now,
  });
  catalogue.onChanged(() => cache.clear());
  return {
    read: (query: TimelineQuery): Promise<Timeline> => cache.get(query),
  };
}
