import { pageSchema } from '../../common/api';
import { idParams } from '../../common/query';
import { historyQuery, requestEditSchema, songRequestSchema } from '../../common/requests';
import type { Limits } from '../accounts/limits';
import { adminOnly, requireAdmin } from '../accounts/session';
import type { App } from '../http/types';
import type { RequestHistory } from './service';

/** GET /api/requests/history, GET and POST /api/requests/history/{id} (spec 7 "Requests"). */
export function requestHistoryRoutes(app: App, history: RequestHistory, limits: Limits) {
  const tags = ['requests'];

  app.get('/api/requests/history', {
    schema: {
      tags,
      summary: 'Song request history, newest first (size 30 unless asked); filters mediaId, title and username (words contained)',
      querystring: historyQuery,
      response: { 200: pageSchema(songRequestSchema) },
    },
    handler: (request) => history.list(request.query),
  });

  app.get('/api/requests/history/:id', {
    schema: { tags, summary: 'One song request', params: idParams, response: { 200: songRequestSchema } },
    handler: (request) => history.byId(request.params.id),
  });

  app.post('/api/requests/history/:id', {
    schema: {
      tags,
      summary: 'Correct a song request: requester name and the song that came of it (admins)',
      params: idParams,
      body: requestEditSchema,
      response: { 200: songRequestSchema },
    },
    onRequest: adminOnly,
    preHandler: limits.writes,
    handler: (request) => {
      requireAdmin(request);
      return history.edit(request.params.id, request.body);
    },
  });
}
