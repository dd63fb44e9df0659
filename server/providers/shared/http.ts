import type { z } from 'zod';

/**
 * The one HTTP helper every provider client uses: timeouts, retries with exponential backoff on 429
 * and 5xx (honouring Retry-After, or the wait a client reads from its provider's own headers:
 * Twitch's Ratelimit-Reset), one token refresh on 401, and typed errors. A call either answers
 * the whole, validated response or throws a ProviderError: never a partial or guessed result.
 */

export type ProviderName = 'youtube' | 'soundcloud' | 'twitch' | 'paypal' | 'discord' | 'thumbnails';

const LABELS: Record<ProviderName, string> = {
  youtube: 'YouTube',
  soundcloud: 'SoundCloud',
  twitch: 'Twitch',
  paypal: 'PayPal',
  discord: 'Discord',
  thumbnails: 'Thumbnail host',
};

export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly provider: ProviderName,
    /** HTTP status, or null when no answer came (timeout, connection refused) */
    readonly status: number | null,
    message: string,
    /** `body`: the provider's error answer, parsed, for clients that read more than the reason */
    readonly details: { url?: string; reason?: string; attempts?: number; body?: unknown } = {},
  ) {
    super(message);
  }

  /** The provider refused our credentials (bad key, client id or secret). */
  get isAuth(): boolean {
    return this.status === 401 || (this.status === 403 && this.details.reason !== 'quotaExceeded');
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

export interface RetryPolicy {
  /** Attempts after the first one, for 429, 5xx, timeouts and refused connections */
  retries: number;
  /** First backoff; doubled each retry, capped at maxBackoffMs */
  backoffMs: number;
  maxBackoffMs: number;
  /** A Retry-After longer than this is not waited for: the call fails at once, saying so */
  maxRetryAfterMs: number;
}

export interface HttpOptions {
  provider: ProviderName;
  /** No trailing slash; paths are appended to it */
  baseUrl: string;
  timeoutMs: number;
  retry: RetryPolicy;
  /** Waits between attempts; tests pass one that records the delays instead of sleeping */
  sleep?: (ms: number) => Promise<void>;
  /** The clock (epoch ms) that waits named as a time are measured by: a Retry-After date, Twitch's Ratelimit-Reset */
  now?: () => number;
  /**
   * How long an answer asks to wait before the retry, in the provider's own way (Twitch: until
   * Ratelimit-Reset); null when it does not say, so Retry-After, else the backoff, decides.
   */
  askedWait?: (res: Response, now: number) => number | null;
  fetch?: typeof fetch;
  /** Reads the provider's error body into a reason code and a readable message */
  describeError?: (body: unknown) => { reason?: string; message?: string };
}

/** Where an access token comes from; `invalidate` drops a token the provider refused. */
export interface TokenProvider {
  token(): Promise<string>;
  invalidate(token: string): void;
}

export interface RequestOptions {
  method?: 'GET' | 'POST';
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Sent as application/x-www-form-urlencoded */
  form?: Record<string, string>;
  /** Sent as application/json */
  json?: unknown;
  /** Adds the token as a header (e.g. `Bearer x`) and refreshes it once on 401 */
  auth?: { tokens: TokenProvider; header: (token: string) => Record<string, string> };
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, backoffMs: 500, maxBackoffMs: 8_000, maxRetryAfterMs: 120_000 };

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After is either seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function describeCause(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; cause?: { code?: string; message?: string }; message?: string };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  const code = e?.cause?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND') return 'host not found';
  return e?.cause?.message ?? e?.message ?? 'request failed';
}

export type Http = ReturnType<typeof createHttp>;

