import type { FastifyRequest } from 'fastify';
import { onThisDaySchemas } from '../../common/on-this-day';
import { ON_THIS_DAY_KINDS, ON_THIS_DAY_PER_YEAR, onThisDayPath } from '../../common/on-this-day-paths';
import type { ViewerSource } from '../catalogue/service';
import { KINDS } from '../db/kinds';
import type { App } from '../http/types';
import type { OnThisDayService } from './service';

/**
 * GET /api/{media,streams,clips}/on-this-day. Public and the same for every logged-out visitor, so the
 * read cache, browsers and nginx may keep it like the catalogue's reads; a logged-in viewer's answer
 * adds their liked flags. Its cache key also names today's date in the site's time zone: an answer
 * built before midnight is never served after it. (The key is taken before the handler reads the
 * clock: at worst an answer built across midnight is the new day's, kept under the old day's key,
 * which no later request asks for.)
 *
 * A fixed path: Fastify's router prefers it to `/api/{kind}/:id` whatever the order of registration.
 */
export function onThisDayRoutes(app: App, service: OnThisDayService, viewerOf: (request: FastifyRequest) => ViewerSource) {
  for (const kind of ON_THIS_DAY_KINDS) {
    const { noun } = KINDS[kind];
    app.get(onThisDayPath(kind), {
      config: { access: 'public', readCache: true, readCacheViewer: { liked: kind }, readCacheVariant: service.today },
      schema: {
        tags: [kind],
        summary: `On this day: ${noun}s uploaded on today's month and day (in SITE_TIME_ZONE) in earlier years, oldest year first; the ${ON_THIS_DAY_PER_YEAR} most viewed of each year. On 28 February of a year without a leap day, earlier leap days count too`,
        response: { 200: onThisDaySchemas[kind] },
      },
      handler: (request) => service.list(kind, viewerOf(request)),
    });
  }
}
