import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The shape of the tree, kept by a machine (issue 18):
 *
 * 1. No import cycles between folders. A folder is the directory a file sits in; folder A depends
 *    on folder B when a file of A imports a file of B. Every import counts, `import type` included:
 *    a type-only cycle still means neither folder can be read or changed without the other. A file
 *    directly in `server/` or `web/` counts as a folder of its own: those are the composition
 *    (app.ts, main.ts, main.tsx) and app-wide settings (config.ts) that everything below them may
 *    read, not a slice.
 * 2. `drizzle-orm` (SQL) is imported only by a folder's `queries.ts` and by `server/db/` (the schema,
 *    the clients and SQL shared by several slices: the kind table, list filters, paging).
 *
 * Tests and test helpers (`*.test.ts(x)`, `testing.ts`, `server/testing/`) are left out of both:
 * they sit above everything (a test builds the whole app, which imports every folder, so any folder
 * with a test would be "in a cycle" with server/testing), and they may read and write the database
 * directly to set up and check what the code under test cannot show.
 *
 * The graph is read with a small parser (import/export ... from, side-effect imports, dynamic
 * import()) rather than a dependency: the tree uses only relative specifiers, so that is enough.
 */

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const SCANNED = ['server', 'common', 'web'];
const SOURCE = /\.(ts|tsx)$/;

/** The node of the folder graph a file belongs to (see 1. above). */
const folderOf = (file: string) => {
  const dir = path.posix.dirname(file);
  return dir === 'server' || dir === 'web' ? file : dir;
};

const isTestCode = (file: string) => /\.test\.tsx?$/.test(file) || /(^|\/)testing\.tsx?$/.test(file) || file.startsWith('server/testing/');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const rel = `${dir}/${name}`;
    if (name === 'node_modules' || name === 'migrations' || name === 'thumbnails') continue;
    if (statSync(path.join(ROOT, rel)).isDirectory()) out.push(...sourceFiles(rel));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

const SPECIFIER =
  /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Module specifiers a file imports or re-exports, comments left out. */
function specifiersOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return [...code.matchAll(SPECIFIER)].map((m) => (m[1] ?? m[2])!);
}

/** The tree-relative file a relative specifier names, or undefined (a package, or not found). */
function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.posix.join(path.posix.dirname(from), specifier).replace(/\.js$/, '');
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((c) => SOURCE.test(c) && existsSync(path.join(ROOT, c)));
}

interface Graph {
  /** folder → folder it imports → one file edge that makes the dependency (for the message) */
  folders: Map<string, Map<string, string>>;
  drizzle: string[];
}

function readGraph(): Graph {
  const folders = new Map<string, Map<string, string>>();
  const drizzle: string[] = [];
  for (const file of SCANNED.flatMap(sourceFiles)) {
    if (isTestCode(file)) continue;
    const from = folderOf(file);
    const edges = folders.get(from) ?? new Map<string, string>();
    folders.set(from, edges);
    for (const specifier of specifiersOf(readFileSync(path.join(ROOT, file), 'utf8'))) {
      if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) drizzle.push(file);
      const target = resolve(file, specifier);
      if (!target || isTestCode(target)) continue;
      const to = folderOf(target);
      if (to !== from && !edges.has(to)) edges.set(to, `${file} → ${target}`);
    }
  }
  return { folders, drizzle: [...new Set(drizzle)] };
}

/** Strongly connected components of more than one folder (Tarjan), each a set of folders in a cycle. */
function cyclicComponents(graph: Map<string, Map<string, string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return components;
}

/** One concrete cycle inside a component, as the file imports that make it (breadth-first from its first folder). */
function describeCycle(graph: Map<string, Map<string, string>>, component: string[]): string {
  const inside = new Set(component);
  const start = component[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const path_: string[] = [v];
        while (path_[0] !== start) path_.unshift(cameFrom.get(path_[0]!)!);
        path_.push(start);
        const steps = path_.slice(1).map((to, i) => `    ${graph.get(path_[i]!)!.get(to)}`);
        const others = component.filter((folder) => !path_.includes(folder));
        const more = others.length > 0 ? `\n    (also in this knot: ${others.join(', ')})` : '';
        return `  ${path_.join(' → ')}\n${steps.join('\n')}${more}`;
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return `  ${component.join(', ')}`;
}

const SQL_ALLOWED = (file: string) => file.startsWith('server/db/') || file.endsWith('/queries.ts');

describe('the import graph', () => {
  const graph = readGraph();

  it('reads every kind of import', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      "export { c } from './c';",
      "export * from './d';",
      "import './e';",
      "const f = await import('./f');",
      "// import { g } from './g';",
    ].join('\n');
    expect(specifiersOf(source)).toEqual(['./a', '../b', './c', './d', './e', './f']);
  });

  it('has no cycles between folders', () => {
    const cycles = cyclicComponents(graph.folders).map((component) => describeCycle(graph.folders, component));
    if (cycles.length > 0) console.error(`Folder import cycles:\n${cycles.join('\n')}`);
    expect(cycles, `folders that import each other:\n${cycles.join('\n')}`).toEqual([]);
  });

  it('imports drizzle-orm only in queries.ts and server/db/', () => {
    expect(graph.drizzle.filter((file) => !SQL_ALLOWED(file))).toEqual([]);
  });
});
