import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorSchema } from '../../common/api';
import { loadConfig } from '../config';
import { createTestApp } from '../testing/app';
import { loggerOptions } from './logging';
import { REQUEST_ID_HEADER, requestIdGenerator, sendRequestId } from './request-id';

/** One id per request: on its answer, in its error body and on its log lines (http/request-id.ts). */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const direct = await createTestApp();
const proxied = await createTestApp({ TRUST_PROXY: '1' });

describe('x-request-id', () => {
  it('is on every answer, success or error, and differs per request', async () => {
    const urls = ['/api/health', '/api/media/999999', '/api/no-such-thing', '/api/media/%E0%A4%A'];
    const ids = [];
    for (const url of urls) {
      const res = await direct.app.inject({ url });
      const id = res.headers[REQUEST_ID_HEADER];
      expect(id, url).toMatch(UUID);
      ids.push(id);
    }
    expect(new Set(ids).size).toBe(urls.length);
  });

  it('is the requestId of an error body', async () => {
    // A route's refusal, an unknown path, and an error Fastify finds before any route runs.
    for (const url of ['/api/media/999999', '/api/no-such-thing', '/api/media/%E0%A4%A']) {
      const res = await direct.app.inject({ url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(errorSchema.strict().parse(res.json()).requestId, url).toBe(res.headers[REQUEST_ID_HEADER]);
    }
  });

  it('keeps a safe id sent by a proxy the operator trusts (nginx $request_id)', async () => {
    const sent = 'a3f1c0de9b7e4f2a8c6d5e4f3a2b1c0d';
    const res = await proxied.app.inject({ url: '/api/media/999999', headers: { [REQUEST_ID_HEADER]: sent } });
    expect(res.headers[REQUEST_ID_HEADER]).toBe(sent);
    expect(res.json()).toMatchObject({ statusCode: 404, requestId: sent });
  });

  it('replaces an id that is not a short safe token with its own', async () => {
    for (const sent of ['x'.repeat(65), 'two words', 'a\u00e9b', 'id;drop', '']) {
      const res = await proxied.app.inject({ url: '/api/health', headers: { [REQUEST_ID_HEADER]: sent } });
      expect(res.headers[REQUEST_ID_HEADER], JSON.stringify(sent)).toMatch(UUID);
    }
  });

  it('does not let a client reaching the server directly choose its id (TRUST_PROXY 0)', async () => {
    const res = await direct.app.inject({ url: '/api/health', headers: { [REQUEST_ID_HEADER]: 'chosen-by-client' } });
    expect(res.headers[REQUEST_ID_HEADER]).toMatch(UUID);
  });
});

/** A server with the site's logger writing into memory; answers the response of `url` and the lines written. */
async function logged(env: Record<string, string>, url: string) {
  const out = new PassThrough();
  let written = '';
  out.on('data', (chunk) => {
    written += chunk.toString();
  });
  const app = Fastify({ ...loggerOptions(loadConfig(env), out), genReqId: requestIdGenerator(0) });
  sendRequestId(app as never);
  app.get('/boom', async (request) => {
    request.log.warn('inside the handler');
    throw new Error('boom');
  });
  const response = await app.inject({ url });
  await app.close();
  return { id: response.headers[REQUEST_ID_HEADER], lines: written.split('\n').filter(Boolean) };
}

describe('the log', () => {
  it('names the request on every production line with the id its answer carries', async () => {
    const production = {
      ALMANAC_MODE: 'production',
      DATABASE_URL: 'postgres://x@127.0.0.1/x',
      PUBLIC_URL: 'https://almanac.example',
      TWITCH_CLIENT_ID: 'id',
      TWITCH_CLIENT_SECRET: 'secret',
    };
    const { id, lines } = await logged(production, '/boom');
    const records = lines.map((line) => JSON.parse(line) as { reqId?: string; msg: string });
    expect(records.map((r) => r.msg)).toEqual(['incoming request', 'inside the handler', 'boom', 'request completed']);
    for (const record of records) expect(record.reqId, record.msg).toBe(id);
  });

  it("ends demo mode's readable line of an error answer with the request id", async () => {
    const { id, lines } = await logged({ LOG_LEVEL: 'info' }, '/boom');
    expect(lines.at(-1)).toMatch(new RegExp(`GET /boom 500 \\d+ ms \\(request ${id}\\)$`));
  });
});
