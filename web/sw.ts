/**
 * The service worker (issue 25, "An app on the phone"), built by vite-plugin-pwa (injectManifest,
 * vite.config.ts) into dist/web/sw.js. Workbox does the work; this file only says what goes where:
 *
 * - The precache: the app shell (index.html, which the server answers with the public configuration
 *   written in, server/site/plugin.ts), every hashed script and style, the manifest and its icons.
 *   Installed once, answered from the cache ever after, so every screen's code is there offline.
 * - Page loads (navigations) always go to the network first, and their answers are never kept: an
 *   online visit gets the server's newest shell, never a stale one. Only when the network fails does
 *   the precached shell answer, and the app says "You are offline" (OfflineNotice.tsx).
 * - Nothing else is handled, so nothing else is cached: API answers (public or with a session), the
 *   sockets, /metrics, the sandbox (PayPal's stand-in approval pages) and images all go to the network
 *   as if there were no worker; the payment pages are the shell like every other screen.
 *
 * Updates: a new worker installs its precache, takes over at once (skipWaiting, clientsClaim) and
 * drops what the old one precached; the open page already runs the newest shell (its load went to the
 * network), and the next visit's lazy chunks come from the new precache. The server sends sw.js and
 * index.html with `Cache-Control: no-cache`, so a release is seen at the next visit.
 */
import { clientsClaim } from 'workbox-core';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, type PrecacheEntry, PrecacheFallbackPlugin, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';

// The project type-checks with the DOM library; the worker's own global, as far as it is used here.
declare const self: {
  /** The precache list vite-plugin-pwa writes in at build time */
  __WB_MANIFEST: (PrecacheEntry | string)[];
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install', listener: () => void): void;
};

/** The precached app shell the offline page loads answer with */
const SHELL = '/index.html';

/** Page loads the worker leaves alone: the API (logins' redirects, /api/docs), the sandbox's pages, metrics, images, overlays. */
const NOT_THE_APP = [/^\/api\//, /^\/sandbox\//, /^\/metrics(\/|$)/, /^\/images\//, /^\/overlays\//];

self.addEventListener('install', () => void self.skipWaiting());
clientsClaim();

// The page's request starts while the worker wakes up, so network-first costs no extra wait.
enableNavigationPreload();
registerRoute(
  new NavigationRoute(new NetworkOnly({ plugins: [new PrecacheFallbackPlugin({ fallbackURL: SHELL })] }), { denylist: NOT_THE_APP }),
);

cleanupOutdatedCaches();
// No directory index or clean URLs: "/" is a page load (network first above), never the precached index.html.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
