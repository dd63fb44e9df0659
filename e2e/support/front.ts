import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The address the browser talks to: API, thumbnails and sandbox calls (WebSockets included) and
 * the app shell (client routes) go to the real server unchanged, while the web app's files come
 * from a snapshot of dist/web taken when the run starts, served with the real server's security headers (CSP and the rest). Several
 * people share this working tree: without the snapshot, anyone's `npm run build:web` during a run
 * swaps dist/web under the server, whose static routes were listed at start, and every later page
 * loads no script at all.
 */

const SERVER_PATHS = ['/api/', '/images/', '/sandbox/'];
/** Built files the real server answers with its configuration written in (server/site/web-app.ts). */
const SERVER_RENDERED = new Set(['/index.html', '/manifest.webmanifest']);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Response headers of the real server that are about security, not about the body. */
const COPIED_HEADERS = /^(content-security-policy|cross-origin-|origin-agent-cluster|referrer-policy|strict-transport-security|x-)/;

export interface Front {
  close: () => Promise<void>;
}

export function snapshotWeb(distWeb: string): string {
  if (!existsSync(path.join(distWeb, 'index.html'))) throw new Error('dist/web is missing: run `npm run build:web` first');
  const copy = mkdtempSync(path.join(tmpdir(), 'almanac-e2e-web-'));
  cpSync(distWeb, copy, { recursive: true });
  return copy;
}

function staticFile(webDir: string, pathname: string): { file: string; fallback: boolean } {
  const safe = path.normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  const file = path.join(webDir, safe);
  if (file.startsWith(webDir) && existsSync(file) && statSync(file).isFile()) return { file, fallback: false };
  // Client routes (and unknown paths, which the app sends home) get the app shell, as the server does.
  return { file: path.join(webDir, 'index.html'), fallback: true };
}

/** Copies the real server's security headers from its answer for the same path. */
async function securityHeaders(serverOrigin: string, pathname: string): Promise<Record<string, string>> {
  try {
    const response = await fetch(`${serverOrigin}${pathname}`, { method: 'HEAD' });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (COPIED_HEADERS.test(name)) headers[name] = value;
    });
    return headers;
  } catch {
    return {};
  }
}

function forward(request: http.IncomingMessage, response: http.ServerResponse, server: URL) {
  const upstream = http.request(
    { host: server.hostname, port: server.port, method: request.method, path: request.url, headers: request.headers },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on('error', () => {
    if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
    response.end('The test server is not reachable');
  });
  request.pipe(upstream);
}

export async function startFront(webDir: string, serverOrigin: string, port: number): Promise<Front> {
  const server = new URL(serverOrigin);
  let headers: Record<string, string> | undefined;

  const front = http.createServer((request, response) => {
    const pathname = (request.url ?? '/').split('?')[0] ?? '/';
    if (SERVER_PATHS.some((prefix) => pathname.startsWith(prefix))) {
      forward(request, response, server);
      return;
    }
    const { file, fallback } = staticFile(webDir, pathname);
    if (fallback || SERVER_RENDERED.has(pathname)) {
      // The app shell is the server's own: it writes the public configuration into it (read at its start).
      forward(request, response, server);
      return;
    }
    void (async () => {
      headers ??= await securityHeaders(serverOrigin, '/');
      response.writeHead(200, {
        ...headers,
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
      response.end(request.method === 'HEAD' ? undefined : readFileSync(file));
    })();
  });

  // Idle connections are kept 75 s, as nginx keeps them in production. Node's own 5 s raced the
  // browser's request context reusing a connection just as the front closed it (ECONNRESET in CI).
  front.keepAliveTimeout = 75_000;

  // WebSockets (radio, request queue): pass the upgrade through byte for byte.
  front.on('upgrade', (request, socket, head) => {
    const upstream = net.connect(Number(server.port), server.hostname, () => {
      const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    front.once('error', reject);
    front.listen(port, '127.0.0.1', resolve);
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        front.closeAllConnections();
        front.close(() => {
          rmSync(webDir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
