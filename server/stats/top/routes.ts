import { type TopQuery, topQuery, topSchema } from '../../../common/stats';
import { STATS_PATHS } from '../../../common/stats-paths';
import type { App } from '../../http/types';
import type { TopService } from './service';

/** GET /api/stats/top: the ranked lists of the /stats page. */
export function topRoutes(app: App, top: TopService) {
  app.get(STATS_PATHS.top, {
    schema: {
      tags: ['stats'],
      summary:
        'Top 10 lists. what=liked: available items of kind (media, stream or clip; default media) by likes given in the period; requested: videos by played requests; requesters: requesters by played requests (logged-in requesters only: requests paid with a nickname alone, rejected and refunded ones are not counted); radio: per station, the songs it played most. period (week, month, six_months, year, all_time) defaults to all_time, the radio’s to month (the last 30 days). Recomputed at most once a minute',
      querystring: topQuery,
      response: { 200: topSchema },
    },
    // The same for every visitor: the read cache, browsers and nginx may keep it (http/read-cache.ts, cache-headers.ts).
    config: { access: 'public', readCache: true, readCacheViewer: 'nothing' },
    handler: (request) => top.read(request.query as TopQuery),
  });
}
