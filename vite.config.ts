import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** The pink of the theme (theme.ts, Mantine's pink 6): the browser's bar and the installed app's splash. */
const THEME_COLOUR = '#e64980';

/**
 * Mantine computes its default theme's ~600 CSS variables when its MantineProvider module loads, only
 * to leave out of the <style> it writes the ones equal to its defaults. The app writes no such <style>
 * (withCssVariables off: web/theme.gen.css carries them), yet paid that computation in the entry's
 * evaluation, the first task after the first paint (~20 ms of ~210 on this project's test host,
 * unthrottled; issue 23). This computes it at its first use instead, which the app never makes. The
 * build fails if Mantine's file or line changes (an upgrade): then check whether this is still needed.
 */
function lazyMantineDefaultVariables(): Plugin {
  const file = /@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineCssVariables[\\/]remove-default-variables\.mjs$/;
  const eager = 'const defaultCssVariables = defaultCssVariablesResolver(DEFAULT_THEME);';
  const firstUse = 'function removeDefaultVariables(input) {';
  let applied = false;
  return {
    name: 'almanac:lazy-mantine-default-variables',
    apply: 'build',
    transform(code, id) {
      if (!file.test(id)) return null;
      if (!code.includes(eager) || !code.includes(firstUse))
        this.error(`${id} changed: review lazyMantineDefaultVariables in vite.config.ts`);
      applied = true;
      return code
        .replace(eager, 'let defaultCssVariables;')
        .replace(firstUse, `${firstUse}\n\tdefaultCssVariables ??= defaultCssVariablesResolver(DEFAULT_THEME);`);
    },
    buildEnd(error) {
      if (!error && !applied)
        this.error(`Mantine's remove-default-variables.mjs was not bundled: review lazyMantineDefaultVariables in vite.config.ts`);
    },
  };
}

/**
 * Lazy chunks of the shell that no first screen waits for: the loading bar and the footer (below the
 * fold). Asked for as the shell first renders, each made Vite's preload helper add a <link
 * rel="modulepreload"> for 5-7 chunks in that render (~25 ms of appendChild in this host's traces of
 * /media/{id}, unthrottled) and put those requests beside the first screen's own (issue 23). Without
 * the list, the browser fetches a chunk's imports when the chunk arrives: a round trip later, for
 * parts that are not in the first screen. Their stylesheets still load as before (Vite keeps CSS apart).
 */
const NOT_PRELOADED = /(^|\/)(LoadingBar|SiteFooter)-[\w-]+\.js$/;

/** The web app lives in web/; the server serves the build from dist/web (server/app.ts). */
export default defineConfig({
  root: 'web',
  plugins: [
    react(),
    lazyMantineDefaultVariables(),
    /**
     * The installable app (issue 25): the manifest (linked from index.html by the plugin; the server
     * answers it with the configured site name, server/site/web-app.ts) and the service worker, web/sw.ts
     * with the precache list written in. The app registers the worker itself, after start-up
     * (web/pwa/register.ts), so the plugin injects no registration script.
     */
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: {
        id: '/',
        name: 'Almanac',
        short_name: 'Almanac',
        description: 'A fan almanac of songs, streams, playlists and clips, with a 24/7 radio.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOUR,
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The shell, every hashed script and style, the logo and icons; never the .br/.gz twins (scripts/compress-web.ts).
        globPatterns: ['**/*.{js,css,html,svg,png}'],
        // A classic worker: module workers are newer than some phones the site supports.
        rollupFormat: 'iife',
      },
    }),
  ],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // The home route budget is 150 kB gzipped (issue 23, bench/bundle.ts); warn well before a single chunk gets near it.
    chunkSizeWarningLimit: 600,
    modulePreload: {
      // Every browser the site supports knows <link rel="modulepreload">: no polyfill in the entry.
      polyfill: false,
      resolveDependencies: (file, deps) => (NOT_PRELOADED.test(file) ? [] : deps),
    },
    rolldownOptions: {
      output: {
        /**
         * What a first visit loads anyway ('$initial': the entry's static imports, recursively) goes
         * into three chunks the page preloads together: React, Mantine and our own startup code (with
         * the rest of its libraries). Without groups Rolldown splits such modules into many small
         * shared chunks once lazy screens share them (rolldown/rolldown#10731): 31 scripts instead of
         * a few for home, 10 kB more gzip. One group alone made one 700 kB chunk, over the warning
         * limit; split by library, each part is well under it for 0.4 kB more gzip. Lazy screens keep
         * only their own code: the '$initial' tag leaves out library modules only they use (issue 23:
         * so what the Mantine chunk holds is what the shell imports statically; one group for all is
         * now 0.3 kB smaller, but React's chunk keeps its hash across our releases).
         */
        codeSplitting: {
          groups: [
            { name: 'react', tags: ['$initial'], test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'mantine', tags: ['$initial'], test: /node_modules[\\/]@mantine[\\/]/, priority: 2 },
            { name: 'app', tags: ['$initial'], test: (id) => !id.includes('node_modules'), priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': {
        target: 'http://localhost:3000',
        ws: true,
        // web/api/*.ts are source modules under the same prefix: Vite serves those itself.
        bypass: (req) => (/^\/api\/[^?]*\.(tsx?|css)(\?|$)/.test(req.url ?? '') ? req.url : undefined),
      },
      '/images': 'http://localhost:3000',
    },
  },
});
