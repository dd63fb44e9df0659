/**
 * Bundle budgets (issue 23): the gzipped JavaScript a first visit to / downloads stays at or under
 * 150 kB, and a first visit to any other screen at or under 200 kB.
 *
 *   npx tsx bench/bundle.ts [--dist dir] [--budget 150] [--route-budget 200] [--screens 5] [--route routes/home.tsx]
 *
 * Counted: the entry chunk of index.html, every chunk it imports statically (all of them are
 * downloaded before the app starts), the route's lazy chunk and that chunk's static imports (the
 * router loads them before it renders /). Chunks the route imports lazily (behind a click) are
 * listed but not counted. Sizes come from Vite's manifest: without --dist, the app is built into a
 * temporary directory with `build.manifest` on (dist/web is left alone); with --dist, that build
 * must contain .vite/manifest.json. kB are 1000 bytes, gzip at level 9 (what a server or CDN
 * serving precompressed files sends; Vite's own report uses the same). Every other screen
 * (each `routes/*.tsx` lazy chunk) is counted the same way, entry included, and the largest ones
 * listed. The shell's parts fetched once the page has loaded (components/layout/LateParts.tsx) are
 * reported apart, not counted. Exits 1 over either budget.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string' },
    budget: { type: 'string', default: '150' },
    'route-budget': { type: 'string', default: '200' },
    /** How many of the largest screens to list */
    screens: { type: 'string', default: '5' },
    route: { type: 'string', default: 'routes/home.tsx' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (args.help) {
  console.log(
    'Usage: npx tsx bench/bundle.ts [--dist dir-with-.vite/manifest.json] [--budget kB] [--route-budget kB] [--screens N] [--route routes/home.tsx]',
  );
  process.exit(0);
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Builds the app with the project's vite.config.ts into a temporary directory, with a manifest. */
async function buildWithManifest(): Promise<{ dir: string; cleanup: () => void }> {
  const { build } = await import('vite');
  const dir = mkdtempSync(path.join(tmpdir(), 'almanac-bundle-'));
  const started = Date.now();
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: dir, emptyOutDir: true, manifest: true },
  });
  console.log(`Built the web app in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The chunk and, depth first, everything it imports statically. */
function withStaticImports(manifest: Manifest, key: string, seen: Set<string>): void {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, seen);
}

interface Row {
  file: string;
  why: string;
  raw: number;
  gzip: number;
}

function measure(dir: string, file: string, why: string): Row {
  const content = readFileSync(path.join(dir, file));
  return { file, why, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

const sum = (rows: Row[], field: 'raw' | 'gzip') => rows.reduce((total, row) => total + row[field], 0);

/** The chunks a first visit to a route downloads: the entry and its static imports, then the route's chunk and its static imports. */
function firstVisit(manifest: Manifest, entryKey: string, routeKey: string | undefined): { startup: Set<string>; route: Set<string> } {
  const startup = new Set<string>();
  withStaticImports(manifest, entryKey, startup);
  const route = new Set<string>();
  if (routeKey) withStaticImports(manifest, routeKey, route);
  for (const key of startup) route.delete(key);
  return { startup, route };
}

/** The table of the home route (or --route), its CSS and what it leaves for later; returns its gzip total. */
function reportRoute(dir: string, manifest: Manifest, entryKey: string): number {
  const routeKey = args.route;
  // A route imported statically by the router (home is) has no chunk of its own: it is in the entry.
  const routeInEntry = !manifest[routeKey];
  if (routeInEntry && !existsSync(path.join(root, 'web', routeKey))) throw new Error(`There is no web/${routeKey}`);
  const { startup, route } = firstVisit(manifest, entryKey, routeInEntry ? undefined : routeKey);
  const rows: Row[] = [
    ...[...startup].map((key) => measure(dir, manifest[key]!.file, key === entryKey ? 'entry' : 'entry import')),
    ...[...route].map((key) => measure(dir, manifest[key]!.file, key === routeKey ? 'route chunk' : 'route import')),
  ];
  const later = new Set<string>();
  for (const key of [...startup, ...route]) for (const lazy of manifest[key]?.dynamicImports ?? []) later.add(lazy);
  for (const key of [...startup, ...route]) later.delete(key);
  const css = new Set([...startup, ...route].flatMap((key) => manifest[key]?.css ?? []));

  console.log(`\nJavaScript of a first visit to / (${routeKey}${routeInEntry ? ', part of the entry chunk' : ''}), gzip level 9:\n`);
  console.log('| chunk | loaded as | raw kB | gzip kB |');
  console.log('|---|---|---:|---:|');
  for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`| ${path.basename(row.file)} | ${row.why} | ${kB(row.raw)} | ${kB(row.gzip)} |`);
  }
  console.log(`| **total** | | **${kB(sum(rows, 'raw'))}** | **${kB(sum(rows, 'gzip'))}** |`);
  const cssRows = [...css].map((file) => measure(dir, file, 'css'));
  if (cssRows.length) {
    console.log(`\nCSS (not in the budget): ${cssRows.map((row) => `${path.basename(row.file)} ${kB(row.gzip)} kB gzip`).join(', ')}`);
  }
  const lazyRoutes = [...later].filter((key) => key.startsWith('routes/')).length;
  console.log(
    `Not counted: ${later.size} lazily imported chunks (${lazyRoutes} other screens, ${later.size - lazyRoutes} loaded on demand).`,
  );
  return sum(rows, 'gzip');
}

/** Every lazy screen's first visit (entry included), largest first; returns the largest. */
function reportScreens(dir: string, manifest: Manifest, entryKey: string): { key: string; gzip: number } {
  const screens = Object.keys(manifest).filter((key) => key.startsWith('routes/') && manifest[key]?.isDynamicEntry);
  const totals = screens
    .map((key) => {
      const { startup, route } = firstVisit(manifest, entryKey, key);
      return {
        key,
        gzip: sum(
          [...startup, ...route].map((chunk) => measure(dir, manifest[chunk]!.file, '')),
          'gzip',
        ),
      };
    })
    .sort((a, b) => b.gzip - a.gzip);
  console.log(
    `\nFirst visit to each of the other ${screens.length} screens (entry + screen chunk + its static imports), the largest ${Math.min(totals.length, Number(args.screens) || 5)}:\n`,
  );
  console.log('| screen | gzip kB |');
  console.log('|---|---:|');
  for (const screen of totals.slice(0, Number(args.screens) || 5)) console.log(`| ${screen.key} | ${kB(screen.gzip)} |`);
  return totals[0] ?? { key: '(none)', gzip: 0 };
}

/** What the shell fetches once the page has loaded (later.ts): on every page, after the first render. */
function reportLateParts(dir: string, manifest: Manifest, entryKey: string): void {
  const key = Object.keys(manifest).find((name) => name.endsWith('layout/LateParts.tsx'));
  if (!key) return;
  const { route } = firstVisit(manifest, entryKey, key);
  const gzip = sum(
    [...route].map((chunk) => measure(dir, manifest[chunk]!.file, '')),
    'gzip',
  );
  console.log(
    `\nFetched after start-up on every page, not counted (LateParts.tsx and its imports, ${route.size} chunks): ${kB(gzip)} kB gzip.`,
  );
}

async function main() {
  const built = args.dist ? { dir: path.resolve(args.dist), cleanup: () => undefined } : await buildWithManifest();
  try {
    let manifest: Manifest;
    try {
      manifest = JSON.parse(readFileSync(path.join(built.dir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    } catch {
      throw new Error(`${built.dir} has no .vite/manifest.json: build with build.manifest, or leave out --dist`);
    }
    const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    if (!entryKey) throw new Error('The manifest has no entry chunk');

    const total = reportRoute(built.dir, manifest, entryKey);
    const largest = reportScreens(built.dir, manifest, entryKey);
    reportLateParts(built.dir, manifest, entryKey);

    const budget = Number(args.budget) * 1000;
    const routeBudget = Number(args['route-budget']) * 1000;
    const verdict = (value: number, limit: number) => (value <= limit ? 'within' : 'OVER');
    console.log(
      `\nHome route JS: ${kB(total)} kB gzip, ${verdict(total, budget)} the ${args.budget} kB budget (${kB(budget - total)} kB left).`,
    );
    console.log(
      `Largest screen: ${largest.key}, ${kB(largest.gzip)} kB gzip, ${verdict(largest.gzip, routeBudget)} the ${args['route-budget']} kB budget per screen.`,
    );
    if (total > budget || largest.gzip > routeBudget) process.exitCode = 1;
  } finally {
    built.cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
