import { z } from 'zod';
import { cachedToken, createHttp, type HttpOptions, ProviderError } from '../shared/http';

/**
 * SoundCloud API with an app token (OAuth 2.1 client credentials at the auth host, renewed with its
 * refresh token): a user's tracks and playlists and a playlist's tracks, with linked partitioning
 * (`collection` + `next_href`, followed until absent).
 */

export interface SoundCloudTrack {
  id: string;
  title: string;
  durationSeconds: number;
  createdAt: Date;
  permalinkUrl: string;
  artworkUrl: string | null;
  plays: number;
  /** playable, preview or blocked */
  access: string;
  sharing: string;
  /** Other sites may play it in the widget (embeddable_by 'all'; 'me' and 'none' keep it on SoundCloud) */
  embeddable: boolean;
}

export interface SoundCloudPlaylist {
  id: string;
  title: string;
  permalinkUrl: string;
  artworkUrl: string | null;
  createdAt: Date;
  lastModified: Date;
  trackCount: number;
  /** album, ep, compilation, single ... or empty for a plain playlist */
  playlistType: string;
  sharing: string;
}

const trackSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  title: z.string(),
  duration: z.number(),
  created_at: z.string(),
  permalink_url: z.string(),
  artwork_url: z.string().nullish(),
  playback_count: z.number().nullish(),
  access: z.string().nullish(),
  sharing: z.string().nullish(),
  embeddable_by: z.string().nullish(),
});

const playlistSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  title: z.string(),
  permalink_url: z.string(),
  artwork_url: z.string().nullish(),
  created_at: z.string(),
  last_modified: z.string().nullish(),
  track_count: z.number().int().nullish(),
  playlist_type: z.string().nullish(),
  set_type: z.string().nullish(),
  sharing: z.string().nullish(),
});

const collectionOf = <T extends z.ZodType>(item: T) => z.object({ collection: z.array(item), next_href: z.string().nullish() });

const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().optional(),
  refresh_token: z.string().nullish(),
});

