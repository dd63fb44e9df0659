import { defineSlice } from '../http/slice';
import { searchRoutes } from './routes';

/** Search as you type, over the catalogue's word index. */
export const searchPlugin = defineSlice('search', ['catalogue'], (app) => {
  searchRoutes(app, app.catalogue);
});
