import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type SourceKind, sourceKindOf } from '../../common/enums';
import { twitchTimestamp } from '../../common/format';
import { DEMO_ACCOUNTS, DEMO_CREDENTIAL } from '../demo/accounts';
import type { WorldPlaylist, WorldSong, WorldStream } from '../demo/world';
import type { App } from '../http/types';
import { formatIsoDuration } from '../providers/shared/durations';
import { decodeOffset, encodeOffset, faultHook, originOf, STATUS_TEXT, slice } from './common';
import { demoImage, sendItemImage } from './images';
import type { ForeignVideo, SandboxState } from './state';
import { madeUpVideo, madeUpVideoParts } from './youtube-any-video';

/**
 * YouTube Data API v3 stand-in under /sandbox/youtube: channels.list, playlists.list,
 * playlistItems.list and videos.list with the real parameters (part, id, channelId, playlistId,
 * maxResults, pageToken, key), paging, resource shapes and error bodies; and the thumbnail host
 * (i.ytimg.com/vi/<id>/<size>.jpg) under /sandbox/youtube/vi/.
 */

const PREFIX = '/sandbox/youtube';
const DAY_MS = 86_400_000;

type Query = Record<string, string | undefined>;

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

export function youtubeError(code: number, reason: string, message: string, domain = 'youtube.api') {
  return { error: { code, message, errors: [{ message, domain, reason }], status: STATUS_NAMES[code] ?? 'UNKNOWN' } };
}

function faultBody(status: number) {
  if (status === 429) return youtubeError(429, 'rateLimitExceeded', 'Too many requests. Please slow down.', 'youtube.quota');
  if (status === 403)
    return youtubeError(403, 'quotaExceeded', 'The request cannot be completed because you have exceeded your quota.', 'youtube.quota');
  if (status >= 500) return youtubeError(status, 'backendError', 'Backend Error', 'global');
  return youtubeError(status, 'badRequest', STATUS_TEXT[status] ?? 'Error', 'global');
}

const etag = (value: string) => createHash('sha1').update(value).digest('base64url').slice(0, 27);

interface Channel {
  id: string;
  title: string;
  /** Songs of this source kind are its uploads (streams for the VOD channel) */
  songs: SourceKind | null;
  streams: boolean;
  playlists: (p: WorldPlaylist) => boolean;
}

function channels(state: SandboxState): Channel[] {
  const name = state.streamerName;
  const a = DEMO_ACCOUNTS.youtube;
  const youtubeList = (p: WorldPlaylist) => p.provider === 'youtube';
  return [
    { id: a.main, title: name, songs: 'yt', streams: false, playlists: (p) => youtubeList(p) && !['album', 'community'].includes(p.type) },
    { id: a.music, title: `${name} Music`, songs: 'music', streams: false, playlists: (p) => youtubeList(p) && p.type === 'album' },
    { id: a.daily, title: `${name} Unofficial`, songs: 'daily', streams: false, playlists: () => false },
    { id: a.vod, title: `${name} VODs`, songs: null, streams: true, playlists: () => false },
    { id: a.fans, title: `${name} Fans`, songs: null, streams: false, playlists: (p) => youtubeList(p) && p.type === 'community' },
  ];
}

const uploadsIdOf = (channelId: string) => `UU${channelId.slice(2)}`;

function channelOfSong(state: SandboxState, song: WorldSong): Channel | undefined {
  const kind = sourceKindOf(song.source);
  return channels(state).find((c) => c.songs === kind);
}

function thumbnails(origin: string, imageId: string) {
  const url = (file: string) => `${origin}${PREFIX}/vi/${imageId}/${file}`;
  return {
    default: { url: url('default.jpg'), width: 120, height: 90 },
    medium: { url: url('mqdefault.jpg'), width: 320, height: 180 },
    high: { url: url('hqdefault.jpg'), width: 480, height: 360 },
  };
}

