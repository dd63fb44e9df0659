import { pageSchema } from '../../common/api';
import { idParams } from '../../common/query';
import { historyQuery, requestEditSchema, songRequestSchema } from '../../common/requests';
import type { App } from '../http/types';
import type { RequestHistory } from './service';

/** GET /api/requests/history, GET and POST /api/requests/history/{id} (spec 7 "Requests"). */
export function requestHistoryRoutes(app: App, history: RequestHistory) {
  const tags = ['requests'];

  app.get('/api/requests/history', {
    schema: {
      tags,
      summary: 'Song request history, newest first (size 30 unless asked); filters mediaId, title and username (words contained)',
      querystring: historyQuery,
      response: { 200: pageSchema(songRequestSchema) },
    },
    config: { access: 'public' },
    handler: (request) => history.list(request.query),
  });

  app.get('/api/requests/history/:id', {
    schema: { tags, summary: 'One song request', params: idParams, response: { 200: songRequestSchema } },
    config: { access: 'public' },
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
    config: { access: 'admin', limit: 'writes' },
    handler: (request) => history.edit(request.params.id, request.body),
  });
}
