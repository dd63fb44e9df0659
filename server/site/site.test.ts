import { describe, expect, it } from 'vitest';
import { errorSchema, healthSchema, publicConfigSchema } from '../../common/api';
import { listQuery } from '../../common/query';
import { buildApp } from '../app';
import { createCatalogueService } from '../catalogue/service';
import { loadConfig } from '../config';
import { openPostgres } from '../db/client';
import { createTestApp } from '../testing/app';
import { buildSong, buildTag } from '../testing/factories';
import { publicConfig } from './routes';

const t = await createTestApp();

describe('GET /api/config', () => {
  it('answers the public view of the default configuration and nothing more', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    const body = publicConfigSchema.strict().parse(res.json());
    expect(body).toMatchObject({ siteName: 'Almanac', streamerName: 'Nova', streamerKey: 'nova', demo: true, authEnabled: true });
    // The links page: live channel, two video channels, music streaming, two socials, short video, audio, chat, tips.
    expect(body.links.map((l) => l.kind)).toEqual([
      'twitch',
      'youtube',
      'youtube',
      'spotify',
      'twitter',
      'instagram',
      'tiktok',
      'soundcloud',
      'discord',
      'tips',
    ]);
    expect(body.liveChannelUrl).toBe(`https://www.twitch.tv/${body.twitchChannel}`);
    // Demo mode: the sandbox stands in for the video provider's image host and PayPal's SDK.
    expect(body.videoImageBase).toBe('/sandbox/youtube');
    expect(body.paypal).toEqual({ clientId: 'demo', sdkBaseUrl: '/sandbox/paypal/sdk/js' });
    // The defaults: samples wait for an admin, flips go straight to the queue.
    expect(body.requireApproval).toEqual({ flip: false, sample: true });
  });

  it('tells the request pages which kinds wait for approval', () => {
    const body = publicConfig(loadConfig({ FLIPS_REQUIRE_APPROVAL: 'true', SAMPLES_REQUIRE_APPROVAL: 'false' }));
    expect(body.requireApproval).toEqual({ flip: true, sample: false });
  });

  it('follows the environment', () => {
    const body = publicConfig(
      loadConfig({
        SITE_NAME: 'Lyra Archive',
        STREAMER_NAME: 'Lyra',
        STREAMER_KEY: 'lyra',
        TWITCH_CHANNEL: 'lyra_live',
        AUTH_ENABLED: 'false',
        CREDIT_CREATOR: 'Fans of Lyra',
      }),
    );
    expect(body).toMatchObject({
      siteName: 'Lyra Archive',
      streamerName: 'Lyra',
      streamerKey: 'lyra',
      authEnabled: false,
      twitchChannel: 'lyra_live',
      liveChannelUrl: 'https://www.twitch.tv/lyra_live',
      credit: { creator: 'Fans of Lyra', performer: 'Lyra' },
    });
    expect(body.links[0]!.label).toBe('Lyra on Twitch');
    expect(body.videoImageBase).toBe('/sandbox/youtube');
  });

  it("points at the video provider's image host outside demo mode", () => {
    const config = loadConfig({
      ALMANAC_MODE: 'production',
      DATABASE_URL: 'postgres://db.example/almanac',
      PUBLIC_URL: 'https://almanac.example',
      YOUTUBE_API_KEY: 'key',
      TWITCH_CLIENT_ID: 'id',
      TWITCH_CLIENT_SECRET: 'secret',
    });
    expect(publicConfig(config).videoImageBase).toBe('https://i.ytimg.com');
    expect(publicConfig(config).paypal).toEqual({ clientId: null, sdkBaseUrl: null });
  });

  it("gives the browser PayPal's client id and nothing else of PayPal's settings", () => {
    const production = {
      ALMANAC_MODE: 'production',
      DATABASE_URL: 'postgres://db.example/almanac',
      PUBLIC_URL: 'https://almanac.example',
      TWITCH_CLIENT_ID: 'id',
      TWITCH_CLIENT_SECRET: 'secret',
    };
    const paypal = { PAYPAL_CLIENT_ID: 'AcLiEnTiD', PAYPAL_CLIENT_SECRET: 'very-secret', PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA' };
    const config = loadConfig({ ...production, ...paypal });
    expect(config.paypal).toMatchObject({ apiBase: 'https://api-m.paypal.com', webhookId: paypal.PAYPAL_WEBHOOK_ID });
    const body = JSON.stringify(publicConfig(config));
    expect(publicConfig(config).paypal).toEqual({ clientId: 'AcLiEnTiD', sdkBaseUrl: null });
    expect(body).not.toContain('very-secret');
    expect(body).not.toContain(paypal.PAYPAL_WEBHOOK_ID);
    // Half a PayPal configuration fails at start, naming what is missing.
    expect(() => loadConfig({ ...production, PAYPAL_CLIENT_ID: 'AcLiEnTiD' })).toThrow(/PAYPAL_CLIENT_SECRET[\s\S]*PAYPAL_WEBHOOK_ID/);
  });

  it('lets the streamer key decide which source values the list filters know', async () => {
    const lyra = createCatalogueService(t.db, loadConfig({ DATA_DIR: '/tmp/almanac-test-unused', STREAMER_KEY: 'lyra' }), {
      now: () => new Date(),
    });
    const tag = await buildTag(t.db);
    const yt = await buildSong(t.db, { source: 'lyra_yt', tagIds: [tag.id] });
    const music = await buildSong(t.db, { source: 'lyra_music', tagIds: [tag.id] });
    const ids = async (sources: string[]) =>
      (await lyra.list('media', listQuery.parse({ tags: String(tag.id), sources }), { page: 1, size: 10 })).content
        .map((m) => m.id)
        .sort((a, b) => a - b);
    expect(await ids(['lyra_music'])).toEqual([music.id]);
    // Another streamer's source is unknown here, so it is dropped rather than matching nothing.
    expect(await ids(['nova_music'])).toEqual([yt.id, music.id]);
  });
});

