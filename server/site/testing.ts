import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase } from '../db/testing';

export const SITE_TEST_URL = 'https://almanac.example';

/**
 * The whole app serving a built web app of one page, `shell` (its index.html), from a temporary
 * directory, with a temporary DATA_DIR (its thumbnails folder made) and the read cache off: what the
 * site's page tests read their HTML from. Closed, and its directories removed, after the file's tests.
 */
export async function siteTestApp(shell: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'almanac-site-'));
  const webDist = mkdtempSync(path.join(tmpdir(), 'almanac-site-web-'));
  writeFileSync(path.join(webDist, 'index.html'), shell);
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
