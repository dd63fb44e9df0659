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

export interface SessionUserRowOf extends SessionUserRow {
  tokenHash: string;
}

type SessionsStatement = { execute(values: { tokenHashes: string[]; at: Date }): Promise<SessionUserRowOf[]> };
const sessionStatements = new WeakMap<Db, SessionsStatement>();

/**
 * The users of the sessions among `tokenHashes` live at `at`, in one query (an unknown or expired
 * token has no row). It runs for every logged-in request (server/accounts/session-lookup.ts asks
 * for all the requests that arrived together at once), so it is built once per database and sent as
 * a named prepared statement: PostgreSQL parses and plans it once per connection, where building and
 * planning it cost ten times what running it does. Nothing is cached: a logout or a revoked admin
 * counts at the next request.
 */
export async function findSessionUsers(db: Db, tokenHashes: string[], at: Date): Promise<SessionUserRowOf[]> {
  let statement = sessionStatements.get(db);
  if (!statement) {
    statement = db
      .select({
        tokenHash: sessions.tokenHash,
        id: users.id,
        twitchId: users.twitchId,
        login: users.login,
        displayName: users.displayName,
        admin: users.admin,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')})`, gt(sessions.expiresAt, sql.placeholder('at'))))
      .prepare('accounts_session_users') as SessionsStatement;
    sessionStatements.set(db, statement);
  }
  return statement.execute({ tokenHashes, at });
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
