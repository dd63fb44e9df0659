import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clips, media, streams, tags } from '../db/schema';

/** All SQL of the channel statistics: whole-catalogue aggregates over available items. */

export interface StatsRows {
  streams: { n: number; seconds: number | string } | undefined;
  clips: { n: number } | undefined;
  /** Songs and their seconds per provider (bigint sums arrive as strings from node-postgres) */
  byProvider: { provider: string; n: number; seconds: number | string }[];
  tags: { id: number; name: string; count: number }[];
}

export async function readStats(db: Db): Promise<StatsRows> {
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
  return { streams: streamRow, clips: clipRow, byProvider, tags: tagRows };
}
