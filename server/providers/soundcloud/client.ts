import { z } from 'zod';
import { cachedToken, createHttp, type HttpOptions, ProviderError } from '../shared/http';

/**
 * SoundCloud API with an app token (OAuth 2.1 client credentials at the auth host, renewed with its
 * refresh token): a user's tracks and playlists and a playlist's tracks, with linked partitioning
 * (`collection` + `next_href`, followed until absent).
 *
 * Items are keyed by their `urn` ("soundcloud:tracks:123"): SoundCloud deprecated the numeric `id`
 * (developers.soundcloud.com/blog/urn-num-to-string, June 30th 2025) and answers without it. The
 * catalogue's remote id of an item is its urn's number, as every stored row, the widget's track URL
 * and the demo world have it (`remoteIdOfUrn`); an urn of another form would be kept whole.
 */

/** An item's key at SoundCloud, and the catalogue's remote id made from it */
interface Keyed {
  /** "soundcloud:tracks:123", "soundcloud:playlists:456" */
  urn: string;
  /** The urn's number ("123"): the item's remote id in the catalogue */
  id: string;
}

export interface SoundCloudTrack extends Keyed {
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

export interface SoundCloudPlaylist extends Keyed {
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

/** The urn, or in an answer from before the urn (or a cache of one) the deprecated numeric id. */
const keyFields = { urn: z.string().min(1).nullish(), id: z.union([z.number(), z.string().min(1)]).nullish() };
const hasKey = (item: { urn?: string | null; id?: number | string | null }) => item.urn != null || item.id != null;
const noKey = { message: 'Invalid input: no urn (and no id)', path: ['urn'] };

/** The catalogue's remote id of an urn: its number ("soundcloud:tracks:123" is "123"), or an urn of another form whole. */
export function remoteIdOfUrn(urn: string): string {
  return /^soundcloud:[a-z]+:(\d+)$/.exec(urn)?.[1] ?? urn;
}

function keyOf(kind: 'tracks' | 'playlists', item: { urn?: string | null; id?: number | string | null }): Keyed {
  const urn = item.urn ?? `soundcloud:${kind}:${item.id}`;
  return { urn, id: remoteIdOfUrn(urn) };
}

const trackSchema = z
  .object({
    ...keyFields,
    title: z.string(),
    duration: z.number(),
    created_at: z.string(),
    permalink_url: z.string(),
    artwork_url: z.string().nullish(),
    playback_count: z.number().nullish(),
    access: z.string().nullish(),
    sharing: z.string().nullish(),
    embeddable_by: z.string().nullish(),
  })
  .refine(hasKey, noKey);

const playlistSchema = z
  .object({
    ...keyFields,
    title: z.string(),
    permalink_url: z.string(),
    artwork_url: z.string().nullish(),
    created_at: z.string(),
    last_modified: z.string().nullish(),
    track_count: z.number().int().nullish(),
    playlist_type: z.string().nullish(),
    set_type: z.string().nullish(),
    sharing: z.string().nullish(),
  })
  .refine(hasKey, noKey);

const userSchema = z.object({ ...keyFields, username: z.string(), permalink_url: z.string().nullish() }).refine(hasKey, noKey);

export interface SoundCloudUser {
  /** "soundcloud:users:123" */
  urn: string;
  username: string;
  permalinkUrl: string | null;
}

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
    ...keyOf('tracks', t),
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
    ...keyOf('playlists', p),
    title: p.title,
    permalinkUrl: p.permalink_url,
    artworkUrl: artwork(p.artwork_url),
    createdAt: parseSoundCloudDate(p.created_at),
    lastModified: parseSoundCloudDate(p.last_modified ?? p.created_at),
    trackCount: p.track_count ?? 0,
    playlistType: p.playlist_type || p.set_type || '',
    sharing: p.sharing ?? 'public',
  });

  /** A path segment of an id or urn (soundcloud:users:123): SoundCloud takes either, colons as they are. */
  const segment = (key: string) => encodeURIComponent(key).replace(/%3A/gi, ':');
  const userPath = (userId: string) => `/users/${segment(userId)}`;

  return {
    tokens,

    /** An account by its id or urn (GET /users/{urn}); null when SoundCloud has none. */
    async user(userId: string): Promise<SoundCloudUser | null> {
      try {
        const u = await api.json(userPath(userId), userSchema, { auth: authed });
        return { urn: u.urn ?? `soundcloud:users:${u.id}`, username: u.username, permalinkUrl: u.permalink_url ?? null };
      } catch (error) {
        if (error instanceof ProviderError && error.isNotFound) return null;
        throw error;
      }
    },

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

    /** The tracks of a playlist, by its urn (an id still works, deprecated). */
    async *playlistTracks(playlistUrn: string): AsyncGenerator<SoundCloudTrack[]> {
      const path = `/playlists/${segment(playlistUrn)}/tracks`;
      for await (const page of pages(path, trackSchema, { access: 'playable,preview,blocked' })) {
        yield page.map(toTrack);
      }
    },
  };
}
