import { defineSlice } from '../../http/slice';
import { topRoutes } from './routes';
import { createTopService } from './service';

export const statsTopPlugin = defineSlice('stats-top', ['catalogue'], (app) => {
  topRoutes(app, createTopService(app.database.db, app.catalogue, app.clock));
});
