import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEMO_ACCOUNTS, DEMO_CREDENTIAL } from '../demo/accounts';
import type { WorldPlaylist, WorldSong } from '../demo/world';
import type { App } from '../http/types';
import { decodeOffset, encodeOffset, faultHook, originOf, STATUS_TEXT, slice } from './common';
import { sendItemImage } from './images';
import type { SandboxState } from './state';

/**
 * SoundCloud stand-in under /sandbox/soundcloud: the token endpoint of the auth host
 * (POST /oauth/token: client_credentials with Basic auth, refresh_token), and the API's
 * /users/{id}, /users/{id}/tracks, /users/{id}/playlists and /playlists/{id}/tracks with linked partitioning
 * (`collection` + absolute `next_href`), `Authorization: OAuth <token>` and SoundCloud's error body.
 * Items carry only their `urn` ("soundcloud:tracks:123"), as SoundCloud answers since deprecating the
 * numeric `id` (its blog's "urn-num-to-string", June 2025); `state.soundcloudKeys` brings the id back.
 * Paths take an id or an urn, as SoundCloud's do.
 */

const PREFIX = '/sandbox/soundcloud';
const TOKEN_TTL_SECONDS = 3599;

type Query = Record<string, string | undefined>;

export function soundcloudError(code: number, message = '') {
  return {
    code,
    message,
    link: 'https://developers.soundcloud.com/docs/api/explorer/open-api',
    status: `${code} - ${STATUS_TEXT[code] ?? 'Error'}`,
    errors: message ? [{ error_message: message }] : [],
    error: null,
  };
}

