import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DemoUser } from '../demo/accounts';
import { DEMO_ACCOUNTS } from '../demo/accounts';
import type { WorldClip, WorldStream } from '../demo/world';
import type { App } from '../http/types';
import { formatTwitchDuration } from '../providers/shared/durations';
import { faultHook, originOf, STATUS_TEXT, slice } from './common';
import { sendItemImage } from './images';
import type { SandboxState } from './state';
import type { IssuedToken } from './tokens';

/**
 * Twitch Helix stand-in under /sandbox/twitch/helix: /users, /videos, /clips and /streams with the
 * real parameters (login, id, user_id, broadcaster_id, type, first, after), `pagination.cursor`
 * paging, `Client-Id` + `Authorization: Bearer` checks and Helix's error body. Images of the
 * Twitch CDN are under /sandbox/twitch/images/. A 429 fault answers as Helix does over its rate
 * limit: Ratelimit-Limit, Ratelimit-Remaining 0 and Ratelimit-Reset (epoch seconds: the fault's reset,
 * or a second from now), no Retry-After.
 */

const PREFIX = '/sandbox/twitch/helix';

type Query = Record<string, string | string[] | undefined>;

export const helixError = (status: number, message: string) => ({ error: STATUS_TEXT[status] ?? 'Error', status, message });

/** Points of an app's bucket per minute (Twitch's API guide: 800). */
const RATE_LIMIT_POINTS = 800;

/** The headers of a 429 over Helix's rate limit: the bucket is empty until `resetAt` (epoch ms). */
export function rateLimitHeaders(resetAt: number): Record<string, string> {
  return {
    'ratelimit-limit': String(RATE_LIMIT_POINTS),
    'ratelimit-remaining': '0',
    'ratelimit-reset': String(Math.ceil(resetAt / 1000)),
  };
}

const many = (value: string | string[] | undefined): string[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const one = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** Helix cursors are base64 JSON like {"b":null,"a":{"Offset":20}}. */
const encodeCursor = (offset: number) => Buffer.from(JSON.stringify({ b: null, a: { Offset: offset } })).toString('base64url');

function decodeCursor(cursor: string | undefined): number | null {
  if (!cursor) return 0;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { a?: { Offset?: unknown } };
    const offset = parsed.a?.Offset;
    return typeof offset === 'number' && Number.isInteger(offset) && offset >= 0 ? offset : null;
  } catch {
    return null;
  }
}

/** Requests carry `Authorization: Bearer <token>` and the `Client-Id` the token was issued to. */
export function helixAuth(state: SandboxState, request: FastifyRequest, reply: FastifyReply): IssuedToken | null {
  const header = request.headers.authorization;
  if (!header) {
    reply.code(401).send(helixError(401, 'OAuth token is missing'));
    return null;
  }
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  const issued = state.tokens.find('twitch', token);
  if (!issued) {
    reply.code(401).send(helixError(401, 'Invalid OAuth token'));
    return null;
  }
  const clientId = request.headers['client-id'];
  if (clientId !== issued.clientId) {
    reply.code(401).send(helixError(401, clientId ? 'Client ID and OAuth token do not match' : 'Client-Id header required'));
    return null;
  }
  return issued;
}

