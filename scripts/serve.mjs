/**
 * `npm run serve`: the server (server/main.ts) from one prebuilt ES module, dist/server/main.mjs, built
 * here with esbuild whenever it is missing or older than what it was built from.
 *
 * Why (issue 23, "start to /api/health < 3 s on an existing data directory"; bench/RESULTS.md): run
 * through tsx, half of a start's CPU went to loading modules one by one: tsx's transform and source
 * maps for ~300 files, and Node's resolution of drizzle-orm's 112 modules, each of which parses that
 * package's 179 kB package.json again (Node spreads its lazily parsed `exports`). The bundle holds the
 * server's own code and the ES-module packages it imports file by file (BUNDLED); every other package
 * stays an import of node_modules, as Node resolves it (native code, assets found beside the package,
 * CommonJS). Each file's `import.meta.url` is written into the bundle as that file's own address, so
 * files found beside a source file (migrations, the demo's thumbnails) are found as under tsx.
 *
 * Plain JavaScript, which Node runs as it is (a TypeScript file would cost ~0.13 s of type stripping at
 * every start). When the bundle cannot be built (a checkout the server may not write, no esbuild), the
 * server starts through tsx as before; `npm run build:server` (`--build`) builds it without starting
 * (docs/production.md). `npm run dev` and the tests use tsx.
 *
 * The serve script (package.json) starts Node with --expose-gc, for the one full collection the server
 * makes once its start is done (server/main.ts). It also sets glibc's MALLOC_MMAP_THRESHOLD_ to its
 * default, 128 kB, which fixes it there: otherwise glibc raises it to the largest block freed so far (up
 * to 32 MB), and the big buffers of a burst of work (the demo's fill, a sync, a backup) are then carved
 * from heaps that are never given back, about 100 MB of an idle server's memory (issue 23,
 * bench/cold-start.ts). Other systems ignore it.
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const BUNDLE = path.join(root, 'dist', 'server', 'main.mjs');
/** The packages bundled: ES modules loaded file by file (zod too, so the bundle and its users share one zod). */
const BUNDLED = new Set(['drizzle-orm', 'zod', 'fastify-type-provider-zod']);
/** Changed with the build's options below: a bundle built otherwise is built again. */
const BUILD_VERSION = 1;

/**
 * Beside the bundle, what it was built from: `{ version, files }`, each input file's [modification
 * time, size] by absolute path.
 * @param {string} bundle
 */
const inputsFile = (bundle) => `${bundle}.inputs.json`;

/**
 * Whether `bundle` exists and every file it was built from is as it was then (a few hundred stats).
 * @returns {boolean}
 */
export function bundleIsCurrent(bundle = BUNDLE) {
  try {
    statSync(bundle);
    /** @type {{ version: number, files: Record<string, [number, number]> }} */
    const inputs = JSON.parse(readFileSync(inputsFile(bundle), 'utf8'));
    if (inputs.version !== BUILD_VERSION) return false;
    return Object.entries(inputs.files).every(([file, [mtimeMs, size]]) => {
      const stat = statSync(file, { throwIfNoEntry: false });
      return stat?.mtimeMs === mtimeMs && stat.size === size;
    });
  } catch {
    return false;
  }
}

/**
 * The package a bare import names (`@scope/name/sub` → `@scope/name`).
 * @param {string} specifier
 */
function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Builds `entry` into `bundle`, with the list of its inputs beside it; both appear at once (renamed into place).
 * @returns {Promise<void>}
 */
export async function buildBundle(entry = path.join(root, 'server', 'main.ts'), bundle = BUNDLE) {
  // esbuild comes with tsx (and vite); asked of tsx, it is the one tsx runs on, wherever npm put it.
  const tsx = createRequire(import.meta.url).resolve('tsx/package.json');
  /** @type {typeof import('esbuild')} */
  const esbuild = await import(pathToFileURL(createRequire(tsx).resolve('esbuild')).href);
  const partial = `${bundle}.${process.pid}.partial`;
  /**
   * Each input's [modification time, size], taken before esbuild reads it: a file saved during the build
   * then differs from its record, and the next start builds again.
   * @type {Record<string, [number, number]>}
   */
  const files = {};
  const record = (/** @type {string} */ file) => {
    const stat = statSync(file);
    files[file] ??= [stat.mtimeMs, stat.size];
  };
  const result = await esbuild.build({
    entryPoints: [entry],
    outfile: partial,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: root,
    // For a bundled CommonJS file's require() of a package left outside (esbuild's shim asks for `require`).
    banner: { js: "import { createRequire as __almanacRequire } from 'node:module'; const require = __almanacRequire(import.meta.url);" },
    plugins: [
      {
        name: 'almanac-server',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('node:') || !BUNDLED.has(packageOf(args.path)) ? { path: args.path, external: true } : undefined,
          );
          build.onLoad({ filter: /./ }, (args) => {
            record(args.path);
            if (!/\.[cm]?[jt]sx?$/.test(args.path)) return undefined;
            const source = readFileSync(args.path, 'utf8');
            if (!source.includes('import.meta')) return undefined;
            const url = pathToFileURL(args.path).href;
            const contents = source
              .replaceAll('import.meta.url', JSON.stringify(url))
              .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
              .replaceAll('import.meta.filename', JSON.stringify(args.path));
            return { contents, loader: /\.[cm]?tsx?$/.test(args.path) ? 'ts' : 'js', resolveDir: path.dirname(args.path) };
          });
        },
      },
    ],
  });
  for (const input of Object.keys(result.metafile.inputs)) record(path.resolve(root, input));
  mkdirSync(path.dirname(bundle), { recursive: true });
  writeFileSync(`${partial}.inputs.json`, JSON.stringify({ version: BUILD_VERSION, files }));
  renameSync(partial, bundle);
  renameSync(`${partial}.inputs.json`, inputsFile(bundle));
}

async function serve() {
  try {
    if (!bundleIsCurrent()) await buildBundle();
  } catch (error) {
    // A service whose checkout it may not write (deploy/almanac.service) has it built by `npm run build:server`.
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`The server bundle could not be built (${reason}); starting through tsx. \`npm run build:server\` builds it.`);
    const { register } = await import('tsx/esm/api');
    register();
    await import(pathToFileURL(path.join(root, 'server', 'main.ts')).href);
    return;
  }
  await import(pathToFileURL(BUNDLE).href);
}

// Run, not imported (its tests import it); import.meta.main is newer than the oldest Node package.json allows.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  // --build: only build it (when stale), for an install whose server may not write the checkout.
  if (process.argv.includes('--build')) {
    if (!bundleIsCurrent()) await buildBundle();
  } else {
    await serve();
  }
}
