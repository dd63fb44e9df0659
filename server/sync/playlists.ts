import { type PlaylistType, type SourceKind, sourceValue } from '../../common/enums';
import type { Db } from '../db/client';
import { badRequest, notFound } from '../http/errors';
import type { SoundCloudClient } from '../providers/soundcloud/client';
import type { YouTubeClient, YouTubePlaylist, YouTubePlaylistItem } from '../providers/youtube/client';
import { parsePlaylistId, playlistUrl, videoUrl } from '../providers/youtube/urls';
import { streamLinksIn } from './links';
import {
  markMissing,
  type PlaylistFields,
  type PlaylistWrite,
  songIdsByRemote,
  storedPlaylist,
  type Target,
  upsertItems,
  writePlaylist,
} from './queries';
import type { ChangedRows, ImportReport, SectionReport } from './report';
import type { ThumbnailStore } from './thumbnails';

/** Channel playlists (YouTube, SoundCloud) with their ordered songs, and playlist import by URL. */

export interface PlaylistContext {
  db: Db;
  streamerKey: string;
  thumbnails: ThumbnailStore | null;
  /** Our YouTube song channels (main, music, daily) and the source their songs get */
  channels: Map<string, SourceKind>;
  /** Where the ids of the rows written are noted, for catalogue.changed */
  changed: ChangedRows;
}

/** A channel's role decides new playlists' type: the music channel's are albums. */
export type ChannelRole = 'main' | 'music' | 'daily' | 'vod';

function inferType(title: string, description: string, album: boolean): PlaylistType {
  if (album) return 'album';
  if (/^best\b|\bbest of\b/i.test(title)) return 'best_of';
  if (streamLinksIn(description).length > 0) return 'stream';
  return 'other';
}

async function allItems(youtube: YouTubeClient, playlistId: string): Promise<YouTubePlaylistItem[]> {
  const out: YouTubePlaylistItem[] = [];
  for await (const page of youtube.playlistItems(playlistId)) out.push(...page);
  return out.sort((a, b) => a.position - b.position);
}

async function thumbnailOf(ctx: PlaylistContext, provider: string, remoteId: string, source: string | null) {
  if (!ctx.thumbnails) return undefined;
  const stored = await storedPlaylist(ctx.db, provider, remoteId);
  return ctx.thumbnails.ensure('playlists', remoteId, source, stored);
}

/** Latest moment an entry was added, else when the playlist was made. */
function lastChange(playlist: YouTubePlaylist, items: YouTubePlaylistItem[]): Date {
  const latest = Math.max(playlist.publishedAt.getTime(), ...items.map((item) => item.addedAt.getTime()));
  return new Date(latest);
}

/**
 * The playlists of one YouTube channel. Playlists holding none of the streamer's songs are left
 * out; one that fails to read is reported and left as it was; once the channel's list of playlists
 * is complete, its playlists that are gone are marked unavailable.
 */
