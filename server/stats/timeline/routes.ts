import { type TimelineQuery, timelineQuery, timelineSchema } from '../../../common/stats';
import { STATS_PATHS } from '../../../common/stats-paths';
import type { App } from '../../http/types';
import type { TimelineService } from './service';

/** GET /api/stats/timeline: per month or year, the uploads (songs, streams, stream seconds, clips) or the top tags. */
export function timelineRoutes(app: App, timeline: TimelineService) {
  app.get(STATS_PATHS.timeline, {
    schema: {
      tags: ['stats'],
      summary:
        'Per UTC month or year (unit, default month), oldest first with every period in between: what=uploads (default) the available songs, streams, stream seconds and clips uploaded; what=tags the ten tags most used by songs and how many songs of each period carry them. Recomputed at most once a minute',
      querystring: timelineQuery,
      response: { 200: timelineSchema },
    },
    // The same for every visitor: the read cache, browsers and nginx may keep it (http/read-cache.ts, cache-headers.ts).
    config: { access: 'public', readCache: true, readCacheViewer: 'nothing' },
    handler: (request) => timeline.read(request.query as TimelineQuery),
  });
}
