import { defineSlice } from '../http/slice';
import { createNotifications, type Notifications } from './index';

declare module 'fastify' {
  interface FastifyInstance {
    /** The streamer's Discord notifications: `enqueueRequestNotice(tx, notice)` in a paid request's transaction */
    notifications: Notifications;
  }
}

/** Discord posts of paid requests: the outbox service, its sender job, and the kick after each commit. */
export const notificationsPlugin = defineSlice('notifications', ['core', 'providers', 'events', 'jobs'], (app) => {
  const notifications = createNotifications({
    db: app.database.db,
    site: app.config.discord ? { publicUrl: app.config.publicUrl, siteName: app.config.site.name } : null,
    discord: () => app.providers().discord,
    events: app.events,
    jobs: app.jobs,
    now: app.clock,
    log: app.log,
  });
  app.decorate('notifications', notifications);
  app.addHook('onClose', () => notifications.stop());
  if (!notifications.enabled) return;
  app.jobs.define(() => notifications.job());
  // The instance that wrote the post sends it: it knows first, and the job's lock keeps it to one.
  app.events.subscribe('notifications.queued', ({ local }) => (local ? notifications.kick() : undefined));
});
