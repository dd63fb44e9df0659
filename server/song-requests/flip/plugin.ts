import { defineSlice } from '../../http/slice';
import { publicConfig } from '../../site/routes';
import { registerFlipRequests } from './index';

/** Paid flip requests: validated, paid through payments, written to the queue and the history. */
export const flipPlugin = defineSlice(
  'flip',
  ['accounts', 'events', 'providers', 'payments', 'queue', 'request-features', 'request-blocklist', 'request-limits', 'notifications'],
  (app) => {
    registerFlipRequests(app, {
      db: app.database.db,
      features: app.features,
      blocklist: app.blocklist,
      limits: app.requestLimits,
      youtube: () => app.providers().youtube,
      videoImageBase: publicConfig(app.config).videoImageBase,
      maxVideoMinutes: app.config.requests.flipMaxVideoMinutes,
      now: app.clock,
      payments: app.payments,
      queue: app.queue,
      events: app.events,
      requireApproval: app.config.requests.requireApproval.flip,
      notifications: app.notifications,
    });
  },
);
