import { z } from 'zod';
import { parseTwitchDuration } from '../shared/durations';
import { cachedToken, createHttp, type HttpOptions, ProviderError } from '../shared/http';

/**
 * Twitch Helix with an app access token (client credentials at id.twitch.tv/oauth2/token): users,
 * archived videos and clips following `pagination.cursor`, and the live stream. Over its rate limit
 * Helix answers 429 with Ratelimit-Reset, not Retry-After: the retry waits for it (twitchRateLimitWait).
 */

export interface TwitchUser {
  id: string;
  login: string;
  displayName: string;
}

export interface TwitchVideo {
  id: string;
  title: string;
  createdAt: Date;
  durationSeconds: number;
  views: number;
  url: string;
  /** Sized 320x180; null while Twitch is still processing the video */
  thumbnailUrl: string | null;
  viewable: string;
}

export interface TwitchClip {
  id: string;
  url: string;
  title: string;
  creatorName: string;
  createdAt: Date;
  durationSeconds: number;
  views: number;
  thumbnailUrl: string | null;
  /** The archived video the clip was cut from, when Twitch still has it */
  videoId: string | null;
  /** Seconds into that video */
  vodOffset: number | null;
}

export interface TwitchStream {
  id: string;
  title: string;
  startedAt: Date;
  viewers: number;
}

const page = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), pagination: z.object({ cursor: z.string().optional() }).partial().optional() });

const userSchema = z.object({ id: z.string(), login: z.string(), display_name: z.string() });

const videoSchema = z.object({
  id: z.string(),
  title: z.string(),
  created_at: z.string(),
  url: z.string(),
  thumbnail_url: z.string(),
  viewable: z.string().default('public'),
  view_count: z.number(),
  type: z.string(),
  duration: z.string(),
});

const clipSchema = z.object({
  id: z.string(),
  url: z.string(),
  title: z.string(),
  creator_name: z.string(),
  created_at: z.string(),
  duration: z.number(),
  view_count: z.number(),
  thumbnail_url: z.string(),
  video_id: z.string().default(''),
  vod_offset: z.number().nullish(),
});

const streamSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  started_at: z.string(),
  viewer_count: z.number(),
});

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number(), token_type: z.string().optional() });

export function describeTwitchError(body: unknown): { reason?: string; message?: string } {
  const b = body as { error?: string; message?: string };
  return { reason: b?.error, message: b?.message };
}

/** Video thumbnails are templates: %{width}x%{height} (videos) or {width}x{height} (streams). */
function sized(template: string): string | null {
  if (!template) return null;
  return template.replace('%{width}', '320').replace('%{height}', '180').replace('{width}', '320').replace('{height}', '180');
}

function toDate(value: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new ProviderError('twitch', 200, `Twitch sent an unreadable date "${value}"`);
  return date;
}

/** Helix's bucket refills within a minute; a reset further away is our clock behind Twitch's, waited for a minute at most. */
export const MAX_RATE_LIMIT_WAIT_MS = 60_000;

/**
 * The wait a 429 of Helix asks for: until Ratelimit-Reset (epoch seconds), when the bucket is empty
 * (Ratelimit-Remaining 0 or absent), as Twitch's API guide says and twurple's HelixRateLimiter does.
 * Null (the backoff decides) for other answers, and for a reset already past by our clock.
 */
export function twitchRateLimitWait(res: Response, now: number): number | null {
  const reset = res.headers.get('ratelimit-reset');
  const remaining = res.headers.get('ratelimit-remaining');
  if (res.status !== 429 || reset === null || !/^\d+$/.test(reset.trim())) return null;
  if (remaining !== null && Number(remaining) > 0) return null;
  const wait = Number(reset) * 1000 - now;
  return wait > 0 ? Math.min(wait, MAX_RATE_LIMIT_WAIT_MS) : null;
}

