import { defineSlice } from '../http/slice';
import { type PaymentsSlice, registerPayments } from './index';

declare module 'fastify' {
  interface FastifyInstance {
    /** Orders and captures of paid features: each paid kind registers itself on it */
    payments: PaymentsSlice;
  }
}

/** Payments: the service paid kinds register with, PayPal's webhook, and the reconciliation job. */
export const paymentsPlugin = defineSlice('payments', ['accounts', 'providers', 'jobs'], (app) => {
  const payments = registerPayments(app, {
    config: app.config,
    db: app.database.db,
    paypal: () => app.providers().paypal,
    now: app.clock,
    log: app.log,
  });
  app.decorate('payments', payments);
  app.jobs.define(() => payments.job());
});
