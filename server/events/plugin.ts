import { defineSlice } from '../http/slice';
import { type EventBus, startEventBus } from './index';

declare module 'fastify' {
  interface FastifyInstance {
    /** Events across instances (catalogue.changed, queue.changed ...); each slice subscribes to its own */
    events: EventBus;
  }
}

export const eventsPlugin = defineSlice('events', ['core'], async (app) => {
  app.decorate('events', await startEventBus(app, app.database));
});
