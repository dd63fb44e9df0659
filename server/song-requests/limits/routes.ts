import { REQUEST_LIMITS_PATH, requestLimitsSchema } from '../../../common/request-limits';
import type { App } from '../../http/types';
import type { RequestLimits } from './service';

/** GET /api/requests/limits: whether the queue is full, for the request pages' first read (then the features socket). */
export function requestLimitsRoutes(app: App, limits: RequestLimits) {
  app.get(REQUEST_LIMITS_PATH, {
    schema: {
      tags: ['requests'],
      summary:
        'Whether the request queue is full (QUEUE_MAX requests waiting to play, flips and samples): VERIFY refuses everyone meanwhile. Kept current over /api/ws/requests/features',
      response: { 200: requestLimitsSchema },
    },
    config: { access: 'public' },
    handler: async () => ({ queueFull: await limits.queueFull() }),
  });
}
