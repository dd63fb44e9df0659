import { Workbox } from 'workbox-window';

/** Where vite-plugin-pwa writes the worker built from web/sw.ts */
const WORKER_URL = '/sw.js';

/**
 * Registers the service worker (web/sw.ts): the installable app's precache and offline shell. A chunk
 * of its own, asked for after start-up (main.tsx, `later`), so the first screen never waits for it.
 * A failure only costs the offline shell: logged, nothing shown.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  new Workbox(WORKER_URL, { scope: '/' })
    // The page's load has long passed: no need to wait for it.
    .register({ immediate: true })
    .catch((error: unknown) => console.error('The service worker could not be registered', error));
}
