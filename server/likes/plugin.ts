import { defineSlice } from '../http/slice';
import { likeRoutes } from './routes';
import { createLikesService, type LikesService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    likes: LikesService;
  }
}

/**
 * Likes, and every viewer's liked ids kept in memory (likes/liked-sets.ts): the read cache writes them
 * into its public answers for logged-in readers, and a like anywhere forgets that user's on every instance.
 */
export const likesPlugin = defineSlice('likes', ['accounts', 'catalogue', 'events', 'read-cache'], (app) => {
  const { events } = app;
  const likes = createLikesService(app.database.db, app.config, app.catalogue, {
    now: app.clock,
    announce: (tx, userId) => events.publish(tx, 'likes.changed', { userId }),
  });
  app.decorate('likes', likes);
  events.subscribe('likes.changed', ({ payload, local }) => {
    if (!local) likes.likedSets.forget(payload.userId);
  });
  // Likes made elsewhere while this instance was not listening went unheard.
  events.onResync(() => likes.likedSets.clear());
  app.readCache.useViewerLikes((userId, kind) => likes.likedSets.of(userId, kind));
  likeRoutes(app, likes);
});