export function helixSandbox(app: App, state: SandboxState) {
  faultHook(
    app,
    state,
    'twitch',
    PREFIX,
    (status) => helixError(status, STATUS_TEXT[status] ?? 'Error'),
    (status, rule) => (status === 429 ? rateLimitHeaders(rule.resetAt ?? state.clock().getTime() + 1000) : {}),
  );
  const streamerId = DEMO_ACCOUNTS.twitch.userId;
  const streamer = () => state.users.find((u) => u.id === streamerId)!;

  function userResource(origin: string, user: DemoUser, withEmail: boolean) {
    return {
      id: user.id,
      login: user.login,
      display_name: user.displayName,
      type: '',
      broadcaster_type: user.id === streamerId ? 'partner' : '',
      description: user.description,
      profile_image_url: `${origin}/sandbox/twitch/images/profile/${user.login}.png`,
      offline_image_url: '',
      view_count: 0,
      ...(withEmail ? { email: user.email } : {}),
      created_at: '2019-06-01T18:00:00Z',
    };
  }

  function videoResource(origin: string, stream: WorldStream) {
    const s = streamer();
    return {
      id: stream.remoteId,
      stream_id: String(Number(stream.remoteId) + 1),
      user_id: s.id,
      user_login: s.login,
      user_name: s.displayName,
      title: stream.name,
      description: '',
      created_at: stream.uploadedAt.toISOString(),
      published_at: stream.uploadedAt.toISOString(),
      url: stream.linkUrl,
      thumbnail_url: `${origin}/sandbox/twitch/images/vods/${stream.remoteId}-%{width}x%{height}.jpg`,
      viewable: 'public',
      view_count: stream.views,
      language: 'en',
      type: 'archive',
      duration: formatTwitchDuration(stream.duration),
      muted_segments: null,
    };
  }

  function clipResource(origin: string, clip: WorldClip) {
    const s = streamer();
    const video = clip.stream && state.isVisible(clip.stream.remoteId) && state.stream(clip.stream.remoteId) ? clip.stream : null;
    return {
      id: clip.remoteId,
      url: clip.linkUrl,
      embed_url: `https://clips.twitch.tv/embed?clip=${clip.remoteId}`,
      broadcaster_id: s.id,
      broadcaster_name: s.displayName,
      creator_id: String(100_000 + ((clip.creatorName.length * 7919) % 900_000)),
      creator_name: clip.creatorName,
      video_id: video?.remoteId ?? '',
      game_id: '26936',
      language: 'en',
      title: clip.name,
      view_count: clip.views,
      created_at: clip.uploadedAt.toISOString(),
      thumbnail_url: `${origin}/sandbox/twitch/images/clips/${clip.remoteId}-preview-480x272.jpg`,
      duration: clip.duration + 0.4,
      vod_offset: video ? video.timestamp : null,
      is_featured: false,
    };
  }

  /** `first` (1..100, default 20) and `after`; answers null after sending the error. */
  function paging(query: Query, reply: FastifyReply): { first: number; offset: number } | null {
    const first = query.first === undefined ? 20 : Number(one(query.first));
    if (!Number.isInteger(first) || first < 1 || first > 100) {
      reply
        .code(400)
        .send(
          helixError(
            400,
            'The parameter "first" was malformed: the value must be greater than or equal to 1 and less than or equal to 100',
          ),
        );
      return null;
    }
    const offset = decodeCursor(one(query.after));
    if (offset === null) {
      reply.code(400).send(helixError(400, 'The parameter "after" was malformed'));
      return null;
    }
    return { first, offset };
  }

  const page = <T>(items: T[], first: number, offset: number) => {
    const { page: data, next } = slice(items, offset, first);
    return { data, pagination: next !== null ? { cursor: encodeCursor(next) } : {} };
  };

  app.get('/users', async (request, reply) => {
    const issued = helixAuth(state, request, reply);
    if (!issued) return reply;
    const query = request.query as Query;
    const logins = many(query.login).map((l) => l.toLowerCase());
    const ids = many(query.id);
    const origin = originOf(request);
    if (logins.length + ids.length === 0) {
      if (issued.kind !== 'user') return reply.code(400).send(helixError(400, 'Must provide an ID, Login or OAuth Token'));
      const me = state.users.find((u) => u.id === issued.userId);
      return { data: me ? [userResource(origin, me, issued.scopes.includes('user:read:email'))] : [] };
    }
    if (logins.length + ids.length > 100)
      return reply.code(400).send(helixError(400, 'The parameter "id" or "login" may be given at most 100 times'));
    const found = state.users.filter((u) => logins.includes(u.login.toLowerCase()) || ids.includes(u.id));
    return {
      data: found.map((u) =>
        userResource(origin, u, issued.kind === 'user' && issued.userId === u.id && issued.scopes.includes('user:read:email')),
      ),
    };
  });

  app.get('/videos', async (request, reply) => {
    if (!helixAuth(state, request, reply)) return reply;
    const query = request.query as Query;
    const ids = many(query.id);
    const userId = one(query.user_id);
    if (ids.length === 0 && !userId && !query.game_id) {
      return reply.code(400).send(helixError(400, 'Missing required parameter: one of "id", "user_id" or "game_id"'));
    }
    const origin = originOf(request);
    const archive = state.streams('twitch').filter((s) => state.isVisible(s.remoteId));
    if (ids.length > 0) {
      const found = archive.filter((s) => ids.includes(s.remoteId));
      if (found.length === 0) return reply.code(404).send(helixError(404, 'Not Found'));
      return { data: found.map((s) => videoResource(origin, s)), pagination: {} };
    }
    const type = one(query.type) ?? 'all';
    if (!['all', 'archive', 'highlight', 'upload'].includes(type))
      return reply.code(400).send(helixError(400, 'The parameter "type" was malformed'));
    const p = paging(query, reply);
    if (!p) return reply;
    const items = userId === streamerId && (type === 'all' || type === 'archive') ? archive : [];
    const result = page(items, p.first, p.offset);
    return { data: result.data.map((s) => videoResource(origin, s)), pagination: result.pagination };
  });

  app.get('/clips', async (request, reply) => {
    if (!helixAuth(state, request, reply)) return reply;
    const query = request.query as Query;
    const ids = many(query.id);
    const broadcaster = one(query.broadcaster_id);
    if (ids.length === 0 && !broadcaster && !query.game_id) {
      return reply.code(400).send(helixError(400, 'Missing required parameter: one of "id", "broadcaster_id" or "game_id"'));
    }
    const origin = originOf(request);
    const all = state.clips();
    if (ids.length > 0) return { data: all.filter((c) => ids.includes(c.remoteId)).map((c) => clipResource(origin, c)), pagination: {} };
    const p = paging(query, reply);
    if (!p) return reply;
    const result = page(broadcaster === streamerId ? all : [], p.first, p.offset);
    return { data: result.data.map((c) => clipResource(origin, c)), pagination: result.pagination };
  });

  app.get('/streams', async (request, reply) => {
    if (!helixAuth(state, request, reply)) return reply;
    const query = request.query as Query;
    const logins = many(query.user_login).map((l) => l.toLowerCase());
    const ids = many(query.user_id);
    const s = streamer();
    const asked = logins.includes(s.login.toLowerCase()) || ids.includes(s.id) || (logins.length === 0 && ids.length === 0);
    const live = state.live;
    if (!asked || !live) return { data: [], pagination: {} };
    return {
      data: [
        {
          id: live.id,
          user_id: s.id,
          user_login: s.login,
          user_name: s.displayName,
          game_id: '26936',
          game_name: 'Music',
          type: 'live',
          title: live.title,
          viewer_count: live.viewers,
          started_at: live.startedAt.toISOString(),
          language: 'en',
          thumbnail_url: `${originOf(request)}/sandbox/twitch/images/live/${s.login}-{width}x{height}.jpg`,
          tag_ids: [],
          tags: ['English', 'Music'],
          is_mature: false,
        },
      ],
      pagination: {},
    };
  });
}

/** The Twitch CDN: VOD and clip thumbnails of world items. */
export function twitchImages(app: App, state: SandboxState) {
  app.get('/images/:kind/:file', async (request, reply) => {
    const { kind, file } = request.params as { kind: string; file: string };
    const id = kind === 'vods' ? /^(\d+)-/.exec(file)?.[1] : kind === 'clips' ? /^(.+)-preview-\d+x\d+\.jpg$/.exec(file)?.[1] : undefined;
    return sendItemImage(state, id ?? '', reply);
  });
}
