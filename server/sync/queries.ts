import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PlaylistType } from '../../common/enums';
import type { Db } from '../db/client';
import { clips, media, playlistItems, playlists, streams } from '../db/schema';
import { type Counts, zeroCounts } from './report';

/**
 * All SQL of the sync. Items are keyed by (provider, remote id). A page is written in one
 * transaction by the caller; these functions never delete a catalogue row, and never touch what
 * people curate (tags, lyrics, playlist types, stream links once set).
 */

/** Where synced items go and which listing owns them. */
export interface Target {
  provider: string;
  source: string;
  /** The listing (sync_scope) that may later mark these items unavailable */
  scope: string | null;
}

/** Provider fields of a song, stream or clip. */
export interface ItemFields {
  remoteId: string;
  name: string;
  linkUrl: string;
  duration: number;
  uploadedAt: Date;
  views: number;
  /** Local thumbnail file and the URL it was made from; undefined leaves the stored ones */
  thumbnail?: { file: string | null; source: string | null };
  /** Stream the item comes from, by the stream's remote id; only used when the item is new */
  stream?: { remoteId: string; timestamp: number | null } | null;
  /** Clips only */
  creatorName?: string;
  /** Songs only: the provider lets other sites embed it (the radio plays only these) */
  embeddable?: boolean;
}

export type ItemKind = 'media' | 'streams' | 'clips';
const TABLES = { media, streams, clips } as const;
const MAX_INT = 2_147_483_647;

/** The stored values a sync compares with (and the thumbnail store needs). */
export interface StoredItem {
  id: number;
  remoteId: string;
  name: string;
  source: string;
  linkUrl: string;
  duration: number;
  views: number;
  thumbnail: string | null;
  thumbnailSource: string | null;
  unavailable: boolean;
  syncScope: string | null;
  /** Songs only */
  embeddable?: boolean;
}

export async function storedItems(db: Db, kind: ItemKind, provider: string, remoteIds: string[]): Promise<Map<string, StoredItem>> {
  if (remoteIds.length === 0) return new Map();
  const t = TABLES[kind];
  const rows = await db
    .select({
      id: t.id,
      remoteId: t.remoteId,
      name: t.name,
      source: t.source,
      linkUrl: t.linkUrl,
      duration: t.duration,
      views: t.views,
      thumbnail: t.thumbnail,
      thumbnailSource: t.thumbnailSource,
      unavailable: t.unavailable,
      syncScope: t.syncScope,
      ...(kind === 'media' ? { embeddable: media.embeddable } : {}),
    })
    .from(t)
    .where(and(eq(t.provider, provider), inArray(t.remoteId, remoteIds)));
  return new Map(rows.map((r) => [r.remoteId, r]));
}

/** Ids of streams by remote id (any provider: a link names a Twitch or a YouTube video). */
export async function streamIdsByRemote(db: Db, remoteIds: string[]): Promise<Map<string, number>> {
  if (remoteIds.length === 0) return new Map();
  const rows = await db.select({ id: streams.id, remoteId: streams.remoteId }).from(streams).where(inArray(streams.remoteId, remoteIds));
  return new Map(rows.map((r) => [r.remoteId, r.id]));
}

const clampViews = (views: number) => Math.max(0, Math.min(MAX_INT, Math.round(views)));

/**
 * Writes one page of provider items: inserts the new ones, updates those whose provider fields
 * changed (or that come back after being unavailable), and marks `gone` ones (listed but private
 * or deleted) unavailable. Answers what changed: the counts, and the ids of the rows inserted or
 * changed in what lists show (catalogue.changed names them; bookkeeping alone is not a change).
 */