export interface TwitchOptions {
  clientId: string;
  clientSecret: string;
  /** The OAuth host path (https://id.twitch.tv/oauth2), no trailing slash */
  authBaseUrl: string;
  /** Items per page (Helix allows up to 100) */
  pageSize?: number;
  http: Omit<HttpOptions, 'provider' | 'describeError'>;
}

export type TwitchClient = ReturnType<typeof createTwitchClient>;

export function createTwitchClient(options: TwitchOptions) {
  const helix = createHttp({ ...options.http, provider: 'twitch', describeError: describeTwitchError, askedWait: twitchRateLimitWait });
  const auth = createHttp({ ...options.http, baseUrl: options.authBaseUrl, provider: 'twitch', describeError: describeTwitchError });
  const pageSize = Math.min(100, Math.max(1, options.pageSize ?? 100));

  const tokens = cachedToken(async () => {
    const body = await auth.json('/token', tokenSchema, {
      method: 'POST',
      form: { client_id: options.clientId, client_secret: options.clientSecret, grant_type: 'client_credentials' },
    });
    return { token: body.access_token, expiresInSeconds: body.expires_in };
  });
  const authed = {
    tokens,
    header: (token: string) => ({ authorization: `Bearer ${token}`, 'client-id': options.clientId }),
  };

  const get = <S extends z.ZodType>(path: string, schema: S, query: Record<string, string | number | undefined>) =>
    helix.json(path, schema, { query, auth: authed });

  async function* paged<S extends z.ZodType>(path: string, item: S, query: Record<string, string>): AsyncGenerator<z.output<S>[]> {
    let after: string | undefined;
    do {
      const body = await get(path, page(item), { ...query, first: pageSize, after });
      yield body.data;
      // Helix answers an empty page with a cursor at times; an empty page is the end.
      after = body.data.length > 0 ? body.pagination?.cursor || undefined : undefined;
    } while (after);
  }

  return {
    tokens,

    async user(login: string): Promise<TwitchUser | null> {
      const body = await get('/users', page(userSchema), { login });
      const user = body.data[0];
      return user ? { id: user.id, login: user.login, displayName: user.display_name } : null;
    },

    /** Past broadcasts (type archive) of a user, newest first, one page at a time, to the end. */
    async *archiveVideos(userId: string): AsyncGenerator<TwitchVideo[]> {
      for await (const data of paged('/videos', videoSchema, { user_id: userId, type: 'archive', sort: 'time' })) {
        yield data.map((v) => {
          const duration = parseTwitchDuration(v.duration);
          if (duration === null)
            throw new ProviderError('twitch', 200, `Twitch sent an unreadable duration "${v.duration}" for video ${v.id}`);
          return {
            id: v.id,
            title: v.title,
            createdAt: toDate(v.created_at),
            durationSeconds: duration,
            views: v.view_count,
            url: v.url,
            thumbnailUrl: sized(v.thumbnail_url),
            viewable: v.viewable,
          };
        });
      }
    },

    async *clips(broadcasterId: string): AsyncGenerator<TwitchClip[]> {
      for await (const data of paged('/clips', clipSchema, { broadcaster_id: broadcasterId })) {
        yield data.map((c) => ({
          id: c.id,
          url: c.url,
          title: c.title,
          creatorName: c.creator_name,
          createdAt: toDate(c.created_at),
          durationSeconds: Math.round(c.duration),
          views: c.view_count,
          thumbnailUrl: c.thumbnail_url || null,
          videoId: c.video_id || null,
          vodOffset: c.vod_offset ?? null,
        }));
      }
    },

    /** The live stream of a channel, or null when it is offline. */
    async liveStream(login: string): Promise<TwitchStream | null> {
      const body = await get('/streams', page(streamSchema), { user_login: login, type: 'live' });
      const stream = body.data[0];
      return stream ? { id: stream.id, title: stream.title, startedAt: toDate(stream.started_at), viewers: stream.viewer_count } : null;
    },
  };
}
