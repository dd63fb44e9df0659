/**
 * The fan activity behind the /stats page's lists, for the load benchmark's stats rows (issue 25): the
 * generated catalogue has songs but nobody who liked, requested or listened to them. Made once per
 * benchmark database, in a few INSERT … SELECT statements, at the size of a busy channel's two years:
 *
 * - 5,000 fans (users `bench-fan-…`) giving 50,000 likes (songs 40,000, streams 5,000, clips 5,000),
 *   skewed so that some items are much more liked than others, over the last two years;
 * - 20,000 paid flip requests of 3,000 videos (skewed), a third of them paid with a nickname only
 *   (anonymous), with their history rows: 1 in 20 refunded, 1 in 50 rejected, the rest played;
 * - a year of radio: a track every 4 minutes on each station (131,400 plays each), the `top` station
 *   drawing from 500 songs, `everything` from all of them.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';

const FANS = 5_000;
const MARK = 'bench-fan-';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf<{ n: number | string }>(await db.execute(query))[0]?.n ?? 0);
}

export interface StatsActivity {
  fans: number;
  likes: number;
  requests: number;
  plays: number;
}

/** Adds the activity when the bench fans are not there yet; answers what there is. */
export async function ensureStatsActivity(db: Db, log: (message: string) => void = () => {}): Promise<StatsActivity> {
  const fans = await count(db, sql`SELECT count(*) AS n FROM users WHERE twitch_id LIKE ${`${MARK}%`}`);
  if (fans < FANS) {
    const started = performance.now();
    await db.execute(sql`
      INSERT INTO users (twitch_id, login, display_name)
      SELECT ${MARK}::text || i, 'bench_fan_' || i, 'bench_fan_' || i FROM generate_series(1, ${sql.raw(String(FANS))}) AS i
      ON CONFLICT (twitch_id) DO NOTHING`);
    // power(random(), 3): most picks fall on the first items of each array, a long tail on the rest.
    const likesOf = (table: string, kind: string, n: number) =>
      db.execute(sql`
        WITH fans AS (SELECT array_agg(id ORDER BY id) AS a, count(*) AS n FROM users WHERE twitch_id LIKE ${`${MARK}%`}),
             items AS (SELECT array_agg(id ORDER BY random()) AS a, count(*) AS n FROM ${sql.raw(table)} WHERE unavailable = false)
        INSERT INTO likes (user_id, kind, item_id, created_at)
        SELECT fans.a[1 + floor(random() * fans.n)::int], ${kind}, items.a[1 + floor(power(random(), 3) * items.n)::int],
          now() - random() * interval '730 days'
        FROM generate_series(1, ${sql.raw(String(n))}), fans, items
        ON CONFLICT DO NOTHING`);
    await likesOf('media', 'media', 40_000);
    await likesOf('streams', 'streams', 5_000);
    await likesOf('clips', 'clips', 5_000);
    await db.execute(sql`
      WITH fans AS (SELECT array_agg(id ORDER BY id) AS a, count(*) AS n FROM users WHERE twitch_id LIKE ${`${MARK}%`})
      INSERT INTO flip_requests (sid, video_id, title, author, duration_seconds, username, user_id, amount_cents, currency, expires_at, created_at, updated_at)
      SELECT 'bench-flip-' || i, 'benchvid' || v, 'Bench video ' || v, 'Someone', 200,
        CASE WHEN i % 3 = 0 THEN 'nick_' || (i % 997) ELSE 'bench_fan_' || f END,
        CASE WHEN i % 3 = 0 THEN NULL ELSE fans.a[f] END,
        2000, 'USD', at + interval '1 hour', at, at
      FROM generate_series(1, 20000) AS i, fans,
        LATERAL (SELECT 1 + floor(power(random(), 3) * 3000)::int AS v, 1 + floor(power(random(), 2) * fans.n)::int AS f,
          now() - random() * interval '730 days' AS at) AS pick
      ON CONFLICT (sid) DO NOTHING`);
    await db.execute(sql`
      INSERT INTO song_requests (video_id, title, username, flip_request_id, state, played_at, created_at, updated_at)
      SELECT f.video_id, f.title, f.username, f.id,
        CASE WHEN f.id % 20 = 0 THEN 'refunded' WHEN f.id % 50 = 1 THEN 'rejected' ELSE 'played' END,
        CASE WHEN f.id % 20 = 0 OR f.id % 50 = 1 THEN NULL ELSE f.created_at + interval '2 hours' END,
        f.created_at, f.created_at
      FROM flip_requests f WHERE f.sid LIKE 'bench-flip-%'
      ON CONFLICT DO NOTHING`);
    await db.execute(sql`
      WITH songs AS (SELECT array_agg(id ORDER BY id) AS a, count(*) AS n FROM media WHERE unavailable = false)
      INSERT INTO radio_plays (station, cycle, media_id, started_at)
      SELECT station, 0, CASE WHEN station = 'top' THEN songs.a[1 + floor(random() * least(500, songs.n))::int]
          ELSE songs.a[1 + floor(random() * songs.n)::int] END,
        now() - i * interval '4 minutes'
      FROM generate_series(1, 131400) AS i, unnest(ARRAY['top', 'everything']) AS station, songs`);
    await db.execute(sql`ANALYZE users, likes, flip_requests, song_requests, radio_plays`);
    log(`added the stats activity (fans, likes, requests, a year of radio) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return {
    fans: await count(db, sql`SELECT count(*) AS n FROM users WHERE twitch_id LIKE ${`${MARK}%`}`),
    likes: await count(db, sql`SELECT count(*) AS n FROM likes`),
    requests: await count(db, sql`SELECT count(*) AS n FROM song_requests`),
    plays: await count(db, sql`SELECT count(*) AS n FROM radio_plays`),
  };
}
