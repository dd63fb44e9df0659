import { defineSlice } from '../../http/slice';
import { lifecycleRoutes } from './routes';
import { createLifecycle, type Lifecycle } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The control room: approve, reject with a refund, and the refunds' retries */
    lifecycle: Lifecycle;
  }
}

export const REFUND_RETRY_JOB = 'requests-refund-retry';

/** Paid requests' decisions (song-requests/lifecycle): the held list, approve, reject with a refund, and the job that retries refunds. */
export const lifecyclePlugin = defineSlice('request-lifecycle', ['accounts', 'events', 'jobs', 'payments', 'queue'], (app) => {
  const lifecycle = createLifecycle({
    db: app.database.db,
    events: app.events,
    queue: app.queue,
    payments: app.payments,
    now: app.clock,
    log: app.log,
  });
  app.decorate('lifecycle', lifecycle);
  lifecycleRoutes(app, lifecycle);
  // Only the instance whose transaction turned the request away refunds it at once; the retry job is the net.
  app.events.subscribe('request.refund', ({ payload, local }) => {
    if (local) return lifecycle.refundTurnedAway(payload.id);
  });
  const { reconcileAfterMinutes, reconcileIntervalSeconds } = app.config.payments;
  // Rides on the payments reconciliation's settings: a refund is retried as an open order is asked about.
  app.jobs.define(() => ({
    name: REFUND_RETRY_JOB,
    intervalMs: reconcileIntervalSeconds * 1000,
    runAtStart: reconcileIntervalSeconds > 0,
    run: (signal) => lifecycle.retryRefunds(new Date(app.clock().getTime() - reconcileAfterMinutes * 60_000), signal),
  }));
});
