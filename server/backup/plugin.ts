import { defineSlice } from '../http/slice';
import { backupRoutes } from './routes';

/** Backups (docs/production.md): the route the CLI asks when this server holds the embedded database. */
export const backupPlugin = defineSlice('backup', ['core'], (app) => {
  backupRoutes(app, app.database);
});
