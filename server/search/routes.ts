import { SUGGEST_PATH, type Suggestions, suggestionsSchema, suggestQuery } from '../../common/search';
import { fastSerializerCompiler } from '../http/fast-serializer';
import type { App } from '../http/types';

/**
 * What answers suggestions: the catalogue (it ranks with this folder's index and presents the
 * items). Declared here, not imported, so search never depends on catalogue, which depends on it.
 */
export interface Suggester {
  suggest(q: string): Promise<Suggestions>;
}

/** Search as you type: GET /api/search/suggest?q= answers the best few of each kind. */
export function searchRoutes(app: App, catalogue: Suggester) {
  app.get(SUGGEST_PATH, {
    // The same answer for every visitor: the read cache may serve it (http/read-cache.ts).
    config: { access: 'public', readCache: true, readCacheViewer: 'nothing' },
    serializerCompiler: fastSerializerCompiler,
    schema: {
      tags: ['search'],
      summary: 'Suggestions while typing: the best few songs, streams, playlists and clips for q, best first',
      querystring: suggestQuery,
      response: { 200: suggestionsSchema },
    },
    // Presented as to everyone, logged in or not: the list shows no like state (one query at most).
    handler: (req) => catalogue.suggest(req.query.q),
  });
}
