import { defineSlice } from '../../http/slice';
import { type QueueFeed, type QueueService, registerQueue } from './index';

declare module 'fastify' {
  interface FastifyInstance {
    /** The flip queue: reads, NEXT, and the writer paid flips go through */
    queue: QueueService;
    /** The queue as last read, pushed to its sockets (the page's and the overlay's) */
    queueFeed: QueueFeed;
  }
}

export const queuePlugin = defineSlice('queue', ['accounts', 'events', 'realtime'], (app) => {
  const { queue, feed } = registerQueue(app, { db: app.database.db, events: app.events, gateway: app.gateway, now: app.clock });
  app.decorate('queue', queue);
  app.decorate('queueFeed', feed);
});
