import { defineSlice } from '../http/slice';
import { type RadioSlice, registerRadio } from './index';

declare module 'fastify' {
  interface FastifyInstance {
    /** The radio: its stations, the feed and timers, the listener count */
    radio: RadioSlice;
  }
}

/** The radio; its timers are armed after the jobs start, and stopped before them (an advance holds a job lock). */
export const radioPlugin = defineSlice('radio', ['accounts', 'read-cache', 'events', 'realtime', 'catalogue', 'jobs'], (app) => {
  const radio = registerRadio(app, {
    db: app.database.db,
    events: app.events,
    gateway: app.gateway,
    now: app.clock,
    catalogue: app.catalogue,
    jobs: app.jobs,
    topSize: app.config.radio.topSize,
  });
  app.decorate('radio', radio);
  app.jobs.afterStart(() => radio.start());
  app.jobs.beforeStop(() => radio.stop());
});