export async function upsertItems(
  db: Db,
  kind: ItemKind,
  target: Target,
  items: ItemFields[],
  gone: string[] = [],
): Promise<Counts & { ids: number[] }> {
  const t = TABLES[kind];
  const counts = { ...zeroCounts(), ids: [] as number[] };
  const stored = await storedItems(db, kind, target.provider, [...items.map((i) => i.remoteId), ...gone]);
  const fresh = items.filter((i) => !stored.has(i.remoteId));
  if (fresh.length > 0) {
    const linked = await streamIdsByRemote(db, [...new Set(fresh.flatMap((i) => (i.stream ? [i.stream.remoteId] : [])))]);
    const rows = fresh.map((i) => {
      const streamId = i.stream ? (linked.get(i.stream.remoteId) ?? null) : null;
      return {
        remoteId: i.remoteId,
        provider: target.provider,
        source: target.source,
        name: i.name,
        linkUrl: i.linkUrl,
        duration: i.duration,
        uploadedAt: i.uploadedAt,
        views: clampViews(i.views),
        thumbnail: i.thumbnail?.file ?? null,
        thumbnailSource: i.thumbnail?.source ?? null,
        syncScope: target.scope,
        ...(kind === 'streams' ? {} : { streamId, streamTimestamp: streamId !== null ? (i.stream?.timestamp ?? null) : null }),
        ...(kind === 'clips' ? { creatorName: i.creatorName ?? '' } : {}),
        ...(kind === 'media' && i.embeddable !== undefined ? { embeddable: i.embeddable } : {}),
      };
    });
    // Two entries of one listing can name the same item (a video twice in a playlist): insert it once.
    const unique = [...new Map(rows.map((r) => [r.remoteId, r])).values()];
    const inserted = await db
      .insert(t)
      .values(unique as (typeof t.$inferInsert)[])
      .onConflictDoNothing()
      .returning({ id: t.id });
    counts.added += unique.length;
    for (const row of inserted) counts.ids.push(row.id);
  }
  for (const item of items) {
    const row = stored.get(item.remoteId);
    if (!row) continue;
    const change: Record<string, unknown> = {};
    if (row.name !== item.name) change.name = item.name;
    // An item moved to another channel takes that channel's source.
    if (target.scope !== null && row.source !== target.source) change.source = target.source;
    if (row.linkUrl !== item.linkUrl) change.linkUrl = item.linkUrl;
    if (row.duration !== item.duration) change.duration = item.duration;
    if (row.views !== clampViews(item.views)) change.views = clampViews(item.views);
    if (row.unavailable) change.unavailable = false;
    if (kind === 'media' && item.embeddable !== undefined && row.embeddable !== item.embeddable) change.embeddable = item.embeddable;
    if (item.thumbnail && (item.thumbnail.file !== row.thumbnail || item.thumbnail.source !== row.thumbnailSource)) {
      change.thumbnail = item.thumbnail.file;
      change.thumbnailSource = item.thumbnail.source;
    }
    const visible = Object.keys(change).length > 0;
    // Taking over an item no listing owned yet (seeded, or moved between channels) is bookkeeping, not a change.
    if (target.scope !== null && row.syncScope !== target.scope) change.syncScope = target.scope;
    if (Object.keys(change).length === 0) continue;
    await db
      .update(t)
      .set({ ...change, ...(visible ? { updatedAt: new Date() } : {}) })
      .where(eq(t.id, row.id));
    if (visible) {
      counts.updated++;
      counts.ids.push(row.id);
    }
  }
  const goneIds = gone.flatMap((remoteId) => {
    const row = stored.get(remoteId);
    return row && !row.unavailable ? [row.id] : [];
  });
  if (goneIds.length > 0) {
    await db.update(t).set({ unavailable: true, updatedAt: new Date() }).where(inArray(t.id, goneIds));
    counts.unavailable += goneIds.length;
    for (const id of goneIds) counts.ids.push(id);
  }
  return counts;
}

/**
 * After a complete listing: items of that listing it no longer holds are marked unavailable
 * (never deleted: likes, edits, tags and links stay). Answers the ids of those marked.
 */
export async function markMissing(db: Db, kind: ItemKind | 'playlists', scope: string, seen: string[]): Promise<number[]> {
  const t = kind === 'playlists' ? playlists : TABLES[kind];
  if (seen.length === 0) {
    // An empty answer for a listing that had items is more likely a provider hiccup than a channel
    // emptied overnight: mark nothing, and say so.
    const [held] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(t)
      .where(and(eq(t.syncScope, scope), eq(t.unavailable, false)));
    if ((held?.n ?? 0) > 0) {
      throw new Error(
        `the provider listed nothing where ${held!.n} items were; nothing was marked unavailable (check the channel, then sync again)`,
      );
    }
    return [];
  }
  const marked = await db
    .update(t)
    .set({ unavailable: true, updatedAt: new Date() })
    // NOT IN over a subquery is a hashed anti-join however long the listing is.
    .where(and(eq(t.syncScope, scope), eq(t.unavailable, false), sql`${t.remoteId} NOT IN (SELECT unnest(${sql.param(seen)}::text[]))`))
    .returning({ id: t.id });
  return marked.map((row) => row.id);
}