describe('GET /api/health', () => {
  it('is ok while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(healthSchema.parse(res.json())).toEqual({ status: 'ok', database: true });
  });

  it('is 503 degraded while the database server is down', async () => {
    // A real client pointed at a port nothing listens on: every query fails with ECONNREFUSED.
    const database = await openPostgres('postgres://postgres@127.0.0.1:1/almanac', 1);
    const { app } = await buildApp({ config: loadConfig({ DATA_DIR: '/tmp/almanac-test-unused' }), database, serveWeb: false });
    try {
      await app.ready();
      const res = await app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(healthSchema.parse(res.json())).toEqual({ status: 'degraded', database: false });
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('GET /api/docs', () => {
  it('serves the OpenAPI document listing every read call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    const expected = ['/api/tag', '/api/stats', '/api/live', '/api/config', '/api/health', '/api/media/daily'];
    for (const kind of ['media', 'streams', 'playlists']) {
      expected.push(`/api/${kind}`, `/api/${kind}/latest`, `/api/${kind}/top`, `/api/${kind}/random`, `/api/${kind}/{id}`);
    }
    expected.push('/api/clips', '/api/clips/top', '/api/clips/{id}', '/api/media/{id}/recommended', '/api/media/{id}/launchStream');
    expect(paths).toEqual(expect.arrayContaining(expected));
    expect(paths).not.toContain('/api/clips/latest');
    expect(paths).not.toContain('/api/clips/random');
    for (const path of expected) expect(doc.paths[path].get, path).toBeDefined();
  });

  it('documents the list filters as query parameters', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const names = doc.paths['/api/media'].get.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['page', 'size', 'providers', 'sources', 'tags', 'q', 'period', 'sort', 'lyrics', 'clippedBy', 'type']),
    );
  });

  it('serves the interactive documentation page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('unknown paths', () => {
  it('answer 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing/here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(errorSchema.strict().parse(res.json())).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'No such path: GET /api/nothing/here',
      requestId: expect.any(String),
    });
  });
});

describe('cross-origin writes', () => {
  const post = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/anything', headers, payload: {} });

  it('refuses a POST from another site with 403 JSON', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:3001', 'null']) {
      const res = await post({ origin });
      expect(res.statusCode, origin).toBe(403);
      expect(errorSchema.parse(res.json())).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    }
  });

  it('lets a POST from our own origin through to routing', async () => {
    const res = await post({ origin: 'http://localhost:3000' });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a POST whose Origin only matches the Host it was sent to (DNS rebinding; http/same-site.test.ts)', async () => {
    const res = await post({ origin: 'https://almanac.example', host: 'almanac.example' });
    expect(res.statusCode).toBe(403);
  });

  it('lets a POST without Origin through (not a browser cross-site request)', async () => {
    expect((await post({})).statusCode).toBe(404);
  });

  it('never blocks reads from another origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses other state-changing methods from another site', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/anything', headers: { origin: 'https://evil.example' } });
      expect(res.statusCode, method).toBe(403);
    }
  });
});
