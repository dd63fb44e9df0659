import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A ready-made empty database for PGlite (issue 23): creating one on an empty data directory (PGlite's
 * initdb, then every migration) is most of the demo's first start. The first time this checkout does
 * it, the migrated, still empty database is kept as a tarball in node_modules/.cache/almanac; every
 * later empty directory (a new demo, the browser tests' servers, a second DATA_DIR) starts from a copy
 * of it instead. Its name holds a hash of the migrations, PGlite's version and the start settings, so a
 * new migration or another PGlite makes a new one; a cache that cannot be read or written only means
 * the long way.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const CACHE_DIR = path.join(root, 'node_modules', '.cache', 'almanac');

/**
 * A tarball answering `arrayBuffer()` (what PGlite reads of `loadDataDir`) from memory: Node's Blob
 * assembles 42 MB from its store in chunks, ~0.3 s of CPU each time. Each read gets its own copy.
 */
export class TarballInMemory extends Blob {
  constructor(private readonly tarball: Uint8Array<ArrayBuffer>) {
    super([tarball]);
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.tarball.slice().buffer;
  }
}

function templatePath(migrationsFolder: string, settings: readonly string[], cacheDir: string): string {
  const hash = createHash('sha256');
  // The package's manifest (its exports do not name it): what its version is.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(path.join(entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`)), 'package.json')));
  hash.update(settings.join(' '));
  const files = readdirSync(migrationsFolder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  for (const file of files.map((entry) => path.join(entry.parentPath, entry.name)).sort()) {
    hash.update(path.relative(migrationsFolder, file));
    hash.update(readFileSync(file));
  }
  return path.join(cacheDir, `pglite-empty-${hash.digest('hex').slice(0, 16)}.tar`);
}

export interface EmptyTemplate {
  /** The kept database's files, when this checkout has made one for these migrations */
  files?: Blob;
  /** Keeps a just-migrated empty database for the next empty directory (nothing when one was loaded) */
  save(dump: () => Promise<Blob>): Promise<void>;
}

export function emptyTemplate(migrationsFolder: string, settings: readonly string[], cacheDir = CACHE_DIR): EmptyTemplate {
  let file: string;
  try {
    file = templatePath(migrationsFolder, settings, cacheDir);
  } catch {
    return { save: async () => {} };
  }
  let files: Blob | undefined;
  try {
    files = new TarballInMemory(new Uint8Array(readFileSync(file)));
  } catch {
    // None yet (or unreadable): this start creates the database and keeps it.
  }
  return {
    files,
    async save(dump) {
      if (files) return;
      try {
        const tarball = new Uint8Array(await (await dump()).arrayBuffer());
        mkdirSync(cacheDir, { recursive: true });
        // Written aside, then renamed: another process starting at once never reads half a file.
        const partial = `${file}.${process.pid}.partial`;
        writeFileSync(partial, tarball);
        renameSync(partial, file);
      } catch {
        // A read-only install: every empty start takes the long way.
      }
    },
  };
}
