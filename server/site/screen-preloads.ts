import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from './share-html';

/**
 * The scripts and styles of a page's lazy screen, named in its HTML (issue 23, LCP): without them the
 * browser learns of the screen's chunks only once the entry script has run and the router has asked
 * for them, a round trip and a download after the entry's, on a phone's network most of a second
 * before the first screen can render. `<link rel="modulepreload">` fetches them with the entry's.
 *
 * Read from Vite's build manifest (vite.config.ts `build.manifest`): each screen module's chunk and the
 * chunks it imports statically, less those the shell already preloads (the entry's own). A build
 * without a manifest (tests' one-page shells) preloads nothing, as before.
 */

/** Vite's manifest entry, the fields read here (https://vite.dev/guide/backend-integration) */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export const VITE_MANIFEST = path.join('.vite', 'manifest.json');
/** The web's entry, as Vite names it (the web root's index.html) */
const ENTRY = 'index.html';

export type ScreenPreloads = (screens: readonly string[]) => string[];

/** The chunk keys `key` loads before it runs: itself and its static imports, recursively. */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** The head tags for screens (names of web/routes/*.tsx, pages.ts SCREENS), from a parsed manifest. */
export function screenPreloadsFrom(manifest: Manifest): ScreenPreloads {
  const loaded = staticClosure(manifest, ENTRY);
  const tagsOf = (screen: string): string[] => {
    const keys = [...staticClosure(manifest, `routes/${screen}.tsx`)].filter((key) => !loaded.has(key));
    const scripts = keys.map((key) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(manifest[key]!.file)}" />`);
    // A style, not a stylesheet: it must not hold the first paint; Vite's loader links it when the screen loads.
    const styles = keys
      .flatMap((key) => manifest[key]!.css ?? [])
      .map((file) => `<link rel="preload" as="style" crossorigin href="/${escapeHtml(file)}" />`);
    return [...scripts, ...styles];
  };
  const kept = new Map<string, string[]>();
  return (screens) => {
    const tags = screens.flatMap((screen) => {
      if (!kept.has(screen)) kept.set(screen, tagsOf(screen));
      return kept.get(screen)!;
    });
    return [...new Set(tags)];
  };
}

/** The head tags for screens of the build in `webDist`; none when it has no manifest. */
export function createScreenPreloads(webDist: string): ScreenPreloads {
  const file = path.join(webDist, VITE_MANIFEST);
  if (!existsSync(file)) return () => [];
  return screenPreloadsFrom(JSON.parse(readFileSync(file, 'utf8')) as Manifest);
}
