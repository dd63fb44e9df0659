import { z } from 'zod';
import { pageSchema } from '../../common/api';
import { communityBodySchema, playlistApprovalSchema, playlistRequestSchema, refreshBodySchema } from '../../common/playlist-requests';
import { idParams, pagingQuery } from '../../common/query';
import { userOf } from '../accounts/access';
import type { App } from '../http/types';
import type { PlaylistRequestsService } from './service';

/**
 * Spec 7: POST /api/playlists/refresh, POST /api/playlists/community, and the admin's queue
 * GET /api/playlists/refresh, POST /api/playlists/refresh/{id}/approve, DELETE /api/playlists/refresh/{id}.
 */

const decisionSchema = z.object({ id: z.number().int(), status: z.literal('rejected') });

export function playlistRequestRoutes(app: App, requests: PlaylistRequestsService) {
  const tags = ['playlists'];

  app.post('/api/playlists/refresh', {
    schema: {
      tags,
      summary:
        'Ask for a playlist to be read again from YouTube: community playlists for members, any playlist for admins. An equal pending request is answered (200) instead of a new one (201)',
      body: refreshBodySchema,
      response: { 200: playlistRequestSchema, 201: playlistRequestSchema },
    },
    config: { access: 'user', limit: 'writes' },
    handler: async (request, reply) => {
      const { request: made, created } = await requests.requestRefresh(userOf(request), request.body);
      return reply.code(created ? 201 : 200).send(made);
    },
  });

  app.post('/api/playlists/community', {
    schema: {
      tags,
      summary: 'Submit a public YouTube playlist (a URL with a list parameter) as a community playlist',
      body: communityBodySchema,
      response: { 200: playlistRequestSchema, 201: playlistRequestSchema },
    },
    config: { access: 'user', limit: 'writes' },
    handler: async (request, reply) => {
      const { request: made, created } = await requests.submitCommunity(userOf(request), request.body.playlistUrl);
      return reply.code(created ? 201 : 200).send(made);
    },
  });

  app.get('/api/playlists/refresh', {
    schema: {
      tags,
      summary:
        'Pending refresh requests and community submissions (no playlistId), oldest first (admins). type=submission or type=refresh lists one of the two',
      querystring: pagingQuery.extend({
        type: z.preprocess((v) => (v === 'submission' || v === 'refresh' ? v : undefined), z.enum(['submission', 'refresh']).optional()),
      }),
      response: { 200: pageSchema(playlistRequestSchema) },
    },
    config: { access: 'admin' },
    handler: (request) => requests.pending({ page: request.query.page, size: request.query.size }, request.query.type),
  });

  app.post('/api/playlists/refresh/:id/approve', {
    schema: {
      tags,
      summary:
        'Approve: imports the playlist from YouTube now and answers what it added, kept and skipped (admins). 409 while another admin approves it; 502 when YouTube fails (the request stays pending)',
      params: idParams,
      response: { 200: playlistApprovalSchema },
    },
    config: { access: 'admin', limit: 'writes' },
    handler: (request) => requests.approve(userOf(request), request.params.id),
  });

  app.delete('/api/playlists/refresh/:id', {
    schema: {
      tags,
      summary: 'Reject: the request leaves the queue; the decision is kept (admins)',
      params: idParams,
      response: { 200: decisionSchema },
    },
    config: { access: 'admin', limit: 'writes' },
    handler: async (request) => {
      await requests.reject(userOf(request), request.params.id);
      return { id: request.params.id, status: 'rejected' as const };
    },
  });
}
