import { and, asc, desc, eq, gte, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { LikedKind } from '../../../common/stats-paths';
import type { Db } from '../../db/client';
import { clips, flipRequests, likes, media, radioPlays, sampleRequests, songRequests, streams } from '../../db/schema';

/**
 * All SQL of the ranked lists of GET /api/stats/top: one query per list. `since` bounds the period
 * (undefined: all time); `limit` is the list's length (per station for the radio).
 */

/** Where each liked kind's items are, and how the likes table names the kind. */
const LIKED_TABLES = {
  media: { table: media, likeKind: 'media' },
  stream: { table: streams, likeKind: 'streams' },
  clip: { table: clips, likeKind: 'clips' },
} as const satisfies Record<LikedKind, { table: typeof media | typeof streams | typeof clips; likeKind: string }>;

export interface RankedItemRow {
  id: number;
  name: string;
  thumbnail: string | null;
}

/**
 * Available items of a kind by the likes given in the period, most first, then by name. The likes are
 * counted per item and sorted by count first, so the items are looked up by id one by one, most liked
 * first, only until ten available ones are known (an incremental sort), never the whole table.
 */
export async function readTopLiked(db: Db, kind: LikedKind, since: Date | undefined, limit: number) {
  const { table, likeKind } = LIKED_TABLES[kind];
  const counted = db
    .select({ itemId: likes.itemId, likes: sql<number>`count(*)::int`.as('likes') })
    .from(likes)
    .where(and(eq(likes.kind, likeKind), since ? gte(likes.createdAt, since) : undefined))
    .groupBy(likes.itemId)
    .orderBy(desc(sql`count(*)`))
    .as('counted');
  return db
    .select({ id: table.id, name: table.name, thumbnail: table.thumbnail, likes: counted.likes })
    .from(counted)
    .innerJoin(table, eq(table.id, counted.itemId))
    .where(eq(table.unavailable, false))
    .orderBy(desc(counted.likes), asc(table.name), asc(table.id))
    .limit(limit);
}

/** When a request played: the moment it first played, or for history from before that was kept, when it was made. */
const playedAt = sql`coalesce(${songRequests.playedAt}, ${songRequests.createdAt})`;

/** Requests that played (rejected and refunded ones never reach `played`), in the period. */
function playedIn(since: Date | undefined): SQL | undefined {
  return and(eq(songRequests.state, 'played'), since ? sql`${playedAt} >= ${since.toISOString()}` : undefined);
}

/**
 * Videos by how many of their requests played, most first, then the most recently requested. A
 * sample's history row names no video (''), so samples are not videos here. The title is the latest
 * request's (a video may be renamed between requests), the song the latest one that became one.
 */
export async function readTopRequested(db: Db, since: Date | undefined, limit: number) {
  const requests = sql<number>`count(*)::int`;
  const latest = sql`${songRequests.createdAt} DESC, ${songRequests.id} DESC`;
  return db
    .select({
      videoId: songRequests.videoId,
      title: sql<string>`(array_agg(${songRequests.title} ORDER BY ${latest}))[1]`,
      requests,
      mediaId: sql<
        number | null
      >`(array_agg(${songRequests.mediaId} ORDER BY ${latest}) FILTER (WHERE ${songRequests.mediaId} IS NOT NULL))[1]`,
    })
    .from(songRequests)
    .where(and(playedIn(since), ne(songRequests.videoId, '')))
    .groupBy(songRequests.videoId)
    .orderBy(desc(requests), desc(sql`max(${songRequests.createdAt})`), asc(songRequests.videoId))
    .limit(limit);
}

/**
 * Requesters by how many of their requests (flips and samples) played, most first, then by name.
 * A request paid without logging in (its flip or sample request has no user: a nickname typed at
 * VERIFY, which anyone may type) is anonymous and not counted; history kept from before paid requests
 * (neither kind behind it) counts under the name it was recorded with.
 */
export async function readTopRequesters(db: Db, since: Date | undefined, limit: number) {
  const requests = sql<number>`count(*)::int`;
  const named = or(
    isNotNull(flipRequests.userId),
    isNotNull(sampleRequests.userId),
    and(isNull(songRequests.flipRequestId), isNull(songRequests.sampleRequestId)),
  );
  return db
    .select({ username: songRequests.username, requests })
    .from(songRequests)
    .leftJoin(flipRequests, eq(flipRequests.id, songRequests.flipRequestId))
    .leftJoin(sampleRequests, eq(sampleRequests.id, songRequests.sampleRequestId))
    .where(and(playedIn(since), named))
    .groupBy(songRequests.username)
    .orderBy(desc(requests), asc(songRequests.username))
    .limit(limit);
}

export interface RadioTopRow extends RankedItemRow {
  station: string;
  plays: number;
}

/**
 * Each station's songs by plays started in the period, most first, then the latest played: the
 * plays are counted per station and song, ranked within each station, and only the first `limit`
 * of each are joined to their songs.
 */
export async function readTopRadio(db: Db, since: Date | undefined, limit: number): Promise<RadioTopRow[]> {
  const plays = sql<number>`count(*)::int`;
  const ranked = db
    .select({
      station: radioPlays.station,
      mediaId: radioPlays.mediaId,
      plays: plays.as('plays'),
      rank: sql<number>`row_number() OVER (PARTITION BY ${radioPlays.station} ORDER BY count(*) DESC, max(${radioPlays.startedAt}) DESC, ${radioPlays.mediaId})`.as(
        'rank',
      ),
    })
    .from(radioPlays)
    .where(since ? gte(radioPlays.startedAt, since) : undefined)
    .groupBy(radioPlays.station, radioPlays.mediaId)
    .as('ranked');
  return db
    .select({ station: ranked.station, id: media.id, name: media.name, thumbnail: media.thumbnail, plays: ranked.plays })
    .from(ranked)
    .innerJoin(media, eq(media.id, ranked.mediaId))
    .where(sql`${ranked.rank} <= ${limit}`)
    .orderBy(asc(ranked.station), asc(ranked.rank));
}
