import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { SAMPLE_PATHS } from '../../common/sample';
import { ConfigError, loadConfig, SLOW_UPLOAD_BYTES_PER_SECOND } from '../config';
import { createTestApp } from '../testing/app';
import { receiveTimeouts } from './plugin';

/**
 * Issue 21: a client that stalls its request (an upload that declares 100,000 bytes and sends a
 * few) was held without end. Receiving a request is bounded (config.timeouts, http/plugin.ts);
 * the defaults fit a sample of SAMPLE_MAX_BYTES sent by a slow phone.
 */

describe('the timeouts of receiving a request', () => {
  it('let a slow phone (Slow 3G, 400 kbit/s) send a sample of SAMPLE_MAX_BYTES by default, and grow with it', () => {
    const { timeouts, samples } = loadConfig({});
    expect(timeouts.headersMs).toBe(30_000);
    // 5 MiB at 50,000 bytes a second is 105 s, after 30 s for the headers.
    expect(timeouts.requestMs).toBe(135_000);
    expect(timeouts.requestMs - timeouts.headersMs).toBeGreaterThanOrEqual((samples.maxBytes / SLOW_UPLOAD_BYTES_PER_SECOND) * 1000);
    const bigger = loadConfig({ SAMPLE_MAX_BYTES: String(20 * 1024 * 1024) });
    expect(bigger.timeouts.requestMs).toBe((30 + 420) * 1000);
    expect(loadConfig({ HEADERS_TIMEOUT_SECONDS: '10', REQUEST_TIMEOUT_SECONDS: '600' }).timeouts).toEqual({
      headersMs: 10_000,
      requestMs: 600_000,
    });
  });

  it('refuses a request timeout shorter than the headers timeout, naming it', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: '60', REQUEST_TIMEOUT_SECONDS: '30' })).toThrow(ConfigError);
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: '60', REQUEST_TIMEOUT_SECONDS: '30' })).toThrow(
      /REQUEST_TIMEOUT_SECONDS: must be at least HEADERS_TIMEOUT_SECONDS/,
    );
  });

  it('are what the server is built with; Node checks them often enough to be on time', () => {
    expect(receiveTimeouts({ headersMs: 30_000, requestMs: 135_000 })).toEqual({
      requestTimeout: 135_000,
      http: { headersTimeout: 30_000, requestTimeout: 135_000, connectionsCheckingInterval: 3_000 },
    });
  });
});

// A real listening server with short timeouts: the stalled client below is a raw socket.
const t = await createTestApp({ HEADERS_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '3' }, { slices: ['sample'] });
await t.app.listen({ host: '127.0.0.1', port: 0 });
const port = (t.app.server.address() as net.AddressInfo).port;

/** Sends `head` on a new connection and nothing more; answers what the server wrote and when it closed the connection. */
function stall(head: string): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve({ answer, closedAfterMs: performance.now() - started }));
  });
}

const BOUNDARY = 'stalled-boundary';

describe('a stalled client', () => {
  const stalledUpload = () => {
    const firstBytes = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="fileKey"; filename="a.webm"\r\nContent-Type: audio/webm\r\n\r\n\u001aE\u00df\u00a3`;
    return stall(
      `POST ${SAMPLE_PATHS.validate} HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: ${t.config.publicUrl}\r\n` +
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: 100000\r\n\r\n${firstBytes}`,
    );
  };

  it('is answered 408 and closed once the request timeout passes, when its upload stalls', async () => {
    const { answer, closedAfterMs } = await stalledUpload();
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      statusCode: 408,
      error: 'Request Timeout',
      message: 'Client Timeout',
    });
    // Not before the request timeout: the headers were complete within theirs.
    expect(closedAfterMs).toBeGreaterThanOrEqual(2_900);
  });

  it('is answered 408 and closed once the headers timeout passes, when its headers stall: before a stalled upload begun with it', async () => {
    const closed: string[] = [];
    const upload = stalledUpload().then((result) => {
      closed.push('upload');
      return result;
    });
    const headers = stall(`GET /api/requests/recording/enabled HTTP/1.1\r\nHost: localhost:${port}\r\n`).then((result) => {
      closed.push('headers');
      return result;
    });
    const { answer, closedAfterMs } = await headers;
    await upload;
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    // By the headers timeout (1 s), not the request timeout (3 s): an order, which holds on a busy machine.
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(closed).toEqual(['headers', 'upload']);
  });
});
