import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { EntityKind } from '../../common/enums';
import { type LikedSlots, likedItemIds, likedSlots, overlayLiked, overlayLikedParsed } from './liked-overlay';
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
 * - Logged-in requests (`request.user`, set by the session hook registered before this) are served the
 *   same public answer when the route says what their answer adds to it (`readCacheViewer`): nothing
 *   (`'nothing'`: live, stats, suggestions), or their liked flags of one kind (`{ liked: 'media' }`),
 *   written into the public body (http/liked-overlay.ts) from the viewer's liked ids (`useViewerLikes`:
 *   the likes slice's per-user sets). A logged-in miss builds the public answer (`request.readCachePublic`:
 *   the handler presents it as to everyone), keeps it, and overlays its own flags. Routes without
 *   `readCacheViewer`, and every logged-in request before the likes slice gave its sets, bypass the cache.
 * - Concurrent misses of one URL are coalesced: one request builds the answer, the others wait for it.
 * - An answer that depends on more than its URL says on what (`readCacheVariant`, e.g. today's date in
 *   the site's time zone): the value is part of the key, so an answer of yesterday is never served today.
 * - `clear()` on every catalogue write this instance makes (edits, approvals, sync), so an edit is seen
 *   at once here; other instances see it within the TTL. An answer built while a write happened is
 *   not kept.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anonymous GET answers of this route may be served from the read cache */
    readCache?: boolean;
    /** What a logged-in viewer's answer adds to the public one; absent, logged-in requests bypass the cache */
    readCacheViewer?: ReadCacheViewer;
    /** What else the answer depends on besides its URL (today's date: on-this-day); kept apart per value */
    readCacheVariant?: () => string;
  }
  interface FastifyRequest {
    /** Set when this request builds the cached answer for its URL */
    readCacheFill?: { key: string; generation: number; done: () => void; ids?: number[] | null };
    /** A logged-in request building the public answer: the handler presents it as to every logged-out visitor */
    readCachePublic?: boolean;
  }
}

/** `'nothing'`: the same answer for everyone; `{ liked }`: plus the viewer's liked flags of that kind. */
export type ReadCacheViewer = 'nothing' | { liked: EntityKind };

/** The ids a logged-in viewer liked, of one kind (the likes slice's per-user sets, likes/liked-sets.ts). */
export type ViewerLikes = (userId: number, kind: EntityKind) => Promise<ReadonlySet<number>>;

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
  /** Drops the answers of URLs under `path` (a slice whose one writer is not the catalogue: the live poll) */
  forget(path: string): void;
  /** Serve logged-in readers of `{ liked }` routes too, with their flags from `likes` */
  useViewerLikes(likes: ViewerLikes): void;
  readonly size: number;
}

interface Entry {
  body: string;
  contentType: string;
  /** Where the items' liked flags are, for a route whose viewers add them; null when they cannot be placed */
  slots?: LikedSlots | null;
}

export const READ_CACHE_HEADER = 'x-read-cache';

export function registerReadCache(app: App, options: ReadCacheOptions): ReadCache {
  if (options.ttlMs <= 0) return { clear() {}, forget() {}, useViewerLikes() {}, size: 0 };
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
  let viewerLikes: ViewerLikes | null = null;

  /** What a logged-in request adds to the public answer; undefined when it cannot be served from it. */
  const viewerPart = (request: FastifyRequest): ReadCacheViewer | undefined => {
    const part = request.routeOptions.config.readCacheViewer;
    return part === 'nothing' || (part && viewerLikes) ? part : undefined;
  };

  const cacheable = (request: FastifyRequest) =>
    request.method === 'GET' &&
    request.routeOptions.config.readCache === true &&
    (request.user === null || viewerPart(request) !== undefined);

  /** The public body as this request's viewer gets it: their liked flags written in, when the route has them. */
  const personal = async (request: FastifyRequest, body: string, slots: LikedSlots | null | undefined): Promise<string> => {
    const part = request.user === null ? 'nothing' : viewerPart(request);
    if (part === 'nothing' || !part || !viewerLikes) return body;
    const liked = await viewerLikes(request.user!.id, part.liked);
    return slots ? overlayLiked(body, slots, liked) : overlayLikedParsed(body, liked);
  };

  const serve = (reply: FastifyReply, entry: Entry, body: string) =>
    reply.header('content-type', entry.contentType).header(READ_CACHE_HEADER, 'hit').send(body);

  const keyOf = (request: FastifyRequest) => {
    const variant = request.routeOptions.config.readCacheVariant;
    return variant ? `${request.url}#${variant()}` : request.url;
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!cacheable(request)) return;
    const key = keyOf(request);
    let entry = cache.get(key);
    if (!entry) {
      const pending = building.get(key);
      if (pending) {
        await pending;
        entry = cache.get(key);
      }
    }
    if (entry) return serve(reply, entry, await personal(request, entry.body, entry.slots));
    if (building.has(key)) return; // a newer build started while we waited; build our own, uncached
    startFill(request, key);
    reply.header(READ_CACHE_HEADER, 'miss');
  });

  function startFill(request: FastifyRequest, key: string) {
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
    request.readCachePublic = request.user !== null;
  }

  // The items of an answer whose viewers add liked flags, before it becomes text.
  app.addHook('preSerialization', async (request, _reply, payload) => {
    const fill = request.readCacheFill;
    const part = request.routeOptions.config.readCacheViewer;
    if (fill && part && part !== 'nothing') fill.ids = likedItemIds(payload);
    return payload;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const fill = request.readCacheFill;
    if (!fill || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const slots = fill.ids ? likedSlots(payload, fill.ids) : null;
    if (fill.generation === generation) {
      cache.set(fill.key, {
        body: payload,
        slots,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      });
    }
    // A logged-in request built the public answer: now its own flags.
    return personal(request, payload, slots);
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
    forget(path) {
      // A build under way may hold the old answer: no build begun before this is stored.
      generation++;
      for (const key of cache.keys()) if (key === path || key.startsWith(`${path}?`) || key.startsWith(`${path}#`)) cache.delete(key);
    },
    useViewerLikes(likes: ViewerLikes) {
      viewerLikes = likes;
    },
    get size() {
      return cache.size;
    },
  };
}
