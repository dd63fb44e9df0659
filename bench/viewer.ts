/**
 * The logged-in viewers of the load benchmark's `latest-user` rows (issue 23): users with a live
 * session and some likes each, made directly in the database as the test helpers make one
 * (server/testing/users.ts). Its likes include some of the newest songs, so the `latest` page it reads
 * carries liked flags. Run again, it keeps the user, replaces its likes and opens a new session.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { hashToken, newToken, SESSION_COOKIE } from '../server/accounts/session';
import type { Db } from '../server/db/client';
import { likes, media, sessions, users } from '../server/db/schema';

/**
 * The Cookie headers of `count` distinct viewers (fresh sessions) and how many songs the first likes.
 * Distinct sessions, so that nothing a server shares between requests of one session flatters the figures.
 */
export async function benchViewerCookies(db: Db, count: number): Promise<{ cookies: string[]; likes: number }> {
  const viewers = [];
  for (let n = 0; n < count; n++) viewers.push(await benchViewerCookie(db, n));
  return { cookies: viewers.map((viewer) => viewer.cookie), likes: viewers[0]?.likes ?? 0 };
}

/** Answers the Cookie header of a fresh session of bench viewer `n`. */
async function benchViewerCookie(db: Db, n: number): Promise<{ cookie: string; likes: number }> {
  const suffix = n === 0 ? '' : `_${n}`;
  const [user] = await db
    .insert(users)
    .values({
      twitchId: `bench-viewer${suffix}`,
      login: `bench_viewer${suffix}`,
      displayName: `Bench viewer ${n}`,
      lastLoginAt: new Date(),
    })
    .onConflictDoUpdate({ target: users.twitchId, set: { lastLoginAt: new Date() } })
    .returning({ id: users.id });
  const userId = user!.id;
  // 7 of the 21 newest songs (what `latest?size=21` shows) and 200 others.
  const newest = await db.select({ id: media.id }).from(media).orderBy(desc(media.uploadedAt), desc(media.id)).limit(21);
  const others = await db.select({ id: media.id }).from(media).orderBy(sql`random()`).limit(200);
  const liked = [...new Set([...newest.filter((_, i) => i % 3 === 0).map((r) => r.id), ...others.map((r) => r.id)])];
  await db.delete(likes).where(eq(likes.userId, userId));
  await db.insert(likes).values(liked.map((itemId) => ({ userId, kind: 'media', itemId })));
  const token = newToken();
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt: new Date(Date.now() + 86_400_000) });
  return { cookie: `${SESSION_COOKIE}=${token}`, likes: liked.length };
}
