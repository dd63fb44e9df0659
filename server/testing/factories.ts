import type { Db } from '../db/client';
import { clips, media, payments, playlistItems, playlists, sampleRequests, streams, tags } from '../db/schema';

/**
 * Small builders over the real database. Each takes overrides and fills the rest with valid,
 * unique values, so a test states only what it is about.
 */

let counter = 0;
const next = () => ++counter;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

export async function buildTag(db: Db, name = `Tag ${next()}`) {
  const [row] = await db.insert(tags).values({ name }).returning();
  return row!;
}

export async function buildStream(db: Db, overrides: Partial<typeof streams.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(streams)
    .values({
      remoteId: `${9_000_000 + n}`,
      provider: 'twitch',
      source: 'nova_twitch',
      name: `Stream ${n}`,
      duration: 3 * 3600,
      uploadedAt: daysAgo(10),
      linkUrl: `https://www.twitch.tv/videos/${9_000_000 + n}`,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function buildSong(db: Db, overrides: Partial<typeof media.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(media)
    .values({
      remoteId: `song${String(n).padStart(7, '0')}`,
      provider: 'youtube',
      source: 'nova_yt',
      name: `Song ${n}`,
      duration: 180,
      uploadedAt: daysAgo(2),
      linkUrl: `https://www.youtube.com/watch?v=song${n}`,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function buildPlaylist(db: Db, overrides: Partial<typeof playlists.$inferInsert> = {}, songIds: number[] = []) {
  const n = next();
  const [row] = await db
    .insert(playlists)
    .values({
      remoteId: `PL${n}`,
      provider: 'youtube',
      source: 'nova_yt',
      name: `Playlist ${n}`,
      type: 'other',
      linkUrl: `https://www.youtube.com/playlist?list=PL${n}`,
      mediaCount: songIds.length,
      ...overrides,
    })
    .returning();
  if (songIds.length > 0) {
    await db.insert(playlistItems).values(songIds.map((mediaId, position) => ({ playlistId: row!.id, position, mediaId })));
  }
  return row!;
}

export async function buildClip(db: Db, overrides: Partial<typeof clips.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(clips)
    .values({
      remoteId: `Clip${n}-slug`,
      provider: 'twitch',
      source: 'nova_twitch',
      name: `Clip ${n}`,
      duration: 30,
      uploadedAt: daysAgo(3),
      creatorName: 'clipper',
      linkUrl: `https://clips.twitch.tv/Clip${n}-slug`,
      ...overrides,
    })
    .returning();
  return row!;
}

export { daysAgo };

/**
 * A payments row as the payments module leaves it, in any status and at any time: created and
 * updated at `at` (default now), captured at `capturedAt` when given. The request reference names
 * no request unless the test gives one.
 */
export async function buildPayment(db: Db, overrides: Partial<typeof payments.$inferInsert> & { at?: Date } = {}) {
  const n = next();
  const { at = new Date(), ...fields } = overrides;
  const [row] = await db
    .insert(payments)
    .values({
      kind: 'flip',
      requestRef: `factory-${n}`,
      amountCents: 2000,
      currency: 'USD',
      description: `Payment ${n}`,
      orderId: `ORDER${String(n).padStart(8, '0')}${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
      status: 'created',
      createdAt: at,
      updatedAt: at,
      ...fields,
    })
    .returning();
  return row!;
}

/** A paid voice sample (a made-up WebM header, 1 s, $5), as the sample kind's settle leaves it. */
export async function buildPaidSample(db: Db, overrides: Partial<typeof sampleRequests.$inferInsert> = {}) {
  const [sample] = await db
    .insert(sampleRequests)
    .values({
      sid: `sample-${next()}`,
      username: 'someone',
      mimeType: 'audio/webm',
      audio: Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
      durationMs: 1000,
      amountCents: 500,
      currency: 'USD',
      state: 'paid',
      expiresAt: new Date(Date.now() + 3_600_000),
      ...overrides,
    })
    .returning();
  return sample!;
}
