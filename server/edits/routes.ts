import { z } from 'zod';
import { pageSchema } from '../../common/api';
import {
  clipEditSchema,
  editRequestSchema,
  editResultSchema,
  mediaEditSchema,
  playlistEditSchema,
  streamEditSchema,
} from '../../common/edits';
import { ENTITY_KINDS } from '../../common/enums';
import { idParams, pagingQuery } from '../../common/query';
import { userOf } from '../accounts/access';
import type { App } from '../http/types';
import type { EditsService } from './service';

/**
 * POST /api/{kind}/{id} (spec 7: submits a change), and the admin's queue:
 * GET /api/{kind}/edits, POST /api/{kind}/edits/{id}/approve, DELETE /api/{kind}/edits/{id}.
 */

const PAYLOADS = { media: mediaEditSchema, streams: streamEditSchema, playlists: playlistEditSchema, clips: clipEditSchema } as const;

const decisionSchema = z.object({ id: z.number().int(), status: z.enum(['approved', 'rejected']) });

export function editRoutes(app: App, edits: EditsService) {
  for (const kind of ENTITY_KINDS) {
    const tags = [kind];

    app.post(`/api/${kind}/:id`, {
      schema: {
        tags,
        summary: `Edit one of the ${kind}: applied at once for admins (200), queued as an edit request for others (202). Fields left out stay as they are; null clears one`,
        params: idParams,
        body: PAYLOADS[kind],
        response: { 200: editResultSchema, 202: editResultSchema },
      },
      config: { access: 'user', limit: 'writes' },
      handler: async (request, reply) => {
        const user = userOf(request);
        const result = await edits.submit(user, kind, request.params.id, request.body);
        return reply.code(result.applied ? 200 : 202).send(result);
      },
    });

    app.get(`/api/${kind}/edits`, {
      schema: {
        tags,
        summary: `Pending ${kind} edit requests, oldest first (admins)`,
        querystring: pagingQuery,
        response: { 200: pageSchema(editRequestSchema) },
      },
      config: { access: 'admin' },
      handler: (request) => edits.pending(kind, request.query),
    });

    app.post(`/api/${kind}/edits/:id/approve`, {
      schema: {
        tags,
        summary: `Approve a ${kind} edit request: its changes are applied (admins)`,
        params: idParams,
        response: { 200: decisionSchema },
      },
      config: { access: 'admin', limit: 'writes' },
      handler: async (request) => {
        await edits.approve(userOf(request), kind, request.params.id);
        return { id: request.params.id, status: 'approved' as const };
      },
    });

    app.delete(`/api/${kind}/edits/:id`, {
      schema: {
        tags,
        summary: `Reject a ${kind} edit request: it leaves the queue, the decision is kept (admins)`,
        params: idParams,
        response: { 200: decisionSchema },
      },
      config: { access: 'admin', limit: 'writes' },
      handler: async (request) => {
        await edits.reject(userOf(request), kind, request.params.id);
        return { id: request.params.id, status: 'rejected' as const };
      },
    });
  }
}