/** "2013/03/24 18:21:19 +0000", as the API writes dates. */
function scDate(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 10).replace(/-/g, '/')} ${iso.slice(11, 19)} +0000`;
}

function matchesUser(id: string): boolean {
  const { userId } = DEMO_ACCOUNTS.soundcloud;
  return id === userId || id === `soundcloud:users:${userId}`;
}

/** Track and playlist ids may be given as numbers or URNs. */
const bareId = (id: string) => id.replace(/^soundcloud:(tracks|playlists):/, '');

export function soundcloudSandbox(app: App, state: SandboxState) {
  faultHook(app, state, 'soundcloud', PREFIX, (status) => soundcloudError(status));

  /** An item's key fields, as SoundCloud keys them today (state.soundcloudKeys). */
  const keys = (kind: 'users' | 'tracks' | 'playlists', remoteId: string) => ({
    ...(state.soundcloudKeys === 'urn' ? {} : { id: Number(remoteId) }),
    ...(state.soundcloudKeys === 'id' ? {} : { urn: `soundcloud:${kind}:${remoteId}` }),
  });

  const user = () => ({
    kind: 'user',
    ...keys('users', DEMO_ACCOUNTS.soundcloud.userId),
    username: state.streamerName,
    permalink: DEMO_ACCOUNTS.soundcloud.permalink,
    permalink_url: `https://soundcloud.com/${DEMO_ACCOUNTS.soundcloud.permalink}`,
  });

  function track(origin: string, song: WorldSong) {
    return {
      kind: 'track',
      ...keys('tracks', song.remoteId),
      title: song.name,
      duration: song.duration * 1000,
      full_duration: song.duration * 1000,
      created_at: scDate(song.uploadedAt),
      permalink_url: song.linkUrl,
      artwork_url: `${origin}${PREFIX}/images/artworks-${song.remoteId}-large.jpg`,
      playback_count: song.views,
      favoritings_count: Math.floor(song.views / 30),
      genre: 'Music',
      tag_list: song.tags.map((t) => (t.includes(' ') ? `"${t}"` : t)).join(' '),
      access: 'playable',
      sharing: 'public',
      embeddable_by: state.embeddableOf(song.remoteId) ? 'all' : 'none',
      streamable: true,
      user: user(),
    };
  }

  const tracksOf = (playlist: WorldPlaylist) =>
    playlist.songs.map((id) => state.song(id)).filter((s): s is WorldSong => s !== undefined && state.isVisible(s.remoteId));

  function playlistResource(origin: string, playlist: WorldPlaylist, withTracks: boolean) {
    const tracks = tracksOf(playlist);
    return {
      kind: 'playlist',
      ...keys('playlists', playlist.remoteId),
      title: playlist.name,
      permalink_url: playlist.linkUrl,
      artwork_url: `${origin}${PREFIX}/images/artworks-${playlist.remoteId}-large.jpg`,
      created_at: scDate(new Date(playlist.lastUpdated.getTime() - 30 * 86_400_000)),
      last_modified: scDate(playlist.lastUpdated),
      duration: tracks.reduce((sum, t) => sum + t.duration * 1000, 0),
      track_count: tracks.length,
      playlist_type: playlist.type === 'album' ? 'album' : '',
      set_type: playlist.type === 'album' ? 'album' : '',
      sharing: 'public',
      user: user(),
      ...(withTracks ? { tracks: tracks.map((t) => track(origin, t)) } : {}),
    };
  }

  function authorized(request: FastifyRequest, reply: FastifyReply): boolean {
    const header = request.headers.authorization ?? '';
    const token = /^OAuth\s+(\S+)$/i.exec(header)?.[1];
    if (!state.tokens.find('soundcloud', token)) {
      reply.code(401).send(soundcloudError(401));
      return false;
    }
    return true;
  }

  /** One page of a collection; `next_href` repeats the query with the next cursor, as an absolute URL. */
  function collection<T>(request: FastifyRequest, reply: FastifyReply, items: T[]) {
    const query = request.query as Query;
    const limit = query.limit === undefined ? 50 : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 200)
      return reply.code(400).send(soundcloudError(400, 'limit must be between 1 and 200'));
    const offset = decodeOffset('sc', query.cursor);
    if (offset === null) return reply.code(400).send(soundcloudError(400, 'invalid cursor'));
    const { page, next } = slice(items, offset, limit);
    const linked = query.linked_partitioning === 'true' || query.linked_partitioning === '1';
    if (!linked) return page;
    let nextHref: string | null = null;
    if (next !== null) {
      const url = new URL(`${originOf(request)}${request.url}`);
      url.searchParams.set('cursor', encodeOffset('sc', next));
      nextHref = url.toString();
    }
    return { collection: page, next_href: nextHref };
  }

  app.post('/oauth/token', async (request, reply) => {
    const form = (request.body ?? {}) as Query;
    let clientId = form.client_id;
    let clientSecret = form.client_secret;
    const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (basic) {
      const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':');
      clientId = id;
      clientSecret = secret;
    }
    if (clientId !== DEMO_CREDENTIAL || clientSecret !== DEMO_CREDENTIAL) {
      return reply.code(401).send({ error: 'invalid_client', error_description: 'Client authentication failed.' });
    }
    if (form.grant_type === 'refresh_token') {
      if (!form.refresh_token || !state.tokens.takeRefresh('soundcloud', form.refresh_token)) {
        return reply.code(400).send({ error: 'invalid_grant', error_description: 'The refresh token is invalid or was already used.' });
      }
    } else if (form.grant_type !== 'client_credentials') {
      return reply
        .code(400)
        .send({ error: 'unsupported_grant_type', error_description: `Unsupported grant type: ${form.grant_type ?? '(none)'}` });
    }
    const issued = state.tokens.issue({ provider: 'soundcloud', kind: 'app', clientId, userId: null, scopes: [] }, TOKEN_TTL_SECONDS, true);
    return {
      access_token: issued.token,
      expires_in: TOKEN_TTL_SECONDS,
      refresh_token: issued.refreshToken,
      scope: '',
      token_type: 'bearer',
    };
  });

  app.get('/users/:id', async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    if (!matchesUser((request.params as { id: string }).id)) return reply.code(404).send(soundcloudError(404, 'Not Found'));
    const tracks = state.songs('sc').filter((song) => song.provider === 'sound_cloud' && state.isVisible(song.remoteId));
    const playlists = state.playlists((p) => p.provider === 'sound_cloud');
    return { ...user(), avatar_url: null, track_count: tracks.length, playlist_count: playlists.length };
  });

  app.get('/users/:id/tracks', async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const { id } = request.params as { id: string };
    if (!matchesUser(id)) return reply.code(404).send(soundcloudError(404, 'Not Found'));
    const origin = originOf(request);
    const tracks = state.songs('sc').filter((s) => s.provider === 'sound_cloud' && state.isVisible(s.remoteId));
    return collection(
      request,
      reply,
      tracks.map((t) => track(origin, t)),
    );
  });

  app.get('/users/:id/playlists', async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const { id } = request.params as { id: string };
    if (!matchesUser(id)) return reply.code(404).send(soundcloudError(404, 'Not Found'));
    const origin = originOf(request);
    const withTracks = (request.query as Query).show_tracks !== 'false';
    const playlists = state.playlists((p) => p.provider === 'sound_cloud');
    return collection(
      request,
      reply,
      playlists.map((p) => playlistResource(origin, p, withTracks)),
    );
  });

  app.get('/playlists/:id', async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const playlist = state.playlist(bareId((request.params as { id: string }).id));
    if (playlist?.provider !== 'sound_cloud') return reply.code(404).send(soundcloudError(404, 'Not Found'));
    return playlistResource(originOf(request), playlist, (request.query as Query).show_tracks !== 'false');
  });

  app.get('/playlists/:id/tracks', async (request, reply) => {
    if (!authorized(request, reply)) return reply;
    const playlist = state.playlist(bareId((request.params as { id: string }).id));
    if (playlist?.provider !== 'sound_cloud') return reply.code(404).send(soundcloudError(404, 'Not Found'));
    const origin = originOf(request);
    return collection(
      request,
      reply,
      tracksOf(playlist).map((t) => track(origin, t)),
    );
  });

  // i1.sndcdn.com: /artworks-<id>-<size>.jpg
  app.get('/images/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const id = /^artworks-(\d+)-[a-z0-9]+\.jpg$/.exec(file)?.[1];
    return sendItemImage(state, id ?? '', reply);
  });
}
