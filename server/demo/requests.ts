import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { media, songRequests } from '../db/schema';
import type { World } from './world';

/**
 * The demo's request history, written once into an empty history after the catalogue arrived (the
 * songs it links to must exist). In production the history grows from paid requests instead.
 * Answers how many requests were written.
 */
export async function seedRequestHistory(db: Db, world: World): Promise<number> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(songRequests);
  if ((existing?.n ?? 0) > 0 || world.requests.length === 0) return 0;
  const remoteIds = world.requests.map((r) => r.songRemoteId).filter((id): id is string => id !== null);
  const songs =
    remoteIds.length > 0
      ? await db
          .select({ id: media.id, remoteId: media.remoteId })
          .from(media)
          .where(and(eq(media.provider, 'youtube'), inArray(media.remoteId, remoteIds)))
      : [];
  const songId = new Map(songs.map((s) => [s.remoteId, s.id]));
  await db.insert(songRequests).values(
    world.requests.map((r) => ({
      videoId: r.videoId,
      title: r.title,
      username: r.username,
      createdAt: r.createdAt,
      updatedAt: r.createdAt,
      mediaId: r.songRemoteId ? (songId.get(r.songRemoteId) ?? null) : null,
    })),
  );
  return world.requests.length;
}
