import http from 'node:http';
import { UPSTREAM_HEADER } from './stack';

/** What the deployment checks share: their assertion, their report line, and plain HTTP. */

export function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

export const ok = (message: string) => console.log(`ok   ${message}`);

/**
 * node:http, for what fetch cannot do: set Host, or connect from another loopback address (a
 * visitor nginx sees as 127.0.0.2). Answers the status, the instance that answered (none: nginx
 * answered itself), the content type and the body.
 */
export function raw(
  base: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; from?: string; json?: unknown; body?: { type: string; bytes: Buffer } } = {},
) {
  const url = new URL(base);
  const sent = options.json === undefined ? options.body : { type: 'application/json', bytes: Buffer.from(JSON.stringify(options.json)) };
  const headers = { ...options.headers, ...(sent ? { 'content-type': sent.type, origin: base } : {}) };
  return new Promise<{ status: number | undefined; upstream: string; type: string; body: string }>((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path, method, headers, localAddress: options.from }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          upstream: String(res.headers[UPSTREAM_HEADER] ?? ''),
          type: String(res.headers['content-type'] ?? ''),
          body,
        }),
      );
    });
    req.once('error', reject);
    req.end(sent?.bytes);
  });
}
