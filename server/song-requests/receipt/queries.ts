import { and, asc, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flipQueue, flipRequests, liveStatus, media, sampleRequests, songRequests } from '../../db/schema';

/** All SQL of the fan's receipt: the request with what was paid and the song it became, the waiting lines, the recent plays. */

export async function receiptRow(db: Db, id: number) {
  const [row] = await db
    .select({
      id: songRequests.id,
      title: songRequests.title,
      videoId: songRequests.videoId,
      username: songRequests.username,
      state: songRequests.state,
      rejectReason: songRequests.rejectReason,
      rejectReasonPublic: songRequests.rejectReasonPublic,
      createdAt: songRequests.createdAt,
      playedAt: songRequests.playedAt,
      liveStartedAt: songRequests.liveStartedAt,
      flipRequestId: songRequests.flipRequestId,
      sampleRequestId: songRequests.sampleRequestId,
      mediaId: songRequests.mediaId,
      mediaName: media.name,
      thumbnailUrl: flipRequests.thumbnailUrl,
      flipAmountCents: flipRequests.amountCents,
      flipCurrency: flipRequests.currency,
      sampleAmountCents: sampleRequests.amountCents,
      sampleCurrency: sampleRequests.currency,
    })
    .from(songRequests)
    .leftJoin(flipRequests, eq(flipRequests.id, songRequests.flipRequestId))
    .leftJoin(sampleRequests, eq(sampleRequests.id, songRequests.sampleRequestId))
    .leftJoin(media, eq(media.id, songRequests.mediaId))
    .where(eq(songRequests.id, id))
    .limit(1);
  return row;
}
export type ReceiptRow = NonNullable<Awaited<ReturnType<typeof receiptRow>>>;

export type RequestKind = 'flip' | 'sample';

/** One line of requests waiting to play, in the order they will: what plays (flips only) first, then the queued. */
export interface WaitingLine {
  /** The history ids of the queued requests, next first */
  queued: number[];
  /** When what plays now began (a flip's queue has one at most); null when nothing plays */
  playingSince: Date | null;
}

/** The flip queue: what plays, and the queued flips in the order NEXT takes them. */
export async function flipLine(db: Db): Promise<WaitingLine> {
  const rows = await db
    .select({
      songRequestId: flipQueue.songRequestId,
      state: flipQueue.state,
      playedAt: songRequests.playedAt,
      updatedAt: flipQueue.updatedAt,
    })
    .from(flipQueue)
    .innerJoin(songRequests, eq(songRequests.id, flipQueue.songRequestId))
    .where(inArray(flipQueue.state, ['playing', 'queued']))
    .orderBy(asc(flipQueue.queuedAt), asc(flipQueue.id));
  const playing = rows.find((row) => row.state === 'playing');
  return {
    queued: rows.filter((row) => row.state === 'queued').map((row) => row.songRequestId),
    playingSince: playing ? (playing.playedAt ?? playing.updatedAt) : null,
  };
}

/** The samples the player has yet to play, in its order (when each was paid or approved). */
export async function sampleLine(db: Db): Promise<WaitingLine> {
  const rows = await db
    .select({ id: songRequests.id })
    .from(songRequests)
    .innerJoin(sampleRequests, eq(sampleRequests.id, songRequests.sampleRequestId))
    .where(and(eq(songRequests.state, 'queued'), eq(sampleRequests.state, 'paid')))
    .orderBy(asc(sampleRequests.paidAt), asc(sampleRequests.id));
  return { queued: rows.map((row) => row.id), playingSince: null };
}

/** When the latest `limit` requests of a kind first played, newest first; only since `since` when given. */
export async function recentPlays(db: Db, kind: RequestKind, limit: number, since?: Date): Promise<Date[]> {
  const ofKind = kind === 'flip' ? isNotNull(songRequests.flipRequestId) : isNotNull(songRequests.sampleRequestId);
  const rows = await db
    .select({ playedAt: songRequests.playedAt })
    .from(songRequests)
    .where(and(ofKind, isNotNull(songRequests.playedAt), since ? gte(songRequests.playedAt, since) : undefined))
    .orderBy(desc(songRequests.playedAt))
    .limit(limit);
  return rows.map((row) => row.playedAt as Date);
}

/** The live stream's start, when the streamer is live (the live indicator's row). */
export async function liveSince(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ startedAt: liveStatus.startedAt })
    .from(liveStatus)
    .where(and(eq(liveStatus.id, 1), eq(liveStatus.live, true), sql`${liveStatus.startedAt} IS NOT NULL`));
  return row?.startedAt ?? null;
}
