import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../db/schema';
import { createTestApp } from '../testing/app';
import { buildUser } from '../testing/users';
import { findSessionUsers } from './queries';
import { hashToken } from './session';
import { createSessionLookup } from './session-lookup';

const { db, app } = await createTestApp();

/** The lookup over the real query, counting the queries it sends and the tokens in each. */
function countedLookup() {
  const queries: number[] = [];
  const lookup = createSessionLookup(
    async (hashes, at) => {
      queries.push(hashes.length);
      return findSessionUsers(db, hashes, at);
    },
    () => new Date(),
  );
  return { lookup, queries };
}

describe('session lookup', () => {
  it('answers the lookups of one turn with one query, each with its own user', async () => {
    const [ann, bob] = [await buildUser(db), await buildUser(db)];
    const { lookup, queries } = countedLookup();
    const unknown = hashToken('x'.repeat(43));
    const answers = await Promise.all([
      lookup(hashToken(ann.token)),
      lookup(hashToken(bob.token)),
      lookup(unknown),
      lookup(hashToken(ann.token)),
    ]);
    expect(answers.map((row) => row?.login)).toEqual([ann.login, bob.login, undefined, ann.login]);
    expect(answers[0]).toEqual({ id: ann.id, twitchId: expect.any(String), login: ann.login, displayName: ann.displayName, admin: false });
    expect(queries).toEqual([3]);
  });

  it('asks again in the next turn: a session ended in between is gone', async () => {
    const ann = await buildUser(db);
    const { lookup, queries } = countedLookup();
    expect(await lookup(hashToken(ann.token))).toMatchObject({ id: ann.id });
    await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(ann.token)));
    expect(await lookup(hashToken(ann.token))).toBeUndefined();
    expect(queries).toEqual([1, 1]);
  });

  it('leaves out expired sessions', async () => {
    const ann = await buildUser(db);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(ann.token)));
    expect(await countedLookup().lookup(hashToken(ann.token))).toBeUndefined();
  });

  it('fails every lookup of the turn when the query fails, and the next turn tries again', async () => {
    const ann = await buildUser(db);
    let fail = true;
    const lookup = createSessionLookup(
      (hashes, at) => (fail ? Promise.reject(new Error('connection lost')) : findSessionUsers(db, hashes, at)),
      () => new Date(),
    );
    const failed = await Promise.allSettled([lookup(hashToken(ann.token)), lookup(hashToken('y'.repeat(43)))]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await lookup(hashToken(ann.token))).toMatchObject({ id: ann.id });
  });

  it('many logged-in requests at once each get their own user', async () => {
    const fans = await Promise.all(Array.from({ length: 12 }, () => buildUser(db)));
    const answers = await Promise.all(
      fans.flatMap((fan) => [fan, fan]).map((fan) => app.inject({ url: '/api/auth/user', headers: fan.headers })),
    );
    expect(answers.map((answer) => answer.json().login)).toEqual(fans.flatMap((fan) => [fan.login, fan.login]));
  });
});
