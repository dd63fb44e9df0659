import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorSchema } from '../../common/api';
import { createTestApp } from '../testing/app';
import { buildAdmin } from '../testing/users';
import { DOMAIN_STATUS } from './error-handler';

/** Errors found before a route runs (Fastify's own) get the API's one error shape too. */

const t = await createTestApp();
const admin = await buildAdmin(t.db);

/** The answer's status and error body; its requestId is checked here to be the one in x-request-id. */
async function errorOf(request: InjectOptions) {
  const response = await t.app.inject(request);
  const { requestId, ...body } = errorSchema.strict().parse(response.json());
  expect(requestId).toBe(response.headers['x-request-id']);
  return { status: response.statusCode, body };
}

describe("Fastify's own errors", () => {
  it('answers a malformed URL encoding with 400, without quoting the path', async () => {
    expect(await errorOf({ method: 'GET', url: '/api/media/%E0%A4%A' })).toEqual({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: 'The URL is not correctly encoded' },
    });
  });

  it('answers a path parameter past its length with 414', async () => {
    expect(await errorOf({ method: 'GET', url: `/api/media/${'1'.repeat(150)}` })).toEqual({
      status: 414,
      body: { statusCode: 414, error: 'URI Too Long', message: 'A part of the URL is too long' },
    });
  });

  it('answers a body that is not JSON, or of another type, in the same shape', async () => {
    const url = '/api/playlists/refresh';
    const headers = admin.headers;
    expect(
      await errorOf({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: '{"playlistId":' }),
    ).toEqual({
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: "Body is not valid JSON but content-type is set to 'application/json'" },
    });
    const other = await errorOf({ method: 'POST', url, headers: { ...headers, 'content-type': `text/${'x'.repeat(500)}` }, payload: 'hi' });
    expect(other.status).toBe(415);
    expect(other.body).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' });
    expect(other.body.message.length).toBeLessThanOrEqual(200);
  });
});

describe('unknown paths', () => {
  it('names the path, cut to 100 characters', async () => {
    const long = `/api/${'y'.repeat(3000)}`;
    const { status, body } = await errorOf({ method: 'GET', url: long });
    expect(status).toBe(404);
    expect(body.message).toBe(`No such path: GET ${long.slice(0, 100)}…`);
  });

  it('treats a path whose id cannot be an id as unknown: /api/clips has no latest list', async () => {
    expect(await errorOf({ method: 'GET', url: '/api/clips/latest' })).toEqual({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'No such path: GET /api/clips/latest' },
    });
    expect((await errorOf({ method: 'POST', url: '/api/clips/latest', headers: admin.headers, payload: { tags: [] } })).status).toBe(404);
  });
});

describe('refusals the services throw (errors/domain.ts)', () => {
  it('answers a station with nothing to play with the 409 the radio used to pick itself, its message unchanged', async () => {
    expect(await errorOf({ method: 'POST', url: '/api/radio/skip?station=top', headers: admin.headers })).toEqual({
      status: 409,
      body: { statusCode: 409, error: 'Conflict', message: 'There is nothing to play on this station yet' },
    });
  });

  it('has one status for every code', () => {
    expect(DOMAIN_STATUS).toEqual({ invalid: 400, forbidden: 403, not_found: 404, conflict: 409, upstream: 502, unavailable: 503 });
  });
});
