import { eq } from 'drizzle-orm';
import { liveSchema } from '../../common/api';
import type { Db } from '../db/client';
import { liveStatus } from '../db/schema';
import type { App } from '../http/types';

/**
 * Answers from the stored status only: the background poll talks to Twitch, a visitor never waits
 * on it. A status the poll has not confirmed for `staleAfterMs` is not shown as live.
 */
export function liveRoutes(app: App, db: Db, options: { staleAfterMs?: number } = {}) {
  const staleAfterMs = options.staleAfterMs ?? 5 * 60_000;
  app.get('/api/live', {
    schema: { tags: ['live'], summary: 'Whether the streamer is live now', response: { 200: liveSchema } },
    handler: async () => {
      const [row] = await db.select().from(liveStatus).where(eq(liveStatus.id, 1)).limit(1);
      const fresh = row?.checkedAt ? Date.now() - row.checkedAt.getTime() < staleAfterMs : false;
      if (!row?.live || !fresh) return { live: false, title: null, startedAt: null };
      return { live: true, title: row.title, startedAt: row.startedAt?.toISOString() ?? null };
    },
  });
}