/** Songs made on a stream say so in their description, with the moment: real channels do the same. */
function songDescription(song: WorldSong): string {
  const lines = [`${song.name}, made live on stream.`];
  if (song.stream?.provider === 'twitch') {
    lines.push(`From the stream: https://www.twitch.tv/videos/${song.stream.remoteId}?t=${twitchTimestamp(song.stream.timestamp)}`);
  } else if (song.stream) {
    lines.push(`From the stream: https://www.youtube.com/watch?v=${song.stream.remoteId}&t=${song.stream.timestamp}s`);
  }
  return lines.join('\n');
}

function playlistDescription(playlist: WorldPlaylist): string {
  return playlist.streamRemoteId ? `Songs from the stream https://www.twitch.tv/videos/${playlist.streamRemoteId}` : `${playlist.name}.`;
}

/** Only the requested parts of a resource, as the API does. */
function withParts(parts: Set<string>, base: Record<string, unknown>, all: Record<string, unknown>) {
  const out: Record<string, unknown> = { ...base };
  for (const [part, value] of Object.entries(all)) if (parts.has(part)) out[part] = value;
  return out;
}

export function youtubeSandbox(app: App, state: SandboxState) {
  faultHook(app, state, 'youtube', PREFIX, faultBody);

  const fail = (reply: FastifyReply, code: number, reason: string, message: string) =>
    reply.code(code).send(youtubeError(code, reason, message));

  /** Answers an error when the key is missing or wrong; true when the request may go on. */
  function checkKey(request: FastifyRequest, reply: FastifyReply): boolean {
    const key = (request.query as Query).key;
    if (!key) {
      reply.code(403).send(youtubeError(403, 'forbidden', 'The request is missing a valid API key.', 'global'));
      return false;
    }
    if (key !== DEMO_CREDENTIAL) {
      reply.code(400).send(youtubeError(400, 'badRequest', 'API key not valid. Please pass a valid API key.', 'global'));
      return false;
    }
    return true;
  }

  function parseParts(query: Query, reply: FastifyReply): Set<string> | null {
    if (!query.part) {
      fail(reply, 400, 'required', 'Required parameter: part');
      return null;
    }
    return new Set(query.part.split(',').map((p) => p.trim()));
  }

  function pageSize(query: Query, reply: FastifyReply): number | null {
    const size = query.maxResults === undefined ? 5 : Number(query.maxResults);
    if (!Number.isInteger(size) || size < 0 || size > 50) {
      fail(reply, 400, 'invalidParameter', `Invalid value '${query.maxResults}'. Values must be within the range: [0, 50]`);
      return null;
    }
    return size;
  }

  function listResponse(kind: string, items: unknown[], total: number, size: number, nextPageToken?: string, prevPageToken?: string) {
    return {
      kind: `youtube#${kind}ListResponse`,
      etag: etag(`${kind}:${total}:${nextPageToken ?? ''}:${items.length}`),
      ...(nextPageToken ? { nextPageToken } : {}),
      ...(prevPageToken ? { prevPageToken } : {}),
      pageInfo: { totalResults: total, resultsPerPage: size },
      items,
    };
  }

  function videoResource(origin: string, parts: Set<string>, item: WorldSong | WorldStream, channel: Channel) {
    const song = 'lyrics' in item ? item : null;
    return withParts(
      parts,
      { kind: 'youtube#video', etag: etag(`${item.remoteId}:${item.name}:${item.views}`), id: item.remoteId },
      {
        snippet: {
          publishedAt: item.uploadedAt.toISOString(),
          channelId: channel.id,
          title: item.name,
          description: song ? songDescription(song) : `${item.name}: the full stream.`,
          thumbnails: thumbnails(origin, item.remoteId),
          channelTitle: channel.title,
          tags: item.tags,
          categoryId: '10',
          liveBroadcastContent: 'none',
          localized: { title: item.name, description: '' },
        },
        contentDetails: {
          duration: formatIsoDuration(item.duration),
          dimension: '2d',
          definition: 'hd',
          caption: 'false',
          licensedContent: true,
        },
        statistics: {
          viewCount: String(item.views),
          likeCount: String(Math.floor(item.views / 25)),
          favoriteCount: '0',
          commentCount: String(Math.floor(item.views / 400)),
        },
        status: {
          uploadStatus: 'processed',
          privacyStatus: 'public',
          license: 'youtube',
          embeddable: state.embeddableOf(item.remoteId),
          publicStatsViewable: true,
          madeForKids: false,
        },
      },
    );
  }

  /** Any other well-formed id: a made-up video of the wide YouTube (youtube-any-video.ts). */
  function madeUpResource(origin: string, parts: Set<string>, id: string) {
    const made = madeUpVideo(id, state.world.requests.find((r) => r.videoId === id)?.title);
    if (!made) return [];
    const video = { ...made, durationSeconds: state.durationOf(id, made.durationSeconds) };
    const all = madeUpVideoParts(video);
    return [
      withParts(
        parts,
        { kind: 'youtube#video', etag: etag(`${id}:${video.title}`), id },
        { ...all, snippet: { ...all.snippet, thumbnails: thumbnails(origin, id) } },
      ),
    ];
  }

  interface Entry {
    videoId: string;
    title: string;
    addedAt: Date;
    publishedAt: Date | null;
    channelId: string | null;
    channelTitle: string | null;
  }

  function itemResource(origin: string, parts: Set<string>, playlistId: string, owner: Channel, entry: Entry, position: number) {
    const privacy = state.privacyOf(entry.videoId);
    const hidden = privacy !== 'public';
    const title = privacy === 'private' ? 'Private video' : privacy === 'deleted' ? 'Deleted video' : entry.title;
    return withParts(
      parts,
      {
        kind: 'youtube#playlistItem',
        etag: etag(`${playlistId}:${position}:${entry.videoId}:${title}`),
        id: Buffer.from(`${playlistId}.${entry.videoId}`).toString('base64url'),
      },
      {
        snippet: {
          publishedAt: entry.addedAt.toISOString(),
          channelId: owner.id,
          title,
          description: privacy === 'private' ? 'This video is private.' : privacy === 'deleted' ? 'This video is unavailable.' : '',
          thumbnails: hidden ? {} : thumbnails(origin, entry.videoId),
          channelTitle: owner.title,
          playlistId,
          position,
          resourceId: { kind: 'youtube#video', videoId: entry.videoId },
          ...(hidden || !entry.channelId ? {} : { videoOwnerChannelTitle: entry.channelTitle, videoOwnerChannelId: entry.channelId }),
        },
        contentDetails: {
          videoId: entry.videoId,
          ...(hidden || !entry.publishedAt ? {} : { videoPublishedAt: entry.publishedAt.toISOString() }),
        },
        status: { privacyStatus: privacy === 'deleted' ? 'privacyStatusUnspecified' : privacy },
      },
    );
  }

  /** The playlist (an uploads list or a world playlist) behind an id, with its owner and entries. */
  function resolvePlaylist(playlistId: string): { owner: Channel; entries: Entry[] } | null {
    const all = channels(state);
    const uploadsOf = all.find((c) => uploadsIdOf(c.id) === playlistId);
    if (uploadsOf) {
      const items: (WorldSong | WorldStream)[] = uploadsOf.songs
        ? state.songs(uploadsOf.songs)
        : uploadsOf.streams
          ? state.streams('youtube')
          : [];
      return {
        owner: uploadsOf,
        entries: items.map((item) => ({
          videoId: item.remoteId,
          title: item.name,
          addedAt: item.uploadedAt,
          publishedAt: item.uploadedAt,
          channelId: uploadsOf.id,
          channelTitle: uploadsOf.title,
        })),
      };
    }
    const playlist = state.playlist(playlistId);
    if (playlist?.provider !== 'youtube') return null;
    const owner = all.find((c) => c.playlists(playlist));
    if (!owner) return null;
    const found = state.playlistEntries(playlist);
    return {
      owner,
      entries: found.map((entry, i) => {
        const addedAt = new Date(playlist.lastUpdated.getTime() - (found.length - 1 - i) * DAY_MS);
        if ('source' in entry) {
          const channel = channelOfSong(state, entry);
          return {
            videoId: entry.remoteId,
            title: entry.name,
            addedAt,
            publishedAt: entry.uploadedAt,
            channelId: channel?.id ?? null,
            channelTitle: channel?.title ?? null,
          };
        }
        const foreign = entry as ForeignVideo;
        return {
          videoId: foreign.remoteId,
          title: foreign.name,
          addedAt,
          publishedAt: addedAt,
          channelId: foreign.channelId,
          channelTitle: foreign.channelTitle,
        };
      }),
    };
  }

  function playlistResource(origin: string, parts: Set<string>, playlist: WorldPlaylist, owner: Channel) {
    const count = state.playlistEntries(playlist).length;
    const created = new Date(playlist.lastUpdated.getTime() - (count + 30) * DAY_MS);
    return withParts(
      parts,
      { kind: 'youtube#playlist', etag: etag(`${playlist.remoteId}:${playlist.name}:${count}`), id: playlist.remoteId },
      {
        snippet: {
          publishedAt: created.toISOString(),
          channelId: owner.id,
          title: playlist.name,
          description: playlistDescription(playlist),
          thumbnails: thumbnails(origin, playlist.remoteId),
          channelTitle: owner.title,
          localized: { title: playlist.name, description: playlistDescription(playlist) },
        },
        contentDetails: { itemCount: count },
        status: { privacyStatus: 'public' },
      },
    );
  }

  app.register(
    async (v3: App) => {
      v3.addHook('preHandler', async (request, reply) => {
        if (!checkKey(request, reply)) return reply;
      });

      v3.get('/channels', async (request, reply) => {
        const query = request.query as Query;
        const parts = parseParts(query, reply);
        if (!parts) return reply;
        if (!query.id)
          return fail(reply, 400, 'missingRequiredParameter', 'No filter selected. Expected one of: id, forHandle, forUsername, mine');
        const ids = new Set(query.id.split(','));
        const found = channels(state).filter((c) => ids.has(c.id));
        const items = found.map((c) =>
          withParts(
            parts,
            { kind: 'youtube#channel', etag: etag(c.id), id: c.id },
            {
              snippet: {
                title: c.title,
                description: '',
                customUrl: `@${c.title.replace(/\s+/g, '')}`,
                publishedAt: '2020-01-01T00:00:00Z',
              },
              contentDetails: { relatedPlaylists: { likes: '', uploads: uploadsIdOf(c.id) } },
            },
          ),
        );
        const body = listResponse('channel', items, items.length, 5);
        // Like the real API: no `items` at all when nothing matched.
        if (items.length === 0) delete (body as { items?: unknown }).items;
        return body;
      });

      v3.get('/playlists', async (request, reply) => {
        const query = request.query as Query;
        const parts = parseParts(query, reply);
        if (!parts) return reply;
        const size = pageSize(query, reply);
        if (size === null) return reply;
        const origin = originOf(request);
        let found: { playlist: WorldPlaylist; owner: Channel }[];
        if (query.id) {
          const ids = query.id.split(',');
          found = ids.flatMap((id) => {
            const playlist = state.playlist(id);
            const owner = playlist && playlist.provider === 'youtube' ? channels(state).find((c) => c.playlists(playlist)) : undefined;
            return playlist && owner ? [{ playlist, owner }] : [];
          });
        } else if (query.channelId) {
          const owner = channels(state).find((c) => c.id === query.channelId);
          if (!owner)
            return fail(reply, 404, 'channelNotFound', 'The channel specified in the <code>channelId</code> parameter cannot be found.');
          found = state.playlists(owner.playlists).map((playlist) => ({ playlist, owner }));
        } else {
          return fail(reply, 400, 'missingRequiredParameter', 'No filter selected. Expected one of: id, channelId, mine');
        }
        const offset = decodeOffset('playlists', query.pageToken);
        if (offset === null) return fail(reply, 400, 'invalidPageToken', 'The request specifies an invalid page token.');
        const { page, next } = slice(found, offset, size);
        return listResponse(
          'playlist',
          page.map(({ playlist, owner }) => playlistResource(origin, parts, playlist, owner)),
          found.length,
          size,
          next !== null ? encodeOffset('playlists', next) : undefined,
          offset > 0 ? encodeOffset('playlists', Math.max(0, offset - size)) : undefined,
        );
      });

      v3.get('/playlistItems', async (request, reply) => {
        const query = request.query as Query;
        const parts = parseParts(query, reply);
        if (!parts) return reply;
        const size = pageSize(query, reply);
        if (size === null) return reply;
        if (!query.playlistId) return fail(reply, 400, 'missingRequiredParameter', 'No filter selected. Expected one of: id, playlistId');
        const resolved = resolvePlaylist(query.playlistId);
        if (!resolved) {
          return fail(
            reply,
            404,
            'playlistNotFound',
            "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
          );
        }
        const offset = decodeOffset(`items:${query.playlistId}`, query.pageToken);
        if (offset === null) return fail(reply, 400, 'invalidPageToken', 'The request specifies an invalid page token.');
        const origin = originOf(request);
        const { page, next } = slice(resolved.entries, offset, size);
        return listResponse(
          'playlistItem',
          page.map((entry, i) => itemResource(origin, parts, query.playlistId!, resolved.owner, entry, offset + i)),
          resolved.entries.length,
          size,
          next !== null ? encodeOffset(`items:${query.playlistId}`, next) : undefined,
          offset > 0 ? encodeOffset(`items:${query.playlistId}`, Math.max(0, offset - size)) : undefined,
        );
      });

      v3.get('/videos', async (request, reply) => {
        const query = request.query as Query;
        const parts = parseParts(query, reply);
        if (!parts) return reply;
        if (!query.id) return fail(reply, 400, 'missingRequiredParameter', 'No filter selected. Expected one of: id, chart, myRating');
        const ids = query.id.split(',').filter(Boolean);
        if (ids.length > 50) return fail(reply, 400, 'invalidParameter', 'Too many ids: at most 50 per request.');
        const origin = originOf(request);
        const items = ids.flatMap((id) => {
          // Private and deleted videos are not returned to an API key, as on YouTube.
          if (!state.isVisible(id)) return [];
          const song = state.song(id);
          if (song && song.provider === 'youtube') {
            const channel = channelOfSong(state, song);
            return channel ? [videoResource(origin, parts, song, channel)] : [];
          }
          const stream = state.stream(id);
          if (stream && stream.provider === 'youtube') {
            const channel = channels(state).find((c) => c.streams)!;
            return [videoResource(origin, parts, stream, channel)];
          }
          return song || stream ? [] : madeUpResource(origin, parts, id);
        });
        return listResponse('video', items, items.length, items.length);
      });
    },
    { prefix: '/v3' },
  );

  // i.ytimg.com: /vi/<video or playlist id>/<default|mqdefault|hqdefault>.jpg
  app.get('/vi/:id/:file', async (request, reply) => {
    const { id } = request.params as { id: string };
    const madeUp = state.image(id) ? null : madeUpVideo(id);
    if (madeUp)
      return reply
        .header('cache-control', 'public, max-age=86400')
        .type('image/jpeg')
        .send(await demoImage('media', madeUp.thumbnailFile));
    return sendItemImage(state, id, reply);
  });
}
