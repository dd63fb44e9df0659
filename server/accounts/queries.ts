import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import type { TwitchLoginUser } from './twitch';

/** All SQL of accounts: users, sessions, admin grants. */

export type UserRow = typeof users.$inferSelect;

export interface SessionUserRow {
  id: number;
  twitchId: string | null;
  login: string;
  displayName: string;
  admin: boolean;
}

type SessionStatement = { execute(values: { tokenHash: string; at: Date }): Promise<SessionUserRow[]> };
const sessionStatements = new WeakMap<Db, SessionStatement>();

/**
 * The user of a session live at `at`, in one query; undefined for an unknown or expired token.
 * It runs on every logged-in request, so it is built once per database and sent as a named prepared
 * statement (PostgreSQL parses and plans it once per connection; building and planning it cost ten
 * times what running it does). Nothing is cached: a logout or a revoked admin counts at the next request.
 */
export async function findSessionUser(db: Db, tokenHash: string, at: Date): Promise<SessionUserRow | undefined> {
  let statement = sessionStatements.get(db);
  if (!statement) {
    statement = db
      .select({ id: users.id, twitchId: users.twitchId, login: users.login, displayName: users.displayName, admin: users.admin })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('at'))))
      .limit(1)
      .prepare('accounts_session_user') as SessionStatement;
    sessionStatements.set(db, statement);
  }
  const [row] = await statement.execute({ tokenHash, at });
  return row;
}

/**
 * The user for a Twitch account that just logged in, found by Twitch id (never by login, which can
 * change hands): a renamed login is updated, a grant made before the first login is taken up, or
 * the user is created.
 */
export async function upsertTwitchUser(db: Db, twitch: TwitchLoginUser, at: Date): Promise<UserRow> {
  const fields = { login: twitch.login, displayName: twitch.displayName, lastLoginAt: at, updatedAt: at };
  // Two first logins of one account at once: the second updates what the first inserted.
  const [user] = await db
    .insert(users)
    .values({ twitchId: twitch.id, ...fields })
    .onConflictDoUpdate({ target: users.twitchId, set: fields })
    .returning();
  return user!;
}

export async function insertSession(db: Db, tokenHash: string, userId: number, expiresAt: Date): Promise<void> {
  await db.insert(sessions).values({ tokenHash, userId, expiresAt });
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Expired sessions are useless; they are removed whenever someone logs in. */
export async function deleteExpiredSessions(db: Db, at: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, at));
}

/**
 * Grants (or revokes) the stored admin flag of a Twitch account, by its id. An account that has not
 * logged in yet gets its user now (login and name as Twitch gave them), which its first login takes up.
 */
export async function setAdmin(db: Db, twitch: TwitchLoginUser, admin: boolean): Promise<{ user: UserRow | null; created: boolean }> {
  return db.transaction(async (tx) => {
    const [changed] = await tx.update(users).set({ admin, updatedAt: new Date() }).where(eq(users.twitchId, twitch.id)).returning();
    if (changed || !admin) return { user: changed ?? null, created: false };
    const [created] = await tx
      .insert(users)
      .values({ twitchId: twitch.id, login: twitch.login, displayName: twitch.displayName, admin: true })
      .onConflictDoUpdate({ target: users.twitchId, set: { admin: true, updatedAt: new Date() } })
      .returning();
    return { user: created!, created: true };
  });
}
