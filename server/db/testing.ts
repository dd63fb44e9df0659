import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from './client';
import { TarballInMemory } from './empty-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The run's migrated database (server/db/test-template.ts): on PGlite the path of its data directory's
     * tarball, on PostgreSQL the name of the template database. Absent when the config has no such setup.
     */
    testDatabaseTemplate?: string;
  }
}

/** The PGlite template's files, read once per worker: every file's database starts from them. */
let pgliteTemplate: { path: string; files: Blob } | undefined;

function pgliteTemplateFiles(path: string): Blob {
  if (pgliteTemplate?.path !== path) pgliteTemplate = { path, files: new TarballInMemory(new Uint8Array(readFileSync(path))) };
  return pgliteTemplate.files;
}

/** A test database; `url` is its PostgreSQL address (undefined for PGlite) */
export type TestDatabase = Database & { url?: string };

/**
 * A fresh, migrated database for one test file (`migrate: false`: an empty one). TEST_DB=postgres (set by the vitest project when
 * TEST_DATABASE_URL is present) gives a new PostgreSQL database that is dropped on close;
 * otherwise an in-memory PGlite.
 *
 * Both start as a copy of the run's template (server/db/test-template.ts, a vitest globalSetup), which
 * the committed migrations made at the start of this run: an empty PGlite cluster costs seconds of CPU
 * to initialise, and so do 17 migrations on PostgreSQL, for each of ~150 files. `migrate()` still runs on
 * the copy (it finds every migration applied, or applies what the template lacks).
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const migrate = options.migrate !== false;
  // An empty database (a restore's target) starts from nothing; a migrated one from the run's template.
  const template = migrate ? inject('testDatabaseTemplate') : undefined;
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== 'postgres' || !url) {
    const database = await openPglite('memory', template ? { loadDataDir: pgliteTemplateFiles(template) } : {});
    if (migrate) await database.migrate();
    return database;
  }
  const name = `almanac_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), 5);
  if (migrate) await database.migrate();
  return {
    ...database,
    url: target.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
