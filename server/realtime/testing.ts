import WebSocket from 'ws';

/** How long a test waits for a message before it fails naming what it waited for: generous, as a busy machine is slow, but under the test's own timeout. */
export const SOCKET_WAIT_MS = 20_000;

/**
 * A real WebSocket client for socket tests: every message parsed and kept, waits by count or by
 * content. A wait fails, never hangs, when the socket closes first (a dropped client gets no more
 * messages) or after `SOCKET_WAIT_MS`, saying what came instead; tests assert delivery and order,
 * never how fast.
 */
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

interface Waiter {
  /** Takes the message (and settles) or leaves it to later ones */
  take(message: unknown, at: number): boolean;
  fail(error: Error): void;
}

/** The pending waits of one client: each settles on a message it takes, or fails on close or after SOCKET_WAIT_MS. */
function socketWaits(messages: unknown[]) {
  const waiters = new Set<Waiter>();
  let closedWith: { code: number; reason: string } | null = null;
  const seen = () =>
    `after ${messages.length} message(s)${messages.length ? `, the last ${JSON.stringify(messages.at(-1)).slice(0, 300)}` : ''}`;
  const closedText = () => `socket closed (${closedWith?.code} ${closedWith?.reason})`;

  return {
    received(message: unknown, at: number) {
      for (const waiter of [...waiters]) if (waiter.take(message, at)) waiters.delete(waiter);
    },
    closed(code: number, reason: string) {
      closedWith = { code, reason };
      for (const waiter of [...waiters]) waiter.fail(new Error(`${closedText()} ${seen()}`));
      waiters.clear();
    },
    wait<T>(what: string, take: (resolve: (value: T) => void, message: unknown, at: number) => boolean): Promise<T> {
      const waiting = new Promise<T>((resolve, reject) => {
        if (closedWith) return reject(new Error(`${closedText()} before ${what}, ${seen()}`));
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no ${what} within ${SOCKET_WAIT_MS / 1000} s, ${seen()}`));
        }, SOCKET_WAIT_MS);
        timer.unref();
        const waiter: Waiter = {
          take: (message, at) => {
            if (!take(resolve, message, at)) return false;
            clearTimeout(timer);
            return true;
          },
          fail: (error) => {
            clearTimeout(timer);
            reject(new Error(`${error.message}, waiting for ${what}`));
          },
        };
        waiters.add(waiter);
      });
      // A wait the test never came back for must not fail the run as an unhandled rejection.
      waiting.catch(() => {});
      return waiting;
    },
  };
}

export function connectSocket(url: string, options: WebSocket.ClientOptions = {}): SocketClient {
  const socket = new WebSocket(url, options);
  const messages: unknown[] = [];
  const waits = socketWaits(messages);
  socket.on('message', (data) => {
    const at = performance.now();
    const message = JSON.parse(data.toString());
    messages.push(message);
    waits.received(message, at);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      waits.closed(code, reason.toString());
    });
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
      messages.length >= n
        ? Promise.resolve(messages[n - 1])
        : waits.wait(`message ${n}`, (resolve, _message) => {
            if (messages.length < n) return false;
            resolve(messages[n - 1]);
            return true;
          }),
    next: (accept = () => true) =>
      waits.wait<{ message: unknown; at: number }>('a matching message', (resolve, message, at) => {
        if (!accept(message)) return false;
        resolve({ message, at });
        return true;
      }),
  };
}

/** ws://… of an app listening on a port, for `path`. */
export function socketUrl(httpOrigin: string, path: string): string {
  return `${httpOrigin.replace(/^http/, 'ws')}${path}`;
}
