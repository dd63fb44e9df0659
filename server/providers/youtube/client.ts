import { z } from 'zod';
import { parseIsoDuration } from '../shared/durations';
import { createHttp, type HttpOptions, ProviderError } from '../shared/http';
import { parsePlaylistId, parseVideoId } from './urls';

/**
 * YouTube Data API v3 with an API key: channels.list (uploads playlist), playlists.list,
 * playlistItems.list and videos.list, following nextPageToken to the end.
 */

export type Privacy = 'public' | 'unlisted' | 'private' | 'deleted';

/** What videos and playlists share: who published them and when, their title and thumbnail. */
export interface YouTubePublished {
  id: string;
  title: string;
  description: string;
  channelId: string;
  channelTitle: string;
  publishedAt: Date;
  thumbnailUrl: string | null;
  privacy: Privacy;
}

export interface YouTubeVideo extends YouTubePublished {
  durationSeconds: number;
  views: number;
  /** none, live or upcoming */
  liveBroadcastContent: string;
  /** Other sites may play it in the embedded player (status.embeddable; absent means yes) */
  embeddable: boolean;
}

export interface YouTubePlaylistItem {
  videoId: string;
  position: number;
  title: string;
  /** When the video was added to the playlist */
  addedAt: Date;
  privacy: Privacy;
  /** Channel that owns the video (absent for private and deleted videos) */
  ownerChannelId: string | null;
}

export interface YouTubePlaylist extends YouTubePublished {
  itemCount: number;
}

const thumbnails = z
  .record(z.string(), z.object({ url: z.string(), width: z.number().optional(), height: z.number().optional() }))
  .optional();

const privacyStatus = z
  .string()
  .optional()
  .transform((v): Privacy => (v === 'public' || v === 'unlisted' || v === 'private' ? v : v === undefined ? 'public' : 'deleted'));

const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item).default([]),
    nextPageToken: z.string().optional(),
    pageInfo: z.object({ totalResults: z.number().optional(), resultsPerPage: z.number().optional() }).optional(),
  });

const channelSchema = z.object({
  id: z.string(),
  contentDetails: z.object({ relatedPlaylists: z.object({ uploads: z.string() }) }),
});

/** The snippet of what a channel publishes (videos, playlists): who, when, title and thumbnails. */
const publishedSnippet = z.object({
  publishedAt: z.string(),
  channelId: z.string(),
  title: z.string(),
  description: z.string().default(''),
  channelTitle: z.string().default(''),
  thumbnails,
});

const playlistSchema = z.object({
  id: z.string(),
  snippet: publishedSnippet,
  contentDetails: z.object({ itemCount: z.number().int() }).optional(),
  status: z.object({ privacyStatus }).optional(),
});

const playlistItemSchema = z.object({
  snippet: z.object({
    publishedAt: z.string(),
    title: z.string(),
    position: z.number().int(),
    resourceId: z.object({ kind: z.string(), videoId: z.string() }),
    videoOwnerChannelId: z.string().optional(),
  }),
  status: z.object({ privacyStatus }).optional(),
});

const videoSchema = z.object({
  id: z.string(),
  snippet: publishedSnippet.extend({ liveBroadcastContent: z.string().default('none') }),
  contentDetails: z.object({ duration: z.string() }),
  statistics: z.object({ viewCount: z.string().optional() }).default({}),
  status: z.object({ privacyStatus, embeddable: z.boolean().optional() }),
});

/** The 320x180 "medium" size first (what we show), then larger ones to scale down. */
function bestThumbnail(t: z.output<typeof thumbnails>): string | null {
  if (!t) return null;
  return (t.medium ?? t.high ?? t.standard ?? t.maxres ?? t.default)?.url ?? null;
}

export function describeYouTubeError(body: unknown): { reason?: string; message?: string } {
  const error = (body as { error?: { message?: string; errors?: { reason?: string }[] } })?.error;
  return { reason: error?.errors?.[0]?.reason, message: error?.message };
}

export interface YouTubeOptions {
  apiKey: string;
  /** Items per page (the API allows 1 to 50) */
  pageSize?: number;
  http: Omit<HttpOptions, 'provider' | 'describeError'>;
}

export type YouTubeClient = ReturnType<typeof createYouTubeClient>;

