import { clipSchema, mediaSchema, pageSchema, playlistSchema, streamSchema } from '../../common/api';
import { ENTITY_KINDS } from '../../common/enums';
import { likeResultSchema } from '../../common/likes';
import { idParams, listQuery } from '../../common/query';
import { userOf } from '../accounts/access';
import type { App } from '../http/types';
import type { LikesService } from './service';

/**
 * POST/DELETE /api/{media|streams|playlists|clips}/{id}/like (idempotent) and
 * GET /api/{kind}/liked (page, size and the list filters), for logged-in users.
 */

const ITEM_SCHEMAS = { media: mediaSchema, streams: streamSchema, playlists: playlistSchema, clips: clipSchema } as const;

export function likeRoutes(app: App, likes: LikesService) {
  for (const kind of ENTITY_KINDS) {
    const tags = [kind];

    app.get(`/api/${kind}/liked`, {
      schema: {
        tags,
        summary: `The logged-in user’s liked ${kind}, most recently liked first, with the list filters`,
        querystring: listQuery,
        response: { 200: pageSchema(ITEM_SCHEMAS[kind]) },
      },
      config: { access: 'user' },
      handler: (request) => {
        const user = userOf(request);
        const { page, size, ...filter } = request.query;
        return likes.liked(user, kind, filter, { page, size }) as never;
      },
    });

    for (const method of ['POST', 'DELETE'] as const) {
      app.route({
        method,
        url: `/api/${kind}/:id/like`,
        schema: {
          tags,
          summary: method === 'POST' ? `Like one of the ${kind} (again is fine)` : `Unlike one of the ${kind} (again is fine)`,
          params: idParams,
          response: { 200: likeResultSchema },
        },
        config: { access: 'user', limit: 'writes' },
        handler: (request) => likes.setLiked(userOf(request), kind, request.params.id, method === 'POST'),
      });
    }
  }
}
