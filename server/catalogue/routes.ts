import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { clipSchema, mediaSchema, pageSchema, playlistSchema, streamSchema, tagSchema } from '../../common/api';
import { type Period, PROVIDERS } from '../../common/enums';
import { idParams, type ListQuery, listQuery, pagingQuery } from '../../common/query';
import { KINDS, type Kinds } from '../db/kinds';
import { fastSerializerCompiler } from '../http/fast-serializer';
import type { App } from '../http/types';
import { ANONYMOUS } from './present';
import type { CatalogueService, ViewerSource } from './service';

/** Who is asking, for the `liked` flags of every read (likes/service.ts gives the real one). */
export type ViewerOf = (request: FastifyRequest) => ViewerSource;
const anonymous: ViewerOf = () => ANONYMOUS;

/**
 * Every read here is public, and the same for every logged-out visitor: the read cache may serve it
 * (http/read-cache.ts). A logged-in viewer's answer is the same plus their liked flags of the kind.
 */
const readCacheOf = (kind: keyof Kinds) => ({ access: 'public', readCache: true, readCacheViewer: { liked: kind } }) as const;

const ITEM_SCHEMAS = { media: mediaSchema, streams: streamSchema, playlists: playlistSchema, clips: clipSchema } as const;

/** Any known provider; the service drops one the kind does not have, like an unknown value. */
const randomQuery = z.object({
  provider: z.preprocess((v) => ((PROVIDERS as readonly unknown[]).includes(v) ? v : undefined), z.enum(PROVIDERS).optional()),
});

function split({ page, size, ...filter }: ListQuery) {
  return { filter, paging: { page, size } };
}

interface KindRoutes {
  latest: boolean;
  random: boolean;
  /** Default period of the top list when none is given */
  topPeriod: Period;
}

/**
 * The read calls every kind shares: list (sort + filters), latest, top (period), random, by id.
 * `/api/clips` has no latest call (spec 7).
 */
function registerKind(app: App, catalogue: CatalogueService, viewerOf: ViewerOf, kind: keyof Kinds, options: KindRoutes) {
  const prefix = `/api/${kind}`;
  const item = ITEM_SCHEMAS[kind];
  const page = pageSchema(item);
  const tags = [kind];
  const readCache = readCacheOf(kind);

  app.get(prefix, {
    config: readCache,
    serializerCompiler: fastSerializerCompiler,
    schema: {
      tags,
      summary: `List ${kind}: sort (default relevance with q, else latest) and filters`,
      querystring: listQuery,
      response: { 200: page },
    },
    handler: (req) => {
      const { filter, paging } = split(req.query);
      return catalogue.list(kind, filter, paging, viewerOf(req));
    },
  });

  if (options.latest) {
    app.get(`${prefix}/latest`, {
      config: readCache,
      serializerCompiler: fastSerializerCompiler,
      schema: { tags, summary: `Latest ${kind}, newest first`, querystring: listQuery, response: { 200: page } },
      handler: (req) => {
        const { filter, paging } = split(req.query);
        return catalogue.list(kind, { ...filter, sort: 'latest' }, paging, viewerOf(req));
      },
    });
  }

  app.get(`${prefix}/top`, {
    config: readCache,
    serializerCompiler: fastSerializerCompiler,
    schema: {
      tags,
      summary: `Top ${kind}: most viewed among items uploaded within the period (default ${options.topPeriod}); sort=latest lists the period newest first`,
      querystring: listQuery,
      response: { 200: page },
    },
    handler: (req) => {
      const { filter, paging } = split(req.query);
      const sort = filter.sort === 'latest' ? 'latest' : 'top';
      return catalogue.list(kind, { ...filter, period: filter.period ?? options.topPeriod, sort }, paging, viewerOf(req));
    },
  });

  if (options.random && kind !== 'clips') {
    app.get(`${prefix}/random`, {
      schema: {
        tags,
        summary: `One random ${kind} item, optionally of one of its providers (${KINDS[kind].providers.join(', ')})`,
        querystring: randomQuery,
        response: { 200: item },
      },
      config: { access: 'public' },
      handler: (req) => catalogue.random(kind as 'media' | 'streams' | 'playlists', req.query.provider, viewerOf(req)),
    });
  }

  app.get(`${prefix}/:id`, {
    config: readCache,
    schema: { tags, summary: `One ${kind} item`, params: idParams, response: { 200: item } },
    handler: (req) => catalogue.byId(kind, req.params.id, viewerOf(req)),
  });
}

export function catalogueRoutes(app: App, catalogue: CatalogueService, viewerOf: ViewerOf = anonymous) {
  // Fixed paths first so they are never taken for an id.
  app.get('/api/media/daily', {
    config: readCacheOf('media'),
    schema: { tags: ['media'], summary: 'Song of the Day: the same for everyone all UTC day', response: { 200: mediaSchema } },
    handler: (req) => catalogue.daily(viewerOf(req)),
  });

  registerKind(app, catalogue, viewerOf, 'media', { latest: true, random: true, topPeriod: 'all_time' });
  registerKind(app, catalogue, viewerOf, 'streams', { latest: true, random: true, topPeriod: 'all_time' });
  registerKind(app, catalogue, viewerOf, 'playlists', { latest: true, random: true, topPeriod: 'all_time' });
  registerKind(app, catalogue, viewerOf, 'clips', { latest: false, random: false, topPeriod: 'month' });

  app.get('/api/media/:id/recommended', {
    config: readCacheOf('media'),
    schema: {
      tags: ['media'],
      summary: 'Songs that share tags or the stream with this song, most shared first',
      params: idParams,
      querystring: pagingQuery,
      response: { 200: pageSchema(mediaSchema) },
    },
    handler: (req) => catalogue.recommended(req.params.id, req.query, viewerOf(req)),
  });

  for (const [kind, noun] of [
    ['media', 'song'],
    ['clips', 'clip'],
  ] as const) {
    app.get(`/api/${kind}/:id/launchStream`, {
      schema: {
        tags: [kind],
        summary: `Redirects to the ${noun}'s stream at its timestamp (Twitch ?t=1h2m3s, YouTube &t=)`,
        params: idParams,
      },
      config: { access: 'public' },
      handler: async (req, reply) => reply.redirect(await catalogue.launchStreamUrl(kind, req.params.id)),
    });
  }

  app.get('/api/tag', {
    config: { access: 'public', readCache: true, readCacheViewer: 'nothing' },
    schema: { tags: ['media'], summary: 'Every tag, sorted by name', response: { 200: z.array(tagSchema) } },
    handler: () => catalogue.allTags(),
  });
}
