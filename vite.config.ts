import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The web app lives in web/; the server serves the build from dist/web (server/app.ts). */
export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // The home route budget is 250 KB gzipped; warn well before a single chunk gets near it.
    chunkSizeWarningLimit: 600,
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
