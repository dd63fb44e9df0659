import { defineSlice } from '../../http/slice';
import { registerSampleRequests } from './index';

/** Paid voice samples (recording requests): validated, paid, replayed and played by the streamer's sample player. */
export const samplePlugin = defineSlice('sample', ['accounts', 'events', 'realtime', 'payments', 'overlays', 'request-features'], (app) => {
  registerSampleRequests(app, {
    db: app.database.db,
    features: app.features,
    events: app.events,
    payments: app.payments,
    now: app.clock,
    ...app.config.samples,
    overlayAccess: app.overlayAccess,
    gateway: app.gateway,
  });
});
