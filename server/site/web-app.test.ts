import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PUBLIC_CONFIG_ELEMENT_ID } from '../../common/constants';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase } from '../db/testing';

/** A built web app as vite-plugin-pwa leaves it: the shell, the worker, the manifest, hashed assets and icons. */
const webDist = mkdtempSync(path.join(tmpdir(), 'almanac-web-app-'));
const dataDir = mkdtempSync(path.join(tmpdir(), 'almanac-web-app-data-'));
const write = (file: string, content: string) => {
  mkdirSync(path.dirname(path.join(webDist, file)), { recursive: true });
  writeFileSync(path.join(webDist, file), content);
};
write('index.html', '<!doctype html><html lang="en"><head><title>Almanac</title></head><body><div id="root"></div></body></html>');
write('sw.js', 'self.addEventListener("install", () => self.skipWaiting());');
write(
  'manifest.webmanifest',
  JSON.stringify({ name: 'Almanac', short_name: 'Almanac', start_url: '/', display: 'standalone', theme_color: '#e64980', icons: [] }),
);
write('assets/index-abc123.js', 'console.log(1);');
write('icons/icon-192.png', 'png');

async function appNamed(env: Record<string, string>) {
  const database = await createTestDatabase();
  const { app } = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, ...env }), database, webDist });
  await app.ready();
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { app, close };
}

const site = await appNamed({ SITE_NAME: 'Nova Almanac' });
afterAll(async () => {
  await site.close();
  for (const dir of [webDist, dataDir]) rmSync(dir, { recursive: true, force: true });
});
const get = (url: string) => site.app.inject({ method: 'GET', url });

describe('the installable app', () => {
  it('answers /index.html as every page, with the public configuration written in (the worker precaches it as its offline shell)', async () => {
    // As Workbox asks for it when it precaches.
    const res = await get('/index.html?__WB_REVISION__=1a2b3c');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const config = new RegExp(`<script id="${PUBLIC_CONFIG_ELEMENT_ID}" type="application/json">([^<]*)</script>`).exec(res.body);
    expect(JSON.parse(config![1]!)).toMatchObject({ siteName: 'Nova Almanac' });
  });

  it('answers the manifest named after the site, never cached without a check', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      name: 'Nova Almanac',
      short_name: 'Nova Almanac',
      start_url: '/',
      display: 'standalone',
      theme_color: '#e64980',
      icons: [],
    });
  });

  it("shortens a long site name to the streamer's name for launchers", async () => {
    const long = await appNamed({ SITE_NAME: 'The Lyra Song Archive', STREAMER_NAME: 'Lyra' });
    try {
      const res = await long.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
      expect(res.json()).toMatchObject({ name: 'The Lyra Song Archive', short_name: 'Lyra' });
    } finally {
      await long.close();
    }
  });

  it('serves the service worker, the icons and the shell to be checked on every visit; only hashed assets for a year', async () => {
    const worker = await get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const icon = await get('/icons/icon-192.png');
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect((await get('/')).headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/index-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
