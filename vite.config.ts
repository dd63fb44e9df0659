import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const MAIN = fileURLToPath(new URL('./web/main.tsx', import.meta.url));

interface GraphContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/**
 * Every module the app's entry imports statically, i.e. what a first visit loads anyway. Rolldown
 * splits such modules into many small shared chunks once lazy screens share them
 * (rolldown/rolldown#10731): 31 scripts instead of 8 for home, 10 kB more gzip, and a round trip per
 * chunk on a phone. Grouping our own startup modules into one chunk (their libraries come along, as
 * far as they are used) keeps the first visit to two scripts; lazy screens keep only their own code.
 * Libraries are not matched by path: their barrels reach far more than is used.
 */
let startup: { main: unknown; ids: Set<string> } | undefined;
function startupModules(ctx: GraphContext): Set<string> {
  const main = ctx.getModuleInfo(MAIN);
  if (startup?.main === main) return startup.ids;
  const ids = new Set<string>();
  const pending = [MAIN];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (ids.has(id)) continue;
    ids.add(id);
    pending.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  startup = { main, ids };
  return ids;
}

/** The web app lives in web/; the server serves the build from dist/web (server/app.ts). */
export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // The home route budget is 250 KB gzipped; warn well before a single chunk gets near it.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: (id, ctx) => (!id.includes('node_modules') && startupModules(ctx).has(id) ? 'app' : null) }],
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
