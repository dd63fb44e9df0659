import { defineSlice } from '../../http/slice';
import { receiptRoutes } from './routes';
import { createReceiptService, type ReceiptService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The fans' receipts of paid requests */
    receipts: ReceiptService;
  }
}

/** A page per paid request (issue 20): its state, place, ETA, timeline and moment on stream, live on a socket. */
export const receiptPlugin = defineSlice('request-receipt', ['core', 'events', 'realtime'], (app) => {
  const receipts = createReceiptService({ db: app.database.db, now: app.clock, slotMinutes: app.config.requests.slotMinutes });
  app.decorate('receipts', receipts);
  receiptRoutes(app, receipts, app.gateway, app.events);
});
