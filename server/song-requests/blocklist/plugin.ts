import { defineSlice } from '../../http/slice';
import { blocklistRoutes } from './routes';
import { type Blocklist, createBlocklist } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Videos and channels no flip may request (checked at VERIFY) */
    blocklist: Blocklist;
  }
}

export const blocklistPlugin = defineSlice('request-blocklist', ['accounts'], (app) => {
  const blocklist = createBlocklist(app.database.db, app.clock);
  app.decorate('blocklist', blocklist);
  blocklistRoutes(app, blocklist);
});
