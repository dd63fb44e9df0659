import WebSocket from 'ws';

/** A real WebSocket client for socket tests: every message parsed and kept, waits by count. */
export interface SocketClient {
  socket: WebSocket;
  messages: unknown[];
  /** Resolves with the nth message (1-based) */
  message(n: number): Promise<unknown>;
  /** Resolves with the first message from now on that `accept` takes, and when it arrived (performance.now()) */
  next(accept?: (message: unknown) => boolean): Promise<{ message: unknown; at: number }>;
  closed: Promise<{ code: number; reason: string }>;
  /** The HTTP status of a refused upgrade */
  refused: Promise<{ status: number; body: string }>;
}

export function connectSocket(url: string, options: WebSocket.ClientOptions = {}): SocketClient {
  const socket = new WebSocket(url, options);
  const messages: unknown[] = [];
  const waiters = new Set<(message: unknown, at: number) => boolean>();
  socket.on('message', (data) => {
    const at = performance.now();
    const message = JSON.parse(data.toString());
    messages.push(message);
    for (const waiter of [...waiters]) if (waiter(message, at)) waiters.delete(waiter);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    socket.on('error', () => {});
  });
  const refused = new Promise<{ status: number; body: string }>((resolve) => {
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
  });
  return {
    socket,
    messages,
    closed,
    refused,
    message: (n) =>
      new Promise((resolve) => {
        if (messages.length >= n) return resolve(messages[n - 1]);
        waiters.add(() => {
          if (messages.length < n) return false;
          resolve(messages[n - 1]);
          return true;
        });
      }),
    next: (accept = () => true) =>
      new Promise((resolve) => {
        waiters.add((message, at) => {
          if (!accept(message)) return false;
          resolve({ message, at });
          return true;
        });
      }),
  };
}

/** ws://… of an app listening on a port, for `path`. */
export function socketUrl(httpOrigin: string, path: string): string {
  return `${httpOrigin.replace(/^http/, 'ws')}${path}`;
}
