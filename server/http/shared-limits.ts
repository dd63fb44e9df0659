import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import type { App } from './types';

/**
 * Where the rate limits (accounts/limits.ts) are counted. Without REDIS_URL, in each instance's
 * memory, as @fastify/rate-limit does by default: behind a balancer a client gets each instance's
 * budget. With it, in Redis (the library's Redis store, one INCR per request in a Lua script), so
 * every instance spends one budget per user or address.
 *
 * Redis down fails open: a write is let through uncounted (`skipOnError`) rather than refused, so
 * the site stays usable while the limits are off; one warning is logged per outage. A fan site's
 * writes are cheap to let through for a while, and refusing every like and request because a
 * counter is unreachable would be an outage of its own.
 *
 * No call waits long for Redis: the app connects once it is ready (a second at most; a start with
 * Redis away logs the warning and goes on), commands are not queued while it is away (they fail at
 * once), an answer is waited for a second at most, and the client reconnects in the background,
 * backing off to every 5 s. The connection closes with the app.
 */

/** How long connecting, or one command, may take before the limit is skipped */
export const REDIS_WAIT_MS = 1000;

export function sharedLimitOptions(app: App, config: Config): Partial<RateLimitPluginOptions> {
  if (!config.redis) return {};
  const redis = new Redis(config.redis.url, {
    lazyConnect: true,
    connectTimeout: REDIS_WAIT_MS,
    commandTimeout: REDIS_WAIT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempts) => Math.min(attempts * 200, 5000),
    connectionName: 'almanac-rate-limits',
  });
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    app.log.warn({ err: error }, 'Redis (REDIS_URL) is unreachable: rate limits are not counted until it is back');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    app.log.info('Redis (REDIS_URL) is back: rate limits are counted across instances again');
  });
  // The error listener has logged a failed first connect; the client keeps trying in the background.
  app.addHook('onReady', async () => {
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, 2 * REDIS_WAIT_MS);
    });
    await Promise.race([redis.connect().catch(() => undefined), gaveUp]);
    clearTimeout(timer);
  });
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  // Each limit's keys are named by the limit (accounts/limits.ts); the library puts this before them,
  // then the route's method and URL, which handlers made by `app.rateLimit` lack: a key reads
  // `almanac:rate-limit:undefinedundefined-writes:user:1`.
  return { redis, nameSpace: `${config.redis.keyPrefix}rate-limit:`, skipOnError: true };
}
