import { defineSlice } from '../../http/slice';
import { publicConfig } from '../../site/routes';
import { registerFlipRequests } from './index';

/** Paid flip requests: validated, paid through payments, written to the queue and the history. */
export const flipPlugin = defineSlice(
  'flip',
  ['accounts', 'providers', 'payments', 'queue', 'request-features', 'request-blocklist'],
  (app) => {
    registerFlipRequests(app, {
      db: app.database.db,
      features: app.features,
      blocklist: app.blocklist,
      youtube: () => app.providers().youtube,
      videoImageBase: publicConfig(app.config).videoImageBase,
      maxVideoMinutes: app.config.requests.flipMaxVideoMinutes,
      now: app.clock,
      payments: app.payments,
      queue: app.queue,
    });
  },
);
