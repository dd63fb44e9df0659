import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { isQuietRequest, loggerOptions, redactUrl } from './logging';

describe('redactUrl', () => {
  it('hides the values of secret query parameters and keeps the rest', () => {
    expect(redactUrl('/api/overlays/queue?key=s3cret-overlay-key')).toBe('/api/overlays/queue?key=***');
    expect(redactUrl('/api/ws/overlays/queue?station=top&key=abc&x=1')).toBe('/api/ws/overlays/queue?station=top&key=***&x=1');
    expect(redactUrl('/api/auth/twitch/callback?code=c0de&state=st4te')).toBe('/api/auth/twitch/callback?code=***&state=***');
    expect(redactUrl('/api/media?q=monkey&tags=1')).toBe('/api/media?q=monkey&tags=1');
  });
});

describe('isQuietRequest', () => {
  it('is quiet for the sandbox, files and images, and not for pages and API calls', () => {
    for (const url of ['/sandbox/youtube/v3/videos?id=x', '/images/thumbnails/a.jpg', '/assets/index-abc.js', '/favicon.svg']) {
      expect(isQuietRequest(url), url).toBe(true);
    }
    for (const url of ['/api/media/top?period=month', '/latest', '/media/12/details', '/', '/api/search?q=a.b']) {
      expect(isQuietRequest(url), url).toBe(false);
    }
  });
});

const PRODUCTION = {
  ALMANAC_MODE: 'production',
  DATABASE_URL: 'postgres://x@127.0.0.1/x',
  PUBLIC_URL: 'https://almanac.example',
  TWITCH_CLIENT_ID: 'id',
  TWITCH_CLIENT_SECRET: 'secret',
};

/** A server with the site's logger writing into memory; calls each URL and answers what was written. */
async function linesFor(mode: 'demo' | 'production', urls: string[], logLevel = 'info') {
  const env = mode === 'demo' ? { LOG_LEVEL: logLevel } : { ...PRODUCTION, LOG_LEVEL: logLevel };
  const config = loadConfig(env);
  const out = new PassThrough();
  let written = '';
  out.on('data', (chunk) => {
    written += chunk.toString();
  });
  const app = Fastify(loggerOptions(config, out));
  app.get('/*', async () => 'ok');
  for (const url of urls) await app.inject({ url });
  await app.close();
  return written.split('\n').filter(Boolean);
}

describe('the request log', () => {
  it('writes one readable line per page or API call in demo mode, and leaves the sandbox and files out', async () => {
    const lines = await linesFor('demo', ['/api/stats', '/sandbox/youtube/v3/videos', '/images/thumbnails/x.jpg', '/latest']);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/INFO: GET \/api\/stats 200 \d+ ms$/);
    expect(lines[1]).toMatch(/INFO: GET \/latest 200 \d+ ms$/);
    expect(lines.join('\n')).not.toContain('{');
  });

  it('writes the quiet requests too at debug', async () => {
    const lines = await linesFor('demo', ['/sandbox/youtube/v3/videos'], 'debug');
    expect(lines.some((line) => /DEBUG: GET \/sandbox\/youtube\/v3\/videos 200/.test(line))).toBe(true);
  });

  it('keeps JSON lines in production', async () => {
    const lines = await linesFor('production', ['/api/stats']);
    const records = lines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string } });
    expect(records.map((r) => r.msg)).toEqual(['incoming request', 'request completed']);
    expect(records[0]?.req?.url).toBe('/api/stats');
  });
});
