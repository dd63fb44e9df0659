import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ENTITY_KINDS } from '../../common/enums';
import type { CatalogueService } from '../catalogue/service';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { App } from '../http/types';
import { createPageAnswers } from './page-answers';
import { MAX_ITEM_ID, matchPage } from './pages';
import { createShareCards, SITE_IMAGE_PATH } from './share-cards';
import { type AppShell, createAppShell } from './share-html';
import { createShareImages, type ShareImage } from './share-image';

/**
 * Share cards: every page of the app shell carries Open Graph and Twitter card tags, an item's page
 * those of its item, and /images/share/ serves the 480x270 images they point at.
 */

/** Share images change only when an item's thumbnail does: a day is fresh enough, and the ETag revalidates. */
const IMAGE_CACHE_CONTROL = 'public, max-age=86400';

const imageParams = z.object({
  kind: z.enum(ENTITY_KINDS),
  file: z.string().regex(/^\d{1,10}\.jpg$/, 'is not {id}.jpg'),
});

export interface SharePages {
  /**
   * The app shell for a request URL, with that page's card and its first screen's data
   * (page-answers.ts; `withData: false` leaves them out); null when no web app is served
   */
  page(url: string, options?: { withData?: boolean }): Promise<string> | null;
}

export function shareRoutes(
  app: App,
  options: {
    config: Config;
    db: Db;
    catalogue: CatalogueService;
    /** Where thumbnails are, as /images/thumbnails/ serves them */
    thumbnailDirs: readonly string[];
    /** The app shell with the public configuration (site/index-html.ts), when the web app is served */
    shell: string | null;
  },
): SharePages {
  const { config } = options;
  const shell = options.shell === null ? null : createAppShell(options.shell);
  const cards = createShareCards({ ...options, description: shell?.description });
  const pageAnswers = createPageAnswers(app, {
    publicUrl: config.publicUrl,
    ttlMs: config.readCacheMs,
    onChanged: (listener) => options.catalogue.onChanged(listener),
  });
  const images = createShareImages({ thumbnailDirs: options.thumbnailDirs, cacheDir: path.join(config.dataDir, 'share-images') });

  const send = (request: FastifyRequest, reply: FastifyReply, image: ShareImage) => {
    reply.header('Cache-Control', IMAGE_CACHE_CONTROL).header('ETag', image.etag);
    if (request.headers['if-none-match'] === image.etag) return reply.code(304).send();
    return reply.type('image/jpeg').send(image.body);
  };

  app.get(SITE_IMAGE_PATH, { schema: { hide: true } }, async (request, reply) => send(request, reply, await images.siteImage()));

  app.get('/images/share/:kind/:file', { schema: { hide: true, params: imageParams } }, async (request, reply) => {
    const { kind } = request.params;
    const id = Number.parseInt(request.params.file, 10);
    // Unknown items (and ids no item can have) get the site's image: a link posted earlier still shows something.
    const item = id >= 1 && id <= MAX_ITEM_ID ? await cards.item(kind, id) : null;
    const image = await images.itemImage(kind, id, item?.thumbnail ?? null).catch((error: Error) => {
      request.log.warn({ err: error }, `share image of ${kind} ${id} not made`);
      return images.siteImage();
    });
    return send(request, reply, image);
  });

  async function render(appShell: AppShell, url: string, withData: boolean) {
    const page = matchPage(url);
    const [card, more] = await Promise.all([cards.cardFor(page), withData ? pageAnswers.tagsFor(page, url) : []]);
    return appShell.render(card, more);
  }

  return {
    page: (url, { withData = true } = {}) => (shell ? render(shell, url, withData) : null),
  };
}
