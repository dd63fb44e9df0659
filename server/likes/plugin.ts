import { defineSlice } from '../http/slice';
import { likeRoutes } from './routes';
import { createLikesService, type LikesService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    likes: LikesService;
  }
}

export const likesPlugin = defineSlice('likes', ['accounts', 'catalogue'], (app) => {
  const likes = createLikesService(app.database.db, app.config, app.catalogue, app.clock);
  app.decorate('likes', likes);
  likeRoutes(app, likes);
});
