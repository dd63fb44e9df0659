import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { App } from './types';

/**
 * A short-lived cache of the answers anonymous visitors get from catalogue reads.
 *
 * Every logged-out visitor sees the same answer for the same URL (only `liked` depends on who asks),
 * and the popular ones (home's lists, a trending search) are asked for many times a second. Serving
 * them from memory for a second or two keeps lists and search under the latency budget at 100
 * concurrent clients, where building each answer again would queue on the database and the event loop.
 *
 * - Opt-in per route: `config: { readCache: true }`. Only GET answers with status 200 are kept.
 * - Logged-in requests (`request.user`, set by the session hook registered before this) bypass it.
 * - Concurrent misses of one URL are coalesced: one request builds the answer, the others wait for it.
 * - `clear()` on every catalogue write this instance makes (edits, approvals, sync), so an edit is seen
 *   at once here; other instances see it within the TTL. An answer built while a write happened is
 *   not kept.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anonymous GET answers of this route may be served from the read cache */
    readCache?: boolean;
  }
  interface FastifyRequest {
    /** Set when this request builds the cached answer for its URL */
    readCacheFill?: { key: string; generation: number; done: () => void };
  }
}

export interface ReadCacheOptions {
  /** How long an answer is served from memory; 0 turns the cache off */
  ttlMs: number;
  /** Bound on the memory held, in characters of cached bodies */
  maxChars?: number;
  /** The clock of the answers' expiry */
  now: () => Date;
}

export interface ReadCache {
  clear(): void;
  readonly size: number;
}

interface Entry {
  body: string;
  contentType: string;
}

export const READ_CACHE_HEADER = 'x-read-cache';

export function registerReadCache(app: App, options: ReadCacheOptions): ReadCache {
  if (options.ttlMs <= 0) return { clear() {}, size: 0 };
  const cache = new LRUCache<string, Entry>({
    ttl: options.ttlMs,
    // Every expiry check asks the clock (a test clock moves between two calls, not with real time).
    ttlResolution: 0,
    perf: { now: () => options.now().getTime() },
    // Expired entries stay until pushed out, so both the count and the memory are bounded; the key
    // (the URL, up to the server's URL limit) counts too.
    max: 20_000,
    maxSize: options.maxChars ?? 32_000_000,
    sizeCalculation: (entry, key) => entry.body.length + key.length + 100,
  });
  /** Answers being built, by URL: later requests for the same URL wait for them. */
  const building = new Map<string, Promise<void>>();
  let generation = 0;

  const cacheable = (request: FastifyRequest) =>
    request.method === 'GET' && request.routeOptions.config.readCache === true && request.user === null;

  const serve = (reply: FastifyReply, entry: Entry) =>
    reply.header('content-type', entry.contentType).header(READ_CACHE_HEADER, 'hit').send(entry.body);

  app.addHook('onRequest', async (request, reply) => {
    if (!cacheable(request)) return;
    const key = request.url;
    let entry = cache.get(key);
    if (!entry) {
      const pending = building.get(key);
      if (pending) {
        await pending;
        entry = cache.get(key);
      }
    }
    if (entry) return serve(reply, entry);
    if (building.has(key)) return; // a newer build started while we waited; build our own, uncached
    let done = () => {};
    building.set(
      key,
      new Promise<void>((resolve) => {
        done = resolve;
      }),
    );
    request.readCacheFill = {
      key,
      generation,
      done: () => {
        building.delete(key);
        done();
      },
    };
    reply.header(READ_CACHE_HEADER, 'miss');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const fill = request.readCacheFill;
    if (fill && reply.statusCode === 200 && typeof payload === 'string' && fill.generation === generation) {
      cache.set(fill.key, { body: payload, contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8') });
    }
    return payload;
  });

  // Runs for every finished or aborted request, so waiters are never left hanging on a failed build.
  const release = async (request: FastifyRequest) => {
    request.readCacheFill?.done();
    request.readCacheFill = undefined;
  };
  app.addHook('onResponse', release);
  app.addHook('onRequestAbort', release);

  return {
    clear() {
      generation++;
      cache.clear();
    },
    get size() {
      return cache.size;
    },
  };
}
