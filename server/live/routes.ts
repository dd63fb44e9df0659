import { liveSchema } from '../../common/api';
import type { Db } from '../db/client';
import type { App } from '../http/types';
import { currentLive } from './service';

export const LIVE_PATH = '/api/live';

/** GET /api/live, answered from the stored status (live/service.ts). */
export function liveRoutes(app: App, db: Db, options: { staleAfterMs?: number } = {}) {
  const staleAfterMs = options.staleAfterMs ?? 5 * 60_000;
  app.get(LIVE_PATH, {
    schema: { tags: ['live'], summary: 'Whether the streamer is live now', response: { 200: liveSchema } },
    // The same for every visitor: the read cache, browsers and nginx may keep it (http/read-cache.ts, cache-headers.ts).
    config: { access: 'public', readCache: true, readCacheViewer: 'nothing' },
    handler: () => currentLive(db, staleAfterMs),
  });
}
