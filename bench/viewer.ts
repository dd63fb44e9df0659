/**
 * The logged-in viewer of the load benchmark's `latest-user` row (issue 23): a user with a live
 * session and some likes, made directly in the database as the test helpers make one
 * (server/testing/users.ts). Its likes include some of the newest songs, so the `latest` page it reads
 * carries liked flags. Run again, it keeps the user, replaces its likes and opens a new session.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { hashToken, newToken, SESSION_COOKIE } from '../server/accounts/session';
import type { Db } from '../server/db/client';
import { likes, media, sessions, users } from '../server/db/schema';

const BENCH_LOGIN = 'bench_viewer';

/** Answers the Cookie header of a fresh session of the bench viewer. */
export async function benchViewerCookie(db: Db): Promise<{ cookie: string; likes: number }> {
  const [user] = await db
    .insert(users)
    .values({ twitchId: 'bench-viewer', login: BENCH_LOGIN, displayName: 'Bench viewer', lastLoginAt: new Date() })
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
