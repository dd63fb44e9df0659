import { defineSlice } from '../../http/slice';
import { timelineRoutes } from './routes';
import { createTimelineService } from './service';

export const statsTimelinePlugin = defineSlice('stats-timeline', ['catalogue'], (app) => {
  timelineRoutes(app, createTimelineService(app.database.db, app.catalogue, app.clock));
});
