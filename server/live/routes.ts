import { liveSchema } from '../../common/api';
import type { Db } from '../db/client';
import type { App } from '../http/types';
import { currentLive } from './service';

/** GET /api/live, answered from the stored status (live/service.ts). */
export function liveRoutes(app: App, db: Db, options: { staleAfterMs?: number } = {}) {
  const staleAfterMs = options.staleAfterMs ?? 5 * 60_000;
  app.get('/api/live', {
    schema: { tags: ['live'], summary: 'Whether the streamer is live now', response: { 200: liveSchema } },
    config: { access: 'public' },
    handler: () => currentLive(db, staleAfterMs),
  });
}
