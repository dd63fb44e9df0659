import { z } from 'zod';
import { QUEUE_PATHS, queueNextQuery, queueSchema } from '../../../common/queue';
import type { App } from '../../http/types';
import type { Gateway } from '../../realtime/gateway';
import { admin } from '../transitions';
import type { QueueFeed, QueueService } from './service';

/** The one group of the queue socket: everyone sees the same queue. */
const GROUP = 'queue';

/** GET /api/requests/flip/queue, POST /api/requests/flip/next, WebSocket /api/ws/requests/flip/queue. */
export function queueRoutes(app: App, queue: QueueService, feed: QueueFeed, gateway: Gateway) {
  const tags = ['requests'];

  app.get(QUEUE_PATHS.queue, {
    schema: {
      tags,
      summary: 'The flip request queue: what is playing first, then the queued requests oldest first',
      response: { 200: queueSchema },
    },
    config: { access: 'public' },
    handler: () => queue.read(),
  });

  app.post(QUEUE_PATHS.next, {
    schema: {
      tags,
      summary:
        'NEXT REQUEST (no id): what is playing becomes played and the oldest queued request plays. Set playing (?id=): that queued request plays instead. Answers the new queue (admins); 404 when the id is not queued',
      querystring: queueNextQuery,
      response: { 200: queueSchema },
    },
    config: { access: 'admin', limit: 'writes' },
    // access: 'admin' made sure of the user (accounts/access.ts, which this folder may not import: overlays imports it).
    handler: (request) => queue.next(request.query.id, admin(request.user!.id)),
  });

  const channel = gateway.channel({
    path: QUEUE_PATHS.socket,
    query: z.object({}),
    group: () => GROUP,
    snapshot: () => queue.read(),
  });
  feed.watch(
    (items) => channel.broadcast(GROUP, items),
    () => channel.size(GROUP) > 0,
  );
}
