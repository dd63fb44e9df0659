import type { FastifyRequest } from 'fastify';
import { OVERLAY_PATHS, overlayKeyQuery, overlayLinksSchema, overlayQueueSchema } from '../../common/overlays';
import type { Config } from '../config';
import type { App } from '../http/types';
import type { Gateway } from '../realtime/gateway';
import type { QueueFeed, QueueService } from '../song-requests/queue';
import { presentOverlayQueue } from '../song-requests/queue/present';
import type { OverlayAccess } from './key';

const GROUP = 'queue';

const keyOf = (request: FastifyRequest) => (request.query as { key?: unknown } | undefined)?.key;

/** GET /api/overlays (admins), GET /api/overlays/queue?key= and WebSocket /api/ws/overlays/queue?key=. */
export function overlayRoutes(
  app: App,
  deps: { config: Config; access: OverlayAccess; queue: QueueService; feed: QueueFeed; gateway: Gateway },
) {
  const { access, queue } = deps;
  const tags = ['overlays'];

  app.get(OVERLAY_PATHS.list, {
    schema: {
      tags,
      summary: 'The stream overlay pages to add to OBS as browser sources, key included (admins); empty without OVERLAY_KEY',
      response: { 200: overlayLinksSchema },
    },
    config: { access: 'admin' },
    handler: () => {
      if (access.key === null) return [];
      const key = encodeURIComponent(access.key);
      return [
        { name: 'Flip request queue', url: `${deps.config.publicUrl}${OVERLAY_PATHS.queuePage}?key=${key}` },
        { name: 'Sample player', url: `${deps.config.publicUrl}${OVERLAY_PATHS.samplesPage}?key=${key}` },
      ];
    },
  });

  app.get(OVERLAY_PATHS.queue, {
    schema: {
      tags,
      summary: 'The queue overlay: what is playing and the next three queued requests. 403 without the overlay key',
      querystring: overlayKeyQuery,
      response: { 200: overlayQueueSchema },
    },
    config: { access: 'overlay' },
    handler: async () => presentOverlayQueue(await queue.read()),
  });

  const channel = deps.gateway.channel({
    path: OVERLAY_PATHS.queueSocket,
    query: overlayKeyQuery,
    group: () => GROUP,
    snapshot: async () => presentOverlayQueue(await queue.read()),
    refuse: (request) => access.refusal(keyOf(request)),
  });
  deps.feed.watch(
    (items) => channel.broadcast(GROUP, presentOverlayQueue(items)),
    () => channel.size(GROUP) > 0,
  );
}
