import { z } from 'zod';
import { idParams } from '../../../common/query';
import { RECEIPT_PATHS, receiptSchema } from '../../../common/receipt';
import type { EventBus } from '../../events';
import { HttpError } from '../../http/errors';
import type { App } from '../../http/types';
import { ChannelRefusal, type Gateway } from '../../realtime/gateway';
import { createRetryingReader } from '../../realtime/reader';
import type { ReceiptService } from './service';

/** GET /api/requests/{id}/receipt, and its socket /api/ws/requests/receipt?id= (issue 20). */
export function receiptRoutes(app: App, receipts: ReceiptService, gateway: Gateway, events: Pick<EventBus, 'subscribe' | 'onResync'>) {
  app.get('/api/requests/:id/receipt', {
    schema: {
      tags: ['requests'],
      summary:
        "A paid request's receipt (the history id): its state, place and ETA while waiting, its timeline, and once played the moment on stream and the song it became. Nothing private",
      params: idParams,
      response: { 200: receiptSchema },
    },
    config: { access: 'public' },
    handler: (request) => receipts.receipt(request.params.id),
  });

  const channel = gateway.channel({
    path: RECEIPT_PATHS.socket,
    query: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
    group: (query) => String(query.id),
    snapshot: async (query) => {
      try {
        return await receipts.receipt(query.id);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 404) throw new ChannelRefusal(error.message);
        throw error;
      }
    },
  });

  // Any request's change, or the queue moving, may change a watched receipt (its place, its ETA):
  // each watched one is read again and sent to its sockets. Few are watched at once (a fan each).
  const reader = createRetryingReader({
    read: async () => {
      const ids = channel.groups().map(Number);
      return Promise.all(ids.map(async (id) => [id, await receipts.receipt(id)] as const));
    },
    wanted: () => channel.groups().length > 0,
    deliver: (fresh) => {
      for (const [id, receipt] of fresh) channel.broadcast(String(id), receipt);
    },
    what: 'receipts',
    log: app.log,
  });
  events.subscribe('request.changed', () => reader.refresh());
  events.subscribe('queue.changed', () => reader.refresh());
  events.onResync(() => reader.refresh());
}
