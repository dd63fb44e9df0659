import WebSocket from 'ws';
import { UPSTREAM_HEADER } from './stack';

/**
 * A visitor as a browser would be one, over real HTTP: a cookie jar, the site's Origin on writes,
 * redirects followed by hand (so a login's cookies land where the browser would keep them). Each
 * answer says which instance gave it, when nginx's check header is there.
 */

export interface Answer {
  status: number;
  headers: Headers;
  body: string;
  /** host:port of the instance nginx passed the request to ('' when not through nginx) */
  upstream: string;
  json<T = unknown>(): T;
}

export class Visitor {
  private jar = new Map<string, string>();

  /** `origin` is PUBLIC_URL's: what a browser on the site sends as Origin */
  constructor(readonly origin: string) {}

  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(method: string, url: string, options: { json?: unknown; form?: Record<string, string> } = {}): Promise<Answer> {
    const headers: Record<string, string> = { cookie: this.cookieHeader() };
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      headers.origin = this.origin;
      body = JSON.stringify(options.json);
    } else if (options.form) {
      // The sandbox's PayPal page posts a plain form, as the browser would without script.
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    const res = await fetch(url, { method, headers, body, redirect: 'manual' });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      body: text,
      upstream: res.headers.get(UPSTREAM_HEADER) ?? '',
      json: <T>() => JSON.parse(text) as T,
    };
  }

  /** The demo login: the app's start, the sandbox's Twitch authorize page, the callback. */
  async login(base: string, account: string): Promise<void> {
    const start = await this.request('GET', `${base}/api/auth/twitch/login`);
    const authorize = new URL(expectRedirect(start, 'the login start'));
    authorize.searchParams.set('login', account);
    const picked = await this.request('GET', authorize.toString());
    const done = await this.request('GET', new URL(expectRedirect(picked, 'the authorize page'), base).toString());
    const landed = expectRedirect(done, 'the login callback');
    if (!landed.endsWith('loginSuccess=true')) throw new Error(`logging in as ${account} ended on ${landed}`);
  }
}

function expectRedirect(answer: Answer, what: string): string {
  const location = answer.headers.get('location');
  if (answer.status !== 302 || !location) throw new Error(`${what} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  return location;
}

/** A socket that keeps every message with the moment it arrived. */
export interface Listening {
  socket: WebSocket;
  /** host:port of the instance behind it */
  upstream: string;
  messages: { at: number; data: unknown }[];
  /** Resolves with the first message (kept or coming) that `accept` takes, with its arrival time */
  next(accept: (data: unknown) => boolean, timeoutMs: number): Promise<{ at: number; data: unknown }>;
}

export function listenTo(url: string, origin: string, directUpstream = ''): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { origin } });
    const messages: { at: number; data: unknown }[] = [];
    const waiters = new Set<() => void>();
    let upstream = directUpstream;
    socket.on('upgrade', (res) => {
      upstream = String(res.headers[UPSTREAM_HEADER] ?? directUpstream);
    });
    socket.on('message', (raw) => {
      messages.push({ at: performance.now(), data: JSON.parse(raw.toString()) });
      for (const wake of waiters) wake();
    });
    socket.once('error', reject);
    socket.once('open', () =>
      resolve({
        socket,
        get upstream() {
          return upstream;
        },
        messages,
        next(accept, timeoutMs) {
          return new Promise((found, fail) => {
            const look = () => {
              const hit = messages.find((m) => accept(m.data));
              if (!hit) return false;
              waiters.delete(wake);
              clearTimeout(timer);
              found(hit);
              return true;
            };
            const wake = () => void look();
            const timer = setTimeout(() => {
              waiters.delete(wake);
              fail(new Error(`no matching message on ${url} (${upstream}) within ${timeoutMs} ms`));
            }, timeoutMs);
            if (!look()) waiters.add(wake);
          });
        },
      }),
    );
  });
}