export function createYouTubeClient(options: YouTubeOptions) {
  const http = createHttp({ ...options.http, provider: 'youtube', describeError: describeYouTubeError });
  const pageSize = Math.min(50, Math.max(1, options.pageSize ?? 50));
  const get = <S extends z.ZodType>(path: string, schema: S, query: Record<string, string | number | undefined>) =>
    http.json(path, schema, { query: { ...query, key: options.apiKey } });

  /** The items of a list endpoint, one page at a time, following nextPageToken to the last page. */
  async function* pages<S extends z.ZodType>(path: string, item: S, query: Record<string, string>): AsyncGenerator<z.output<S>[]> {
    let pageToken: string | undefined;
    do {
      const page = await get(path, listOf(item), { ...query, maxResults: pageSize, pageToken });
      yield page.items;
      pageToken = page.nextPageToken;
    } while (pageToken);
  }

  const toDate = (value: string) => {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) throw new ProviderError('youtube', 200, `YouTube sent an unreadable date "${value}"`);
    return date;
  };

  function toPublished(id: string, snippet: z.output<typeof publishedSnippet>, privacy: Privacy): YouTubePublished {
    return {
      id,
      title: snippet.title,
      description: snippet.description,
      channelId: snippet.channelId,
      channelTitle: snippet.channelTitle,
      publishedAt: toDate(snippet.publishedAt),
      thumbnailUrl: bestThumbnail(snippet.thumbnails),
      privacy,
    };
  }

  function toVideo(v: z.output<typeof videoSchema>): YouTubeVideo {
    const duration = parseIsoDuration(v.contentDetails.duration);
    if (duration === null)
      throw new ProviderError('youtube', 200, `YouTube sent an unreadable duration "${v.contentDetails.duration}" for ${v.id}`);
    return {
      ...toPublished(v.id, v.snippet, v.status.privacyStatus),
      durationSeconds: duration,
      views: Number(v.statistics.viewCount ?? 0),
      liveBroadcastContent: v.snippet.liveBroadcastContent,
      embeddable: v.status.embeddable ?? true,
    };
  }

  function toPlaylist(p: z.output<typeof playlistSchema>): YouTubePlaylist {
    return { ...toPublished(p.id, p.snippet, p.status?.privacyStatus ?? 'public'), itemCount: p.contentDetails?.itemCount ?? 0 };
  }

  /** Details of up to 50 videos per call; videos that are private or deleted are simply absent. */
  async function videos(ids: string[]): Promise<YouTubeVideo[]> {
    const out: YouTubeVideo[] = [];
    for (let i = 0; i < ids.length; i += 50) {
      const chunk = ids.slice(i, i + 50);
      const page = await get('/videos', listOf(videoSchema), {
        part: 'snippet,contentDetails,statistics,status',
        id: chunk.join(','),
        maxResults: 50,
      });
      out.push(...page.items.map(toVideo));
    }
    return out;
  }

  /** One video, or null when it does not exist or is not public. */
  async function video(id: string): Promise<YouTubeVideo | null> {
    const [found] = await videos([id]);
    return found ?? null;
  }

  /** One playlist by id, or null when it does not exist or is private. */
  async function playlist(id: string): Promise<YouTubePlaylist | null> {
    const page = await get('/playlists', listOf(playlistSchema), { part: 'snippet,contentDetails,status', id, maxResults: 1 });
    const found = page.items[0];
    return found ? toPlaylist(found) : null;
  }

  return {
    /** The playlist holding every upload of a channel. */
    async uploadsPlaylistId(channelId: string): Promise<string> {
      const page = await get('/channels', listOf(channelSchema), { part: 'contentDetails', id: channelId });
      const channel = page.items[0];
      if (!channel) throw new ProviderError('youtube', 404, `YouTube has no channel ${channelId}`, { reason: 'channelNotFound' });
      return channel.contentDetails.relatedPlaylists.uploads;
    },

    /** The items of a playlist in order, one page at a time, to the last page. */
    async *playlistItems(playlistId: string): AsyncGenerator<YouTubePlaylistItem[]> {
      for await (const items of pages('/playlistItems', playlistItemSchema, { part: 'snippet,status', playlistId })) {
        yield items
          .filter((item) => item.snippet.resourceId.kind === 'youtube#video')
          .map((item) => ({
            videoId: item.snippet.resourceId.videoId,
            position: item.snippet.position,
            title: item.snippet.title,
            addedAt: toDate(item.snippet.publishedAt),
            privacy: item.status?.privacyStatus ?? 'public',
            ownerChannelId: item.snippet.videoOwnerChannelId ?? null,
          }));
      }
    },

    videos,

    video,

    /** A channel's playlists, one page at a time, to the last page. */
    async *channelPlaylists(channelId: string): AsyncGenerator<YouTubePlaylist[]> {
      for await (const items of pages('/playlists', playlistSchema, { part: 'snippet,contentDetails,status', channelId })) {
        yield items.map(toPlaylist);
      }
    },

    /** A video by the link people paste (watch, youtu.be, shorts, embed) or its id; null when the link names none or it is not public. */
    async videoByUrl(url: string): Promise<YouTubeVideo | null> {
      const id = parseVideoId(url);
      return id ? video(id) : null;
    },

    /** A playlist by its link (a list= parameter) or id; null when the link names none or it is not public. */
    async playlistByUrl(url: string): Promise<YouTubePlaylist | null> {
      const id = parsePlaylistId(url);
      return id ? playlist(id) : null;
    },

    playlist,
  };
}
