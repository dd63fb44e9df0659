import { defineSlice } from '../http/slice';
import { editRoutes } from './routes';
import { createEditsService, type EditsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    edits: EditsService;
  }
}

export const editsPlugin = defineSlice('edits', ['accounts', 'catalogue'], (app) => {
  const edits = createEditsService(app.database.db, app.catalogue, app.clock);
  app.decorate('edits', edits);
  editRoutes(app, edits);
});
