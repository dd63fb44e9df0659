import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp } from '../testing/app';
import { securityHeaderOptions } from './plugin';
import { registerSecurityHeaders } from './security-headers';

/** helmet's headers computed once must be exactly those @fastify/helmet sets on every answer. */

const t = await createTestApp({ READ_CACHE_MS: '60000' });

async function headersOf(register: (app: ReturnType<typeof Fastify>) => Promise<unknown>) {
  const app = Fastify({ logger: false });
  await register(app);
  app.get('/x', async () => ({ ok: true }));
  const answers = await Promise.all([app.inject({ url: '/x' }), app.inject({ url: '/missing' })]);
  await app.close();
  return answers.map(({ headers: { date: _date, ...rest } }) => rest);
}

describe('security headers', () => {
  for (const publicUrl of ['http://localhost:3000', 'https://almanac.example']) {
    it(`are helmet's own, on answers and 404s (${publicUrl})`, async () => {
      const options = securityHeaderOptions(loadConfig({ DATA_DIR: '/tmp/almanac-test-unused', PUBLIC_URL: publicUrl }));
      const ours = await headersOf((app) => registerSecurityHeaders(app as never, options));
      const helmets = await headersOf((app) => app.register(fastifyHelmet, options));
      expect(ours).toEqual(helmets);
      expect(ours[0]!['content-security-policy']).toContain('frame-src https://www.youtube-nocookie.com');
      expect(Boolean(ours[0]!['strict-transport-security'])).toBe(publicUrl.startsWith('https://'));
    });
  }

  it('are sent by the app, cached reads included', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ url: '/api/tag' });
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
