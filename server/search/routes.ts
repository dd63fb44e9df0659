import { SUGGEST_PATH, suggestionsSchema, suggestQuery } from '../../common/search';
import type { ViewerOf } from '../catalogue/routes';
import type { CatalogueService } from '../catalogue/service';
import type { App } from '../http/types';

/** Search as you type: GET /api/search/suggest?q= answers the best few of each kind. */
export function searchRoutes(app: App, catalogue: CatalogueService, viewerOf: ViewerOf) {
  app.get(SUGGEST_PATH, {
    // The same answer for every logged-out visitor: the read cache may serve it (http/read-cache.ts).
    config: { readCache: true },
    schema: {
      tags: ['search'],
      summary: 'Suggestions while typing: the best few songs, streams, playlists and clips for q, best first',
      querystring: suggestQuery,
      response: { 200: suggestionsSchema },
    },
    handler: (req) => catalogue.suggest(req.query.q, viewerOf(req)),
  });
}
