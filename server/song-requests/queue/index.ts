import type { EventBus } from '../../events';
import type { App } from '../../http/types';
import type { Gateway } from '../../realtime/gateway';
import { queueRoutes } from './routes';
import { createQueueFeed, createQueueService, type QueueDeps } from './service';

export type { QueueFeed, QueueService, QueueWriter } from './service';

/**
 * The flip queue: its routes and socket, and the feed that re-reads it after a queue.changed from
 * any instance (or after the bus lost and regained its connection: changes may have gone unheard).
 */
export function registerQueue(app: App, deps: QueueDeps & { events: EventBus; gateway: Gateway }) {
  const queue = createQueueService(deps);
  const feed = createQueueFeed(queue.read, app.log);
  deps.events.subscribe('queue.changed', () => feed.refresh());
  deps.events.onResync(() => feed.refresh());
  queueRoutes(app, queue, feed, deps.gateway);
  return { queue, feed };
}