/** SoundCloud writes dates as "2013/03/24 18:21:19 +0000" (and sometimes ISO 8601). */
export function parseSoundCloudDate(value: string): Date {
  const m = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}:\d{2}:\d{2}) ([+-]\d{2})(\d{2})$/.exec(value.trim());
  const date = new Date(m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}${m[5]}:${m[6]}` : value);
  if (Number.isNaN(date.getTime())) throw new ProviderError('soundcloud', 200, `SoundCloud sent an unreadable date "${value}"`);
  return date;
}

/** Artwork URLs name a size; "large" is 100x100, t500x500 is the one worth scaling down. */
function artwork(url: string | null | undefined): string | null {
  return url ? url.replace(/-large(\.\w+)$/, '-t500x500$1') : null;
}

export function describeSoundCloudError(body: unknown): { reason?: string; message?: string } {
  const b = body as { error?: string | null; error_description?: string; message?: string; errors?: { error_message?: string }[] };
  return {
    reason: typeof b?.error === 'string' ? b.error : undefined,
    message: b?.error_description || b?.message || b?.errors?.[0]?.error_message || undefined,
  };
}

export interface SoundCloudOptions {
  clientId: string;
  clientSecret: string;
  /** The token host (https://secure.soundcloud.com), no trailing slash */
  authBaseUrl: string;
  /** Items per page (the API allows up to 200) */
  pageSize?: number;
  http: Omit<HttpOptions, 'provider' | 'describeError'>;
}

export type SoundCloudClient = ReturnType<typeof createSoundCloudClient>;

export function createSoundCloudClient(options: SoundCloudOptions) {
  const api = createHttp({ ...options.http, provider: 'soundcloud', describeError: describeSoundCloudError });
  const auth = createHttp({
    ...options.http,
    baseUrl: options.authBaseUrl,
    provider: 'soundcloud',
    describeError: describeSoundCloudError,
  });
  const pageSize = Math.min(200, Math.max(1, options.pageSize ?? 100));
  const apiOrigin = new URL(options.http.baseUrl).origin;
  const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
  let refreshToken: string | null = null;

  async function grant(form: Record<string, string>) {
    const body = await auth.json('/oauth/token', tokenSchema, { method: 'POST', headers: { authorization: basic }, form });
    refreshToken = body.refresh_token ?? null;
    return { token: body.access_token, expiresInSeconds: body.expires_in ?? 3600 };
  }

  const tokens = cachedToken(async () => {
    // Client-credential grants are rationed per app; renew with the refresh token while it works.
    if (refreshToken) {
      try {
        return await grant({ grant_type: 'refresh_token', refresh_token: refreshToken });
      } catch (error) {
        if (!(error instanceof ProviderError) || error.status === null || error.status >= 500) throw error;
        refreshToken = null;
      }
    }
    return grant({ grant_type: 'client_credentials' });
  });
  const authed = { tokens, header: (token: string) => ({ authorization: `OAuth ${token}` }) };

  async function* pages<S extends z.ZodType>(path: string, item: S, query: Record<string, string | number>): AsyncGenerator<z.output<S>[]> {
    let next: string | null | undefined = path;
    let first = true;
    while (next) {
      if (!first && new URL(next).origin !== apiOrigin) {
        throw new ProviderError(
          'soundcloud',
          200,
          `SoundCloud sent a next page on another host (${new URL(next).origin}); refusing to follow it`,
        );
      }
      const page: { collection: z.output<S>[]; next_href?: string | null } = await api.json(next, collectionOf(item), {
        query: first ? { ...query, linked_partitioning: 'true', limit: pageSize } : undefined,
        auth: authed,
      });
      first = false;
      yield page.collection;
      next = page.next_href;
    }
  }

  const toTrack = (t: z.output<typeof trackSchema>): SoundCloudTrack => ({
    id: t.id,
    title: t.title,
    durationSeconds: Math.round(t.duration / 1000),
    createdAt: parseSoundCloudDate(t.created_at),
    permalinkUrl: t.permalink_url,
    artworkUrl: artwork(t.artwork_url),
    plays: t.playback_count ?? 0,
    access: t.access ?? 'playable',
    sharing: t.sharing ?? 'public',
    embeddable: (t.embeddable_by ?? 'all') === 'all',
  });

  const toPlaylist = (p: z.output<typeof playlistSchema>): SoundCloudPlaylist => ({
    id: p.id,
    title: p.title,
    permalinkUrl: p.permalink_url,
    artworkUrl: artwork(p.artwork_url),
    createdAt: parseSoundCloudDate(p.created_at),
    lastModified: parseSoundCloudDate(p.last_modified ?? p.created_at),
    trackCount: p.track_count ?? 0,
    playlistType: p.playlist_type || p.set_type || '',
    sharing: p.sharing ?? 'public',
  });

  /** User ids may be given as numbers or URNs (soundcloud:users:123); the path takes either. */
  const userPath = (userId: string) => `/users/${encodeURIComponent(userId).replace(/%3A/gi, ':')}`;

  return {
    tokens,

    async *userTracks(userId: string): AsyncGenerator<SoundCloudTrack[]> {
      for await (const page of pages(`${userPath(userId)}/tracks`, trackSchema, { access: 'playable,preview,blocked' })) {
        yield page.map(toTrack);
      }
    },

    async *userPlaylists(userId: string): AsyncGenerator<SoundCloudPlaylist[]> {
      for await (const page of pages(`${userPath(userId)}/playlists`, playlistSchema, { show_tracks: 'false' })) {
        yield page.map(toPlaylist);
      }
    },

    async *playlistTracks(playlistId: string): AsyncGenerator<SoundCloudTrack[]> {
      const path = `/playlists/${encodeURIComponent(playlistId).replace(/%3A/gi, ':')}/tracks`;
      for await (const page of pages(path, trackSchema, { access: 'playable,preview,blocked' })) {
        yield page.map(toTrack);
      }
    },
  };
}
