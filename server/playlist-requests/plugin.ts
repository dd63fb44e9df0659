import { defineSlice } from '../http/slice';
import { playlistRequestRoutes } from './routes';
import { createPlaylistRequestsService, type PlaylistRequestsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    playlistRequests: PlaylistRequestsService;
  }
}

export const playlistRequestsPlugin = defineSlice('playlist-requests', ['accounts', 'catalogue', 'providers', 'sync'], (app) => {
  const requests = createPlaylistRequestsService(app.database.db, app.sync, () => app.providers().youtube);
  app.decorate('playlistRequests', requests);
  playlistRequestRoutes(app, requests);
});
