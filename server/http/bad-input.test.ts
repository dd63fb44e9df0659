import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NAME_CHARACTERS_MESSAGE, SURROGATE_MESSAGE } from '../../common/fields';
import { songRequests } from '../db/schema';
import { createSandboxedApp } from '../sandbox/testing';
import { type BadRequest, badRequestOf, coreRequestsOf, echoesInput, type Operation, operationsOf } from '../testing/bad-input';
import { buildAdmin, buildUser } from '../testing/users';

/**
 * Every operation of the OpenAPI document, called with generated bad input as an admin and
 * logged out: never a 5xx, every error is `{statusCode, error, message}`, and no message repeats
 * more than 200 characters of what was sent. First every core bad value in every place, one at a
 * time; then random ones (fast-check) with a fixed seed and a bounded count, so it is quick and the
 * same every time. A failure prints the request that caused it.
 */

const SEED = 20_240_901;
const RUNS_PER_CALLER = 10;

// The sandboxed app listens, so the calls that reach a provider (sync, imports, login) really do.
// Writes share one budget per caller; the walk sends far more than a visitor may.
const t = await createSandboxedApp({ env: { WRITE_RATE_LIMIT: '100000', READ_CACHE_MS: '0' } });
// A real catalogue and a pending item of every queue, so that plausible ids reach the services.
await t.sync.run('test');
const admin = await buildAdmin(t.db);
const viewer = await buildUser(t.db);
await t.app.inject({ method: 'POST', url: '/api/media/1', headers: viewer.headers, payload: { tags: [] } });
await t.app.inject({ method: 'POST', url: '/api/playlists/refresh', headers: viewer.headers, payload: { playlistId: 1 } });
await t.db.insert(songRequests).values({ videoId: 'dQw4w9WgXcQ', title: 'A song', username: 'someone', mediaId: 1 });

const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
const operations = operationsOf(doc);

async function check(op: Operation, request: BadRequest, headers: Record<string, string>) {
  const response = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...request.headers, ...headers },
    payload: request.payload,
  });
  const what = `${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(request.payload?.slice(0, 300) ?? '')} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, what).toBeLessThan(500);
  // The sandbox answers in its providers' own error shapes.
  if (response.statusCode < 400 || op.path.startsWith('/sandbox/')) return;
  const body = response.json();
  expect(Object.keys(body).sort(), what).toEqual(['error', 'message', 'requestId', 'statusCode']);
  expect(body.statusCode, what).toBe(response.statusCode);
  expect(body.requestId, what).toBe(response.headers['x-request-id']);
  expect(typeof body.error, what).toBe('string');
  expect(typeof body.message, what).toBe('string');
  expect(echoesInput(body.message, request.inputs), what).toBe(false);
}

describe('the examples of issues 9 and 21: 400 naming the field, never a 500', () => {
  it.each([
    ['GET', '/api/clips?clippedBy=%00', undefined, 'clippedBy must not contain a NUL character'],
    ['GET', '/api/media?q=a%00b', undefined, 'q must not contain a NUL character'],
    ['GET', '/api/requests/history?title=%00', undefined, 'title must not contain a NUL character'],
    ['GET', '/api/requests/history?username=%00', undefined, 'username must not contain a NUL character'],
    ['POST', '/api/media/1', { lyrics: 'la\u0000la' }, 'lyrics must not contain a NUL character'],
    ['POST', '/api/requests/history/1', { username: 'some\u0000one', mediaId: null }, 'username must not contain a NUL character'],
    ['POST', '/api/media/1', { tags: [2147483648] }, 'tags.0 must be tag ids'],
    ['POST', '/api/streams/1', { tags: [2147483648] }, 'tags.0 must be tag ids'],
    ['POST', '/api/playlists/1', { tags: [2147483648] }, 'tags.0 must be tag ids'],
    ['POST', '/api/clips/1', { tags: [2147483648] }, 'tags.0 must be tag ids'],
    ['POST', '/api/media/1', { streamId: 1, streamTimestamp: 2147483648 }, 'streamTimestamp must be a time like 754, 12:34 or 1:02:03'],
    ['POST', '/api/playlists/refresh', { playlistId: 2147483648 }, 'playlistId must be an id'],
    // Issue 21: a lone surrogate was a 500 (jsonb) or silently a U+FFFD (text).
    ['POST', '/api/media/1', { lyrics: 'ok\ud800' }, `lyrics ${SURROGATE_MESSAGE}`],
    ['POST', '/api/requests/history/1', { username: 'abc\ud800def', mediaId: null }, `username ${SURROGATE_MESSAGE}`],
    ['POST', '/api/requests/history/1', { username: 'abc\u202edef', mediaId: null }, `username ${NAME_CHARACTERS_MESSAGE}`],
  ] as const)('%s %s %j', async (method, url, payload, message) => {
    const response = await t.app.inject({ method, url, payload, headers: admin.headers });
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message, requestId: expect.any(String) });
  });
});

describe('bad input on every operation', () => {
  it('covers the whole API', () => {
    expect(operations.length).toBeGreaterThan(80);
  });

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))('%s', async (_name, op) => {
    for (const [index, caller] of [{}, admin.headers].entries()) {
      for (const request of coreRequestsOf(op)) await check(op, request, caller);
      await fc.assert(
        fc.asyncProperty(badRequestOf(op), (request) => check(op, request, caller)),
        { seed: SEED + index, numRuns: RUNS_PER_CALLER },
      );
    }
  });
});
