import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from './client';
import type {} from './testing';

/**
 * Vitest globalSetup (vitest.config.ts): the run's migrated template database, made once per project by
 * running every committed migration on an empty database, as production does. Each test file's database
 * is a copy of it (createTestDatabase in testing.ts): PGlite loads the template's data directory,
 * PostgreSQL copies it with CREATE DATABASE … TEMPLATE. It is made anew at every run, so a changed or new
 * migration is in it, and removed when the run ends.
 */
export default async function setup(project: TestProject) {
  const env = project.config.env ?? {};
  const url = env.TEST_DATABASE_URL;
  if (env.TEST_DB === 'postgres' && url) return postgresTemplate(project, url);
  return pgliteTemplate(project);
}

async function pgliteTemplate(project: TestProject) {
  const database = await openPglite('memory');
  const dir = mkdtempSync(path.join(tmpdir(), 'almanac-test-template-'));
  try {
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    // Each copy starts with openPglite's 16 MB of shared buffers (client.ts), not initdb's 128 MB, which
    // in WebAssembly took ~0.7 s of CPU per file to zero.
    const files = await client.dumpDataDir('none');
    writeFileSync(path.join(dir, 'pglite.tar'), Buffer.from(await files.arrayBuffer()));
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    await database.close();
  }
  project.provide('testDatabaseTemplate', path.join(dir, 'pglite.tar'));
  return () => rmSync(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject, url: string) {
  const name = `almanac_template_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  try {
    // Every connection to it is closed before a file copies it: CREATE DATABASE refuses a template in use.
    const database = await openPostgres(target.toString(), 1);
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  } catch (error) {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    throw error;
  }
  project.provide('testDatabaseTemplate', name);
  return () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
