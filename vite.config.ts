import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The web app lives in web/; the server serves the build from dist/web (server/app.ts). */
export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // The home route budget is 150 kB gzipped (issue 23, bench/bundle.ts); warn well before a single chunk gets near it.
    chunkSizeWarningLimit: 600,
    // Every browser the site supports knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
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
