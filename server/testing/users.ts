import { hashToken, newToken, SESSION_COOKIE } from '../accounts/session';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';

/**
 * A user with a live session, made directly in the database (the real login through the sandbox
 * is tested once, in server/accounts/login.test.ts). Pass `headers` to app.inject to call as them.
 */

let counter = 0;

export interface TestUser {
  id: number;
  login: string;
  displayName: string;
  admin: boolean;
  token: string;
  /** `{ cookie: 'almanac_session=…' }` */
  headers: { cookie: string };
}

export async function buildUser(
  db: Db,
  overrides: { login?: string; displayName?: string; admin?: boolean; twitchId?: string } = {},
): Promise<TestUser> {
  const n = ++counter;
  const login = overrides.login ?? `viewer_${n}_${Math.random().toString(36).slice(2, 8)}`;
  const [user] = await db
    .insert(users)
    .values({
      twitchId: overrides.twitchId ?? `${70_000_000 + n}${Math.floor(Math.random() * 1000)}`,
      login,
      displayName: overrides.displayName ?? login,
      admin: overrides.admin ?? false,
      // It has a session, so it has logged in.
      lastLoginAt: new Date(),
    })
    .returning();
  const token = newToken();
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId: user!.id, expiresAt: new Date(Date.now() + 86_400_000) });
  return {
    id: user!.id,
    login: user!.login,
    displayName: user!.displayName,
    admin: user!.admin,
    token,
    headers: { cookie: `${SESSION_COOKIE}=${token}` },
  };
}

export const buildAdmin = (db: Db, overrides: { login?: string; displayName?: string } = {}) =>
  buildUser(db, { ...overrides, admin: true });
