import { z } from 'zod';
import { blocklistAddBody, blocklistEntrySchema, blocklistSchema } from '../../../common/blocklist';
import { idParams } from '../../../common/query';
import { userOf } from '../../accounts/access';
import type { App } from '../../http/types';
import type { Blocklist } from './service';

/** GET and POST /api/requests/blocklist, DELETE /api/requests/blocklist/{id}: admins only. */
export function blocklistRoutes(app: App, blocklist: Blocklist) {
  const tags = ['requests'];
  app.get('/api/requests/blocklist', {
    schema: { tags, summary: 'The videos and channels no flip may request (admins)', response: { 200: blocklistSchema } },
    config: { access: 'admin' },
    handler: async () => ({ content: await blocklist.list() }),
  });
  app.post('/api/requests/blocklist', {
    schema: {
      tags,
      summary: 'Keep a video or a channel off the flip requests (admins); adding it again changes nothing',
      body: blocklistAddBody,
      response: { 200: blocklistEntrySchema },
    },
    config: { access: 'admin', limit: 'writes' },
    handler: (request) => blocklist.add(request.body, userOf(request)),
  });
  app.delete('/api/requests/blocklist/:id', {
    schema: {
      tags,
      summary: 'Take an entry off the blocklist (admins)',
      params: idParams,
      response: { 200: z.object({ ok: z.literal(true) }) },
    },
    config: { access: 'admin', limit: 'writes' },
    handler: async (request) => {
      await blocklist.remove(request.params.id);
      return { ok: true as const };
    },
  });
}
