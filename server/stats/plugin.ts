import { defineSlice } from '../http/slice';
import { statsRoutes } from './routes';

export const statsPlugin = defineSlice('stats', ['catalogue'], (app) => {
  statsRoutes(app, app.database.db, app.catalogue, app.clock);
});
