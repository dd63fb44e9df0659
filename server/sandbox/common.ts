import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../http/types';
import type { MatchedRule, SandboxProvider } from './faults';
import type { SandboxState } from './state';

/** Pieces every provider stand-in shares: its own origin, opaque page cursors and fault injection. */

/** The origin the caller used to reach us, so links in answers (next pages, images) come back here. */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Opaque page tokens that carry an offset; anything else is refused as the providers do. */
export function encodeOffset(prefix: string, offset: number): string {
  return Buffer.from(`${prefix}:${offset}`).toString('base64url');
}

export function decodeOffset(prefix: string, token: string | undefined): number | null {
  if (token === undefined || token === '') return 0;
  const text = Buffer.from(token, 'base64url').toString('utf8');
  const m = new RegExp(`^${prefix}:(\\d+)$`).exec(text);
  return m ? Number(m[1]) : null;
}

/** A page of `items` from `offset`, and the offset of the next page if there is one. */
export function slice<T>(items: T[], offset: number, size: number): { page: T[]; next: number | null } {
  const page = items.slice(offset, offset + size);
  return { page, next: offset + size < items.length ? offset + size : null };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Logs each request of a provider and applies the first matching injected fault: a delay, an
 * error status in the provider's own error shape (with Retry-After when asked, and the provider's
 * own headers of that answer: `errorHeaders`), or both.
 */
export function faultHook(
  app: App,
  state: SandboxState,
  provider: SandboxProvider,
  prefix: string,
  errorBody: (status: number) => unknown,
  errorHeaders?: (status: number, rule: MatchedRule) => Record<string, string>,
) {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.startsWith(prefix) ? request.url.slice(prefix.length) : request.url;
    state.log(provider, request.method, path);
    const rule = state.faults.take(provider, request.method, path, state.clock().getTime());
    if (!rule) return;
    if (rule.delayMs) await sleep(rule.delayMs);
    if (rule.hold) await rule.hold;
    const status = rule.status ?? (rule.rateLimitSeconds !== undefined ? 429 : undefined);
    if (status) {
      if (rule.retryAfter !== undefined) reply.header('retry-after', String(rule.retryAfter));
      reply.headers(errorHeaders?.(status, rule) ?? {});
      return reply.code(status).send(errorBody(status));
    }
  });
}

export const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
