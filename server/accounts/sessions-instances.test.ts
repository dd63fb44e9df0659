import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { READ_CACHE_HEADER } from '../http/read-cache';
import { createTestApp } from '../testing/app';
import { buildSong } from '../testing/factories';
import { startInstance } from '../testing/instance';
import { buildAdmin, buildUser } from '../testing/users';

/**
 * Sessions across two instances on one database, as behind a balancer, with the read cache on: the
 * session lookup (a prepared statement, nothing kept between requests) must let a logout on one
 * instance end the session on the other at once, with no wait for the bus.
 */
const env = { READ_CACHE_MS: '60000' };
const a = await createTestApp(env);
const b = await startInstance(a.database, undefined, env);

const me = async (app: typeof a.app, cookie: string) => (await app.inject({ url: '/api/auth/user', headers: { cookie } })).json();

describe('sessions on two instances', () => {
  it('a logout on one instance ends the session on the other at once', async () => {
    const user = await buildUser(a.db);
    const song = await buildSong(a.db);
    await a.app.inject({ method: 'POST', url: `/api/media/${song.id}/like`, headers: user.headers });
    expect(await me(b.app, user.headers.cookie)).toMatchObject({ id: user.id });
    const before = await b.app.inject({ url: `/api/media/${song.id}`, headers: user.headers });
    expect(before.json().liked).toBe(true);

    expect((await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers })).statusCode).toBe(204);
    // The very next request to the other instance, with the old cookie: logged out.
    expect(await me(b.app, user.headers.cookie)).toBeNull();
    const after = await b.app.inject({ url: `/api/media/${song.id}`, headers: user.headers });
    expect(after.headers[READ_CACHE_HEADER]).toBe('hit');
    expect(after.json().liked).toBe(false);
    const write = await b.app.inject({ method: 'DELETE', url: `/api/media/${song.id}/like`, headers: user.headers });
    expect(write.statusCode).toBe(401);
  });

  it('a revoked admin is no admin on either instance at their next request', async () => {
    const admin = await buildAdmin(a.db);
    expect(await me(b.app, admin.headers.cookie)).toMatchObject({ admin: true });
    await a.db.update(users).set({ admin: false }).where(eq(users.id, admin.id));
    expect(await me(a.app, admin.headers.cookie)).toMatchObject({ admin: false });
    expect(await me(b.app, admin.headers.cookie)).toMatchObject({ admin: false });
  });
});
