import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import type { TwitchLoginUser } from './twitch';

/** All SQL of accounts: users, sessions, admin grants. */

export type UserRow = typeof users.$inferSelect;

export interface SessionUserRow {
  id: number;
  login: string;
  displayName: string;
  admin: boolean;
}

/** The user of a live session, in one query; undefined for an unknown or expired token. */
export async function findSessionUser(db: Db, tokenHash: string): Promise<SessionUserRow | undefined> {
  const [row] = await db
    .select({ id: users.id, login: users.login, displayName: users.displayName, admin: users.admin })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row;
}

/**
 * The user for a Twitch account that just logged in: found by Twitch id (a renamed login is
 * updated), else a login granted admin before its first login is claimed, else created.
 */
export async function upsertTwitchUser(db: Db, twitch: TwitchLoginUser): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const fields = { login: twitch.login, displayName: twitch.displayName, lastLoginAt: now, updatedAt: now };
    const [known] = await tx.update(users).set(fields).where(eq(users.twitchId, twitch.id)).returning();
    if (known) return known;
    const [claimed] = await tx
      .update(users)
      .set({ ...fields, twitchId: twitch.id })
      .where(
        sql`${users.id} = (SELECT ${users.id} FROM ${users} WHERE lower(${users.login}) = ${twitch.login} AND ${users.twitchId} IS NULL ORDER BY ${users.id} LIMIT 1)`,
      )
      .returning();
    if (claimed) return claimed;
    // Two first logins of one account at once: the second updates what the first inserted.
    const [created] = await tx
      .insert(users)
      .values({ twitchId: twitch.id, ...fields })
      .onConflictDoUpdate({ target: users.twitchId, set: fields })
      .returning();
    return created!;
  });
}

export async function insertSession(db: Db, tokenHash: string, userId: number, expiresAt: Date): Promise<void> {
  await db.insert(sessions).values({ tokenHash, userId, expiresAt });
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Expired sessions are useless; they are removed whenever someone logs in. */
export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}

/**
 * Grants (or revokes) the stored admin flag of a Twitch login. A login nobody has logged in with
 * yet gets a placeholder user that its first login claims. Answers the users changed.
 */
export async function setAdmin(db: Db, login: string, admin: boolean): Promise<{ changed: UserRow[]; created: boolean }> {
  const name = login.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const changed = await tx.update(users).set({ admin, updatedAt: new Date() }).where(sql`lower(${users.login}) = ${name}`).returning();
    if (!admin) {
      // A placeholder that only existed to be an admin has no reason to stay.
      await tx.delete(users).where(and(sql`lower(${users.login}) = ${name}`, isNull(users.twitchId)));
      return { changed, created: false };
    }
    if (changed.length > 0) return { changed, created: false };
    const [placeholder] = await tx.insert(users).values({ login: name, displayName: name, admin: true }).returning();
    return { changed: [placeholder!], created: true };
  });
}
