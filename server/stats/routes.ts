import { statsSchema } from '../../common/api';
import type { CatalogueService } from '../catalogue/service';
import type { Db } from '../db/client';
import type { App } from '../http/types';
import { createStatsService } from './service';

/** GET /api/stats: the channel statistics (stats/service.ts computes and caches them). */
export function statsRoutes(app: App, db: Db, catalogue: Pick<CatalogueService, 'onChanged'>, now: () => Date) {
  const stats = createStatsService(db, catalogue, now);
  app.get('/api/stats', {
    schema: { tags: ['stats'], summary: 'Channel statistics (durations in seconds; tags by song count)', response: { 200: statsSchema } },
    // The same for every visitor: the read cache, browsers and nginx may keep it (http/read-cache.ts, cache-headers.ts).
    config: { access: 'public', readCache: true, readCacheViewer: 'nothing' },
    handler: () => stats.current(),
  });
}
