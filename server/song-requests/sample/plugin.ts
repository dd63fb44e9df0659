import { defineSlice } from '../../http/slice';
import { registerSampleRequests } from './index';

/** Paid voice samples (recording requests): validated, paid, replayed and played by the streamer's sample player. */
export const samplePlugin = defineSlice(
  'sample',
  ['accounts', 'events', 'realtime', 'payments', 'overlays', 'request-features', 'request-limits', 'notifications', 'queue'],
  (app) => {
    registerSampleRequests(app, {
      db: app.database.db,
      features: app.features,
      limits: app.requestLimits,
      events: app.events,
      payments: app.payments,
      now: app.clock,
      ...app.config.samples,
      overlayAccess: app.overlayAccess,
      gateway: app.gateway,
      requireApproval: app.config.requests.requireApproval.sample,
      notifications: app.notifications,
      queue: app.queue,
    });
  },
);
