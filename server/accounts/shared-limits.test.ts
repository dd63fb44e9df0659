import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/app';
import { buildSong } from '../testing/factories';
import { startInstance } from '../testing/instance';
import { buildUser } from '../testing/users';

/**
 * Rate limits across instances (http/shared-limits.ts): two apps on one database, as behind a
 * balancer. With the same REDIS_URL a user's writes spread over both spend one budget; without it
 * each instance counts alone; with Redis away the limit fails open. Needs a real Redis (TEST_REDIS_URL,
 * else 127.0.0.1:6379; .ci/run starts one): without it this file fails, it is never skipped. Every
 * key goes under a prefix of this run's own, and only those keys are deleted after.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `almanac-test:${randomBytes(6).toString('hex')}:`;
const LIMIT = 5;

const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 2000, enableOfflineQueue: false, retryStrategy: () => null });
redis.on('error', () => undefined);
try {
  await redis.connect();
} catch (error) {
  throw new Error(
    `Redis is not reachable at ${REDIS_URL} (${(error as Error).message}): these tests need one (redis-server; .ci/run starts it)`,
  );
}
afterAll(async () => {
  const keys = await redis.keys(`${PREFIX}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

const shared = { WRITE_RATE_LIMIT: String(LIMIT), REDIS_URL, REDIS_KEY_PREFIX: PREFIX };
const a = await createTestApp(shared);
const b = await startInstance(a.database, undefined, shared);
const song = await buildSong(a.db);

type Injector = { inject: typeof a.app.inject };
/** Likes and unlikes the song in turn (each a write), through `apps` in turn, answering the statuses */
async function writes(apps: Injector[], count: number, headers: Record<string, string>) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const app = apps[i % apps.length]!;
    const method = i % 2 === 0 ? 'POST' : 'DELETE';
    statuses.push((await app.inject({ method, url: `/api/media/${song.id}/like`, headers })).statusCode);
  }
  return statuses;
}

describe('rate limits with REDIS_URL', () => {
  it("counts a user's writes spread over two instances once: WRITE_RATE_LIMIT in total, then 429 on both", async () => {
    const user = await buildUser(a.db);
    const instances = [a.app, b.app];
    expect(await writes(instances, LIMIT, user.headers)).toEqual(Array(LIMIT).fill(200));
    expect(await writes(instances, 2, user.headers)).toEqual([429, 429]);
    // Another user has a budget of their own.
    const other = await buildUser(a.db);
    expect(await writes([b.app], 1, other.headers)).toEqual([200]);
    // The counts are in Redis under this run's prefix, named by the limit (accounts/limits.ts).
    const keys = await redis.keys(`${PREFIX}*`);
    expect(keys).toHaveLength(2);
    expect(keys).toEqual(
      expect.arrayContaining([expect.stringMatching(`writes:user:${user.id}$`), expect.stringMatching(`writes:user:${other.id}$`)]),
    );
    const count = keys.find((key) => key.endsWith(`writes:user:${user.id}`))!;
    expect(Number(await redis.get(count))).toBe(LIMIT + 2);
    expect(await redis.pttl(count)).toBeGreaterThan(50_000);
  });

  it('lets writes through uncounted while Redis is away (fails open), and starts all the same', async () => {
    // Nothing listens on port 1: connecting is refused at once, and the start goes on.
    const away = await startInstance(a.database, undefined, { ...shared, REDIS_URL: 'redis://127.0.0.1:1' });
    const user = await buildUser(a.db);
    expect(await writes([away.app], LIMIT + 2, user.headers)).toEqual(Array(LIMIT + 2).fill(200));
    await away.close();
  });
});

describe('rate limits without REDIS_URL', () => {
  it('counts in each instance alone: a client spread over two gets each instance its budget', async () => {
    const alone = { WRITE_RATE_LIMIT: String(LIMIT) };
    const one = await startInstance(a.database, undefined, alone);
    const two = await startInstance(a.database, undefined, alone);
    const user = await buildUser(a.db);
    expect(await writes([one.app, two.app], 2 * LIMIT, user.headers)).toEqual(Array(2 * LIMIT).fill(200));
    expect(await writes([one.app, two.app], 2, user.headers)).toEqual([429, 429]);
    await Promise.all([one.close(), two.close()]);
  });
});