export async function syncYouTubePlaylists(
  ctx: PlaylistContext,
  youtube: YouTubeClient,
  channelId: string,
  role: ChannelRole,
  section: SectionReport,
): Promise<void> {
  const scope = `youtube:playlists:${channelId}`;
  const target: Target = {
    provider: 'youtube',
    source: sourceValue(ctx.streamerKey, role === 'main' ? 'yt' : role === 'music' ? 'music' : 'daily'),
    scope,
  };
  const found: YouTubePlaylist[] = [];
  for await (const page of youtube.channelPlaylists(channelId)) found.push(...page.filter((p) => p.privacy === 'public'));
  const failures: string[] = [];
  const seen: string[] = [];
  for (const playlist of found) {
    section.seen++;
    let items: YouTubePlaylistItem[];
    try {
      items = await allItems(youtube, playlist.id);
    } catch (error) {
      // Left as it was; it still counts as present so it is not marked unavailable.
      seen.push(playlist.id);
      failures.push(`${playlist.title}: ${(error as Error).message}`);
      continue;
    }
    const songs = await songIdsByRemote(
      ctx.db,
      'youtube',
      items.filter((i) => i.privacy === 'public' || i.privacy === 'unlisted').map((i) => i.videoId),
    );
    const songIds = items.flatMap((i) =>
      (i.privacy === 'public' || i.privacy === 'unlisted') && songs.has(i.videoId) ? [songs.get(i.videoId)!] : [],
    );
    const exists = (await storedPlaylist(ctx.db, 'youtube', playlist.id)) !== undefined;
    if (songIds.length === 0 && !exists) continue;
    seen.push(playlist.id);
    const link = streamLinksIn(playlist.description)[0];
    const fields: PlaylistFields = {
      remoteId: playlist.id,
      name: playlist.title,
      linkUrl: playlistUrl(playlist.id),
      thumbnail: await thumbnailOf(ctx, 'youtube', playlist.id, playlist.thumbnailUrl),
      type: inferType(playlist.title, playlist.description, role === 'music'),
      stream: link ? { remoteId: link.remoteId } : null,
      lastUpdated: lastChange(playlist, items),
      songIds,
    };
    const written = await ctx.db.transaction((tx) => writePlaylist(tx as unknown as Db, target, fields));
    countWrite(ctx, section, written);
  }
  section.complete = true;
  markedMissing(ctx, section, await markMissing(ctx.db, 'playlists', scope, seen));
  if (failures.length > 0) throw new Error(`${failures.length} playlist(s) not read: ${failures.join('; ')}`);
}

/** The SoundCloud playlists (sets, albums) of the streamer's account, with their tracks in order. */
export async function syncSoundCloudPlaylists(ctx: PlaylistContext, soundcloud: SoundCloudClient, userId: string, section: SectionReport) {
  const scope = `soundcloud:playlists:${userId}`;
  const target: Target = { provider: 'sound_cloud', source: sourceValue(ctx.streamerKey, 'sc'), scope };
  const found = [];
  for await (const page of soundcloud.userPlaylists(userId)) found.push(...page.filter((p) => p.sharing === 'public'));
  const seen: string[] = [];
  for (const playlist of found) {
    section.seen++;
    const trackIds: string[] = [];
    for await (const page of soundcloud.playlistTracks(playlist.urn)) trackIds.push(...page.map((t) => t.id));
    const songs = await songIdsByRemote(ctx.db, 'sound_cloud', trackIds);
    const songIds = trackIds.flatMap((id) => (songs.has(id) ? [songs.get(id)!] : []));
    const exists = (await storedPlaylist(ctx.db, 'sound_cloud', playlist.id)) !== undefined;
    if (songIds.length === 0 && !exists) continue;
    seen.push(playlist.id);
    const thumbnail = await thumbnailOf(ctx, 'sound_cloud', playlist.id, playlist.artworkUrl);
    const written = await ctx.db.transaction((tx) =>
      writePlaylist(tx as unknown as Db, target, {
        remoteId: playlist.id,
        name: playlist.title,
        linkUrl: playlist.permalinkUrl,
        thumbnail,
        type: ['album', 'ep', 'compilation'].includes(playlist.playlistType) ? 'album' : 'other',
        stream: null,
        lastUpdated: playlist.lastModified,
        songIds,
      }),
    );
    countWrite(ctx, section, written);
  }
  section.complete = true;
  markedMissing(ctx, section, await markMissing(ctx.db, 'playlists', scope, seen));
}

/** A playlist written: counted in its section, and noted for catalogue.changed if anything shown changed. */
function countWrite(ctx: PlaylistContext, section: SectionReport, written: PlaylistWrite) {
  if (written.created) section.added++;
  else if (written.changed) section.updated++;
  if (written.created || written.changed) ctx.changed.add('playlists', [written.id]);
}

function markedMissing(ctx: PlaylistContext, section: SectionReport, ids: number[]) {
  section.unavailable += ids.length;
  ctx.changed.add('playlists', ids);
}

