import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PublicConfig } from '../../common/api';

/**
 * The installable app's files (issue 25) that the server answers itself rather than as built:
 *  - /index.html, the app shell with the public configuration written in (index-html.ts), as every
 *    page is answered: the service worker precaches it as its offline shell, which must start without
 *    GET /api/config;
 *  - /manifest.webmanifest, vite-plugin-pwa's manifest (vite.config.ts) named after the configured site,
 *    as the titles are.
 * Both `no-cache`, like every page: a release or a new name is seen at the next visit.
 */
export const SHELL_PATH = '/index.html';
export const MANIFEST_PATH = '/manifest.webmanifest';
export const MANIFEST_TYPE = 'application/manifest+json';

/** What @fastify/static must not serve from the build (their precompressed twins included): the routes above answer them. */
export const RENDERED_FILES = ['index.html*', 'manifest.webmanifest*'];

/** Launchers cut an app's short name past about 12 characters. */
const SHORT_NAME_MAX = 12;

/** The built manifest with the site's name; null when the build has none (a build without the plugin, tests). */
export function renderManifest(webDist: string, config: PublicConfig): string | null {
  const file = path.join(webDist, MANIFEST_PATH);
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const shortName = config.siteName.length <= SHORT_NAME_MAX ? config.siteName : config.streamerName;
  return JSON.stringify({ ...manifest, name: config.siteName, short_name: shortName });
}
