import { asc, desc, eq, sql } from 'drizzle-orm';
import { type Stats, statsSchema } from '../../common/api';
import type { CatalogueService } from '../catalogue/service';
import type { Db } from '../db/client';
import { clips, media, streams, tags } from '../db/schema';
import type { App } from '../http/types';

const STATS_TTL_MS = 60_000;

async function computeStats(db: Db): Promise<Stats> {
  const [streamRow] = await db
    .select({ n: sql<number>`count(*)::int`, seconds: sql<number>`coalesce(sum(${streams.duration}), 0)::bigint` })
    .from(streams)
    .where(eq(streams.unavailable, false));
  const [clipRow] = await db.select({ n: sql<number>`count(*)::int` }).from(clips).where(eq(clips.unavailable, false));
  const byProvider = await db
    .select({ provider: media.provider, n: sql<number>`count(*)::int`, seconds: sql<number>`coalesce(sum(${media.duration}), 0)::bigint` })
    .from(media)
    .where(eq(media.unavailable, false))
    .groupBy(media.provider);
  const tagCount = sql<number>`count(*)::int`;
  const tagRows = await db
    .select({ id: tags.id, name: tags.name, count: tagCount })
    .from(media)
    .innerJoin(tags, sql`${tags.id} = ANY(${media.tagIds})`)
    .where(eq(media.unavailable, false))
    .groupBy(tags.id, tags.name)
    .orderBy(desc(tagCount), asc(tags.name));
  const provider = (name: string) => {
    const row = byProvider.find((r) => r.provider === name);
    return { mediaCount: row?.n ?? 0, mediaDuration: Number(row?.seconds ?? 0) };
  };
  return {
    streamCount: streamRow?.n ?? 0,
    streamDuration: Number(streamRow?.seconds ?? 0),
    clipCount: clipRow?.n ?? 0,
    tagStats: tagRows,
    providerStats: { youtube: provider('youtube'), sound_cloud: provider('sound_cloud') },
  };
}

/**
 * Channel statistics; whole-catalogue aggregates, so they are computed at most once a minute, by one
 * request for everyone asking at that moment, and again after any catalogue change of this instance.
 */
export function statsRoutes(app: App, db: Db, catalogue: Pick<CatalogueService, 'onChanged'>) {
  let cached: { value: Promise<Stats>; expires: number } | undefined;
  catalogue.onChanged(() => {
    cached = undefined;
  });
  app.get('/api/stats', {
    schema: { tags: ['stats'], summary: 'Channel statistics (durations in seconds; tags by song count)', response: { 200: statsSchema } },
    handler: async () => {
      if (!cached || cached.expires < Date.now()) {
        const value = computeStats(db);
        cached = { value, expires: Date.now() + STATS_TTL_MS };
        // A failed computation is not kept: the next request tries again.
        value.catch(() => {
          if (cached?.value === value) cached = undefined;
        });
      }
      return cached.value;
    },
  });
}
