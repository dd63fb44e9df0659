import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/app';
import { buildSong } from '../testing/factories';
import { buildUser } from '../testing/users';

/**
 * An app with other account settings: a write budget of 3 a minute (writes share one budget per user,
 * or per address when logged out), and login disabled.
 */

const t = await createTestApp({ WRITE_RATE_LIMIT: '3', AUTH_ENABLED: 'false' });

describe('write rate limit', () => {
  it('answers 429 in the error shape once a user spent the budget, whatever the route; others are not affected', async () => {
    const song = await buildSong(t.db);
    const user = await buildUser(t.db);
    const write = (method: 'POST' | 'DELETE', headers: Record<string, string>) =>
      t.app.inject({ method, url: `/api/media/${song.id}/like`, headers, remoteAddress: '198.51.100.1' });
    expect((await write('POST', user.headers)).statusCode).toBe(200);
    expect((await write('DELETE', user.headers)).statusCode).toBe(200);
    expect((await write('POST', user.headers)).statusCode).toBe(200);
    const limited = await write('DELETE', user.headers);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: expect.stringMatching(/^Too many changes in a short time; try again in \d+ (seconds?|minute)$/),
      requestId: expect.any(String),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another route of the same user shares the budget.
    const edit = await t.app.inject({ method: 'POST', url: `/api/media/${song.id}`, payload: { lyrics: 'x' }, headers: user.headers });
    expect(edit.statusCode).toBe(429);
    // Another user from the same address has a budget of their own.
    const other = await buildUser(t.db);
    expect((await write('POST', other.headers)).statusCode).toBe(200);
    // Reads are not limited.
    expect((await t.app.inject({ url: `/api/media/${song.id}`, headers: user.headers })).statusCode).toBe(200);
  });
});

describe('AUTH_ENABLED=false', () => {
  it('has no login', async () => {
    const res = await t.app.inject({ url: '/api/auth/twitch/login', headers: { host: 'localhost:3000' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Login is not enabled on this site');
    const callback = await t.app.inject({ url: '/api/auth/twitch/callback?code=x&state=y' });
    expect(callback.headers.location).toBe('/?loginSuccess=false');
  });
});
