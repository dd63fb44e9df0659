import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase } from '../db/testing';

export const SITE_TEST_URL = 'https://almanac.example';

/**
 * The whole app serving a built web app of one page, `shell` (its index.html) and any other `files`
 * (by path in the build), from a temporary
 * directory, with a temporary DATA_DIR (its thumbnails folder made) and the read cache off: what the
 * site's page tests read their HTML from. Closed, and its directories removed, after the file's tests.
 */
export async function siteTestApp(shell: string, files: Readonly<Record<string, string>> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'almanac-site-'));
  const webDist = mkdtempSync(path.join(tmpdir(), 'almanac-site-web-'));
  for (const [name, text] of Object.entries({ ...files, 'index.html': shell })) {
    mkdirSync(path.dirname(path.join(webDist, name)), { recursive: true });
    writeFileSync(path.join(webDist, name), text);
  }
  mkdirSync(path.join(dataDir, 'thumbnails'), { recursive: true });
  const database = await createTestDatabase();
  const built = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: SITE_TEST_URL, READ_CACHE_MS: '0', SITE_NAME: 'Nova Almanac' }),
    database,
    webDist,
  });
  await built.app.ready();
  afterAll(async () => {
    await built.app.close();
    await database.close();
    for (const dir of [dataDir, webDist]) rmSync(dir, { recursive: true, force: true });
  });
  return { ...built, database, db: database.db, dataDir, webDist };
}