/** Ids of available songs by remote id, for one provider. */
export async function songIdsByRemote(db: Db, provider: string, remoteIds: string[]): Promise<Map<string, number>> {
  if (remoteIds.length === 0) return new Map();
  const rows = await db
    .select({ id: media.id, remoteId: media.remoteId })
    .from(media)
    .where(and(eq(media.provider, provider), eq(media.unavailable, false), inArray(media.remoteId, [...new Set(remoteIds)])));
  return new Map(rows.map((r) => [r.remoteId, r.id]));
}

export interface PlaylistFields {
  remoteId: string;
  name: string;
  linkUrl: string;
  thumbnail?: { file: string | null; source: string | null };
  /** Only for a new playlist: the type and stream link it starts with */
  type: PlaylistType;
  stream: { remoteId: string } | null;
  /** When the provider says it last changed; written when the items change */
  lastUpdated: Date;
  /** Our song ids in the playlist's order */
  songIds: number[];
}

export interface PlaylistWrite {
  id: number;
  created: boolean;
  changed: boolean;
  before: number[];
}

/** Creates or updates a playlist and its ordered songs. Type and stream link of an existing playlist are kept. */
export async function writePlaylist(db: Db, target: Target, p: PlaylistFields): Promise<PlaylistWrite> {
  const [row] = await db
    .select({
      id: playlists.id,
      name: playlists.name,
      linkUrl: playlists.linkUrl,
      thumbnail: playlists.thumbnail,
      thumbnailSource: playlists.thumbnailSource,
      unavailable: playlists.unavailable,
      syncScope: playlists.syncScope,
    })
    .from(playlists)
    .where(and(eq(playlists.provider, target.provider), eq(playlists.remoteId, p.remoteId)))
    .limit(1);

  if (!row) {
    const streamId = p.stream ? ((await streamIdsByRemote(db, [p.stream.remoteId])).get(p.stream.remoteId) ?? null) : null;
    const [created] = await db
      .insert(playlists)
      .values({
        remoteId: p.remoteId,
        provider: target.provider,
        source: target.source,
        name: p.name,
        linkUrl: p.linkUrl,
        type: p.type,
        streamId,
        thumbnail: p.thumbnail?.file ?? null,
        thumbnailSource: p.thumbnail?.source ?? null,
        syncScope: target.scope,
        mediaCount: p.songIds.length,
        lastUpdated: p.lastUpdated,
      })
      .returning({ id: playlists.id });
    if (p.songIds.length > 0) {
      await db.insert(playlistItems).values(p.songIds.map((mediaId, position) => ({ playlistId: created!.id, position, mediaId })));
    }
    return { id: created!.id, created: true, changed: true, before: [] };
  }

  const before = (
    await db
      .select({ mediaId: playlistItems.mediaId })
      .from(playlistItems)
      .where(eq(playlistItems.playlistId, row.id))
      .orderBy(playlistItems.position)
  ).map((r) => r.mediaId);
  const itemsChanged = before.length !== p.songIds.length || before.some((id, i) => id !== p.songIds[i]);
  const change: Record<string, unknown> = {};
  if (row.name !== p.name) change.name = p.name;
  if (row.linkUrl !== p.linkUrl) change.linkUrl = p.linkUrl;
  if (row.unavailable) change.unavailable = false;
  if (p.thumbnail && (p.thumbnail.file !== row.thumbnail || p.thumbnail.source !== row.thumbnailSource)) {
    change.thumbnail = p.thumbnail.file;
    change.thumbnailSource = p.thumbnail.source;
  }
  if (itemsChanged) {
    change.mediaCount = p.songIds.length;
    change.lastUpdated = p.lastUpdated;
    await db.delete(playlistItems).where(eq(playlistItems.playlistId, row.id));
    if (p.songIds.length > 0) {
      await db.insert(playlistItems).values(p.songIds.map((mediaId, position) => ({ playlistId: row.id, position, mediaId })));
    }
  }
  const changed = Object.keys(change).length > 0;
  if (target.scope !== null && row.syncScope !== target.scope) change.syncScope = target.scope;
  if (Object.keys(change).length > 0) {
    await db
      .update(playlists)
      .set({ ...change, ...(changed ? { updatedAt: new Date() } : {}) })
      .where(eq(playlists.id, row.id));
  }
  return { id: row.id, created: false, changed, before };
}

/** The stored thumbnail of a playlist (for the thumbnail store's "fetched once"). */
export async function storedPlaylist(db: Db, provider: string, remoteId: string) {
  const [row] = await db
    .select({ thumbnail: playlists.thumbnail, thumbnailSource: playlists.thumbnailSource })
    .from(playlists)
    .where(and(eq(playlists.provider, provider), eq(playlists.remoteId, remoteId)))
    .limit(1);
  return row;
}
