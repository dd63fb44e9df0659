import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { sendCompressedText } from '../http/compressed-text';
import { noSuchPath } from '../http/error-handler';
import { defineSlice } from '../http/slice';
import { renderIndexHtml } from './index-html';
import { publicConfig, siteRoutes } from './routes';
import { shareRoutes } from './share';
import { MANIFEST_PATH, MANIFEST_TYPE, RENDERED_FILES, renderManifest, SHELL_PATH } from './web-app';

const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const WEB_DIST = path.join(root, 'dist', 'web');
const DEMO_THUMBNAILS = path.join(root, 'server', 'demo', 'thumbnails');

export interface SiteOptions {
  /** Serve the built web app (default true, when it is built) */
  serveWeb?: boolean;
  /** The built web app (default dist/web) */
  webDist?: string;
}

/**
 * The site around the API: its settings and health, the thumbnails, the built web app, the share
 * cards, and the answer to every other path (the app shell for client routes, else a 404).
 * Registered last: its not-found handler answers what no slice does.
 */
export const sitePlugin = defineSlice<SiteOptions>('site', ['core', 'catalogue'], async (app, options) => {
  const { config } = app;
  siteRoutes(app, config, app.database.db);

  const thumbnailDirs = [path.join(config.dataDir, 'thumbnails'), DEMO_THUMBNAILS];
  const thumbnailRoots = thumbnailDirs.filter((dir) => existsSync(dir));
  if (thumbnailRoots.length > 0) {
    await app.register(fastifyStatic, {
      root: thumbnailRoots,
      prefix: '/images/thumbnails/',
      decorateReply: false,
      maxAge: '30d',
      immutable: true,
    });
  }

  const webDist = options.webDist ?? WEB_DIST;
  const serveWeb = options.serveWeb !== false && existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // Answered with the configuration written in (web-app.ts), below.
      globIgnore: RENDERED_FILES,
      // scripts/compress-web.ts writes .br/.gz beside the build; they are sent to clients that accept them.
      preCompressed: true,
      // Hashed assets never change; everything else (sw.js, icons, favicon) must always be revalidated.
      setHeaders: (res, filePath) => {
        res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const shell = serveWeb ? renderIndexHtml(webDist, publicConfig(config)) : null;
  const share = shareRoutes(app, { config, db: app.database.db, catalogue: app.catalogue, thumbnailDirs, shell });
  const manifest = serveWeb ? renderManifest(webDist, publicConfig(config)) : null;
  if (shell) {
    // The service worker's offline shell (web/sw.ts): the home page's, without its first screen's
    // data, which the worker would keep and an offline visit of any page would start from.
    app.get(SHELL_PATH, { schema: { hide: true } }, async (request, reply) =>
      sendCompressedText(
        request,
        reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8'),
        // A page is there whenever the shell is.
        (await share.page('/', { withData: false }))!,
      ),
    );
  }
  if (manifest) {
    app.get(MANIFEST_PATH, { schema: { hide: true } }, (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').type(MANIFEST_TYPE).send(manifest),
    );
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const page = request.method === 'GET' && !/^\/(api|images|sandbox)\//.test(url) ? share.page(url) : null;
    if (page) {
      // Client routes (and unknown paths, which the web redirects home) get the app shell, with the page's share card.
      return sendCompressedText(request, reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8'), await page);
    }
    return reply.code(404).send(noSuchPath(request));
  });
});