/** How the import counts: entries of the new list against the songs the playlist had. */
function compare(before: number[], after: number[]) {
  const left = new Map<number, number>();
  for (const id of before) left.set(id, (left.get(id) ?? 0) + 1);
  let kept = 0;
  for (const id of after) {
    const n = left.get(id) ?? 0;
    if (n > 0) {
      kept++;
      left.set(id, n - 1);
    }
  }
  return { added: after.length - kept, kept, removed: before.length - kept };
}

/**
 * Imports (or refreshes) a public YouTube playlist by URL or id: keeps the streamer's songs in the
 * playlist's order, and skips everything else. Songs of our channels that the catalogue does not
 * have yet are fetched and added first. A new playlist gets `type`; an existing one keeps its own.
 */
export async function importYouTubePlaylist(
  ctx: PlaylistContext,
  youtube: YouTubeClient,
  ref: string,
  type: PlaylistType,
): Promise<ImportReport> {
  const id = parsePlaylistId(ref);
  if (!id) throw badRequest('That is not a YouTube playlist link (it needs a list= parameter) or playlist id');
  const playlist = await youtube.playlist(id);
  if (playlist?.privacy !== 'public') throw notFound('No public YouTube playlist was found at that link');
  const items = await allItems(youtube, id);
  const listed = items.filter((i) => i.privacy === 'public' || i.privacy === 'unlisted');

  // The streamer's videos we do not have yet (uploaded since the last sync): add them now.
  const known = await songIdsByRemote(
    ctx.db,
    'youtube',
    listed.map((i) => i.videoId),
  );
  const missing = listed.filter((i) => !known.has(i.videoId) && i.ownerChannelId !== null && ctx.channels.has(i.ownerChannelId));
  if (missing.length > 0) {
    const videos = await youtube.videos([...new Set(missing.map((i) => i.videoId))]);
    for (const [channelId, sourceKind] of ctx.channels) {
      const own = videos.filter((v) => v.channelId === channelId && v.privacy !== 'private');
      if (own.length === 0) continue;
      const thumbs = ctx.thumbnails
        ? await ctx.thumbnails.ensureAll(
            'media',
            own.map((v) => ({ remoteId: v.id, source: v.thumbnailUrl })),
          )
        : null;
      const written = await ctx.db.transaction((tx) =>
        upsertItems(
          tx as unknown as Db,
          'media',
          { provider: 'youtube', source: sourceValue(ctx.streamerKey, sourceKind), scope: `youtube:uploads:${channelId}` },
          own.map((v) => ({
            remoteId: v.id,
            name: v.title,
            linkUrl: videoUrl(v.id),
            duration: v.durationSeconds,
            uploadedAt: v.publishedAt,
            views: v.views,
            thumbnail: thumbs?.get(v.id),
            stream: streamLinksIn(v.description)[0] ?? null,
            embeddable: v.embeddable,
          })),
        ),
      );
      ctx.changed.add('media', written.ids);
    }
  }
  const songs = await songIdsByRemote(
    ctx.db,
    'youtube',
    listed.map((i) => i.videoId),
  );
  const songIds = listed.flatMap((i) => (songs.has(i.videoId) ? [songs.get(i.videoId)!] : []));
  const link = streamLinksIn(playlist.description)[0];
  const thumbnail = await thumbnailOf(ctx, 'youtube', playlist.id, playlist.thumbnailUrl);
  const written = await ctx.db.transaction((tx) =>
    writePlaylist(
      tx as unknown as Db,
      { provider: 'youtube', source: sourceValue(ctx.streamerKey, 'yt'), scope: null },
      {
        remoteId: playlist.id,
        name: playlist.title,
        linkUrl: playlistUrl(playlist.id),
        thumbnail,
        type,
        stream: link ? { remoteId: link.remoteId } : null,
        lastUpdated: lastChange(playlist, items),
        songIds,
      },
    ),
  );
  if (written.created || written.changed) ctx.changed.add('playlists', [written.id]);
  const counts = compare(written.before, songIds);
  return {
    id: written.id,
    remoteId: playlist.id,
    name: playlist.title,
    created: written.created,
    ...counts,
    skipped: items.length - songIds.length,
  };
}