export function createHttp(options: HttpOptions) {
  const label = LABELS[options.provider];
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const doFetch = options.fetch ?? fetch;
  const { retry } = options;

  function urlFor(pathOrUrl: string, query: RequestOptions['query']): URL {
    const url = /^https?:\/\//.test(pathOrUrl) ? new URL(pathOrUrl) : new URL(options.baseUrl + pathOrUrl);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url;
  }

  /** Path and query as shown in messages; never the key or token parameters, nor a webhook's token (its last path part). */
  function shown(url: URL): string {
    const copy = new URL(url);
    for (const secret of ['key', 'client_secret', 'client_id', 'oauth_token', 'access_token']) {
      if (copy.searchParams.has(secret)) copy.searchParams.set(secret, '***');
    }
    const path = copy.pathname.replace(/(\/webhooks\/[^/]+\/)[^/]+/, '$1***');
    return `${path}${copy.search}`;
  }

  function backoff(retryIndex: number): number {
    return Math.min(retry.maxBackoffMs, retry.backoffMs * 2 ** retryIndex);
  }

  async function readBody(res: Response): Promise<{ json: unknown; text: string }> {
    const text = await res.text();
    try {
      return { json: text ? JSON.parse(text) : null, text };
    } catch {
      return { json: undefined, text };
    }
  }

  async function send(pathOrUrl: string, request: RequestOptions): Promise<{ res: Response; url: URL; attempts: number }> {
    const url = urlFor(pathOrUrl, request.query);
    const method = request.method ?? 'GET';
    let refreshed = false;
    let retriesUsed = 0;
    for (let attempts = 1; ; attempts++) {
      const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
      let token: string | undefined;
      if (request.auth) {
        token = await request.auth.tokens.token();
        Object.assign(headers, request.auth.header(token));
      }
      let body: string | undefined;
      if (request.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(request.form).toString();
      } else if (request.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(request.json);
      }
      let res: Response;
      try {
        res = await doFetch(url, { method, headers, body, signal: AbortSignal.timeout(options.timeoutMs), redirect: 'follow' });
      } catch (error) {
        if (retriesUsed < retry.retries) {
          await sleep(backoff(retriesUsed++));
          continue;
        }
        throw new ProviderError(
          options.provider,
          null,
          `${label} did not answer ${method} ${shown(url)} after ${attempts} attempts: ${describeCause(error, options.timeoutMs)}`,
          { url: shown(url), attempts },
        );
      }
      if (res.status === 401 && request.auth && token && !refreshed) {
        // An expired or revoked token: get a new one once, then let a second 401 be an error.
        await res.body?.cancel();
        request.auth.tokens.invalidate(token);
        refreshed = true;
        continue;
      }
      if ((res.status === 429 || res.status >= 500) && retriesUsed < retry.retries) {
        const asked = options.askedWait?.(res, now()) ?? parseRetryAfter(res.headers.get('retry-after'), now());
        await res.body?.cancel();
        if (asked !== null && asked > retry.maxRetryAfterMs) {
          throw new ProviderError(
            options.provider,
            res.status,
            `${label} answered ${res.status} to ${method} ${shown(url)} and asks to wait ${Math.ceil(asked / 1000)} s; giving up for now`,
            { url: shown(url), attempts },
          );
        }
        await sleep(asked ?? backoff(retriesUsed));
        retriesUsed++;
        continue;
      }
      return { res, url, attempts };
    }
  }

  /**
   * Sends the request and answers the JSON body validated by `schema`. Any non-2xx answer (after
   * retries and one token refresh), a body that is not JSON or one of an unexpected shape throws.
   */
  async function json<S extends z.ZodType>(pathOrUrl: string, schema: S, request: RequestOptions = {}): Promise<z.output<S>> {
    const { res, url, attempts } = await send(pathOrUrl, request);
    const method = request.method ?? 'GET';
    const { json: body, text } = await readBody(res).catch((error: unknown) => {
      throw new ProviderError(
        options.provider,
        res.status,
        `${label} broke off its answer to ${method} ${shown(url)}: ${describeCause(error, options.timeoutMs)}`,
        { url: shown(url), attempts },
      );
    });
    if (!res.ok) {
      const described = body === undefined ? {} : (options.describeError?.(body) ?? {});
      const detail = described.message ?? (text.slice(0, 200) || res.statusText);
      const after = attempts > 1 ? ` after ${attempts} attempts` : '';
      throw new ProviderError(
        options.provider,
        res.status,
        `${label} answered ${res.status}${described.reason ? ` (${described.reason})` : ''} to ${method} ${shown(url)}${after}: ${detail}`,
        { url: shown(url), reason: described.reason, attempts, body },
      );
    }
    if (body === undefined) {
      throw new ProviderError(options.provider, res.status, `${label} answered ${method} ${shown(url)} with something that is not JSON`, {
        url: shown(url),
        attempts,
      });
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? issue.path.join('.') : '(body)';
      throw new ProviderError(
        options.provider,
        res.status,
        `${label} answered ${method} ${shown(url)} in an unexpected shape: ${where} ${issue?.message ?? 'is invalid'}`,
        { url: shown(url), attempts },
      );
    }
    return parsed.data;
  }

  /** Raw bytes (images), with the same retries; non-2xx throws. */
  async function bytes(pathOrUrl: string, request: RequestOptions = {}): Promise<{ data: Buffer; contentType: string | null }> {
    const { res, url, attempts } = await send(pathOrUrl, request);
    if (!res.ok) {
      await res.body?.cancel();
      throw new ProviderError(options.provider, res.status, `${label} answered ${res.status} to GET ${shown(url)}`, {
        url: shown(url),
        attempts,
      });
    }
    try {
      return { data: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type') };
    } catch (error) {
      throw new ProviderError(options.provider, res.status, `${label} broke off ${shown(url)}: ${describeCause(error, options.timeoutMs)}`);
    }
  }

  return { json, bytes, baseUrl: options.baseUrl, provider: options.provider };
}

/**
 * An app access token fetched on first use, kept until shortly before it expires, shared by
 * concurrent calls, and fetched again when the provider refuses it.
 */
export function cachedToken(
  fetchToken: () => Promise<{ token: string; expiresInSeconds: number }>,
  now = () => Date.now(),
): TokenProvider & {
  fetched: number;
} {
  let current: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;
  const state = {
    fetched: 0,
    async token(): Promise<string> {
      if (current && current.expiresAt > now()) return current.token;
      pending ??= fetchToken()
        .then(({ token, expiresInSeconds }) => {
          state.fetched++;
          // Renew a minute early (or at half-life for short tokens) so a call never starts with a dying token.
          const margin = Math.min(60, expiresInSeconds / 2) * 1000;
          current = { token, expiresAt: now() + expiresInSeconds * 1000 - margin };
          return token;
        })
        .finally(() => {
          pending = null;
        });
      return pending;
    },
    invalidate(token: string) {
      if (current?.token === token) current = null;
    },
  };
  return state;
}
