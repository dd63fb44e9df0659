import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createSandboxedApp } from '../sandbox/testing';
import { cookieOf, loginThroughSandbox } from '../testing/login';
import { SESSION_COOKIE } from './session';

/**
 * Admin rights follow the Twitch account, not its login name (issue 9, defect 5): logins change
 * hands. The sandbox's Twitch accounts are renamed and their names taken by newcomers here.
 */

const t = await createSandboxedApp({ env: { ADMIN_LOGINS: 'boss,no_such_account' } });
const boss = t.state.addTwitchUser('boss');

/** Logs in through the sandbox as `login`; answers the user as GET /api/auth/user shows it. */
async function logInAs(login: string) {
  const session = cookieOf(await loginThroughSandbox(t, login), SESSION_COOKIE)!.value;
  return (await t.app.inject({ url: '/api/auth/user', headers: { cookie: `${SESSION_COOKIE}=${session}` } })).json();
}

const grant = (login: string) => t.app.inject({ method: 'POST', url: '/api/auth/admins', payload: { login } });

describe('ADMIN_LOGINS', () => {
  it('follows the account through a rename, and gives the freed name’s next holder nothing', async () => {
    expect(await logInAs('boss')).toMatchObject({ login: 'boss', admin: true });
    t.state.renameTwitchUser(boss.id, 'boss_renamed');
    t.state.addTwitchUser('boss');
    expect(await logInAs('boss_renamed')).toMatchObject({ login: 'boss_renamed', admin: true });
    expect(await logInAs('boss')).toMatchObject({ login: 'boss', admin: false });
  });

  it('lets a login that was no Twitch account when resolved grant nothing, even once someone takes it', async () => {
    t.state.addTwitchUser('no_such_account');
    expect(await logInAs('no_such_account')).toMatchObject({ login: 'no_such_account', admin: false });
  });
});

describe('grant-admin (POST /api/auth/admins)', () => {
  it('grants the account holding the name now, not a stored user that held it before', async () => {
    const alice = t.state.addTwitchUser('alice');
    expect(await logInAs('alice')).toMatchObject({ login: 'alice', admin: false });
    // Alice renames at Twitch but has not logged in since: we still have her as "alice".
    t.state.renameTwitchUser(alice.id, 'alice_elsewhere');
    const newAlice = t.state.addTwitchUser('alice');
    const res = await grant('alice');
    expect(res.json()).toEqual({ login: 'alice', admin: true, pending: true, configured: false });
    expect(await logInAs('alice_elsewhere')).toMatchObject({ admin: false });
    expect(await logInAs('alice')).toMatchObject({ login: 'alice', admin: true });
    const [granted] = await t.db.select().from(users).where(eq(users.twitchId, newAlice.id));
    expect(granted).toMatchObject({ login: 'alice', admin: true });
  });

  it('keeps a grant made before the first login with the account when it renames, not with the name', async () => {
    const mod = t.state.addTwitchUser('future_mod');
    expect((await grant('future_mod')).json()).toMatchObject({ pending: true });
    t.state.renameTwitchUser(mod.id, 'mod_renamed');
    t.state.addTwitchUser('future_mod');
    expect(await logInAs('future_mod')).toMatchObject({ login: 'future_mod', admin: false });
    expect(await logInAs('mod_renamed')).toMatchObject({ login: 'mod_renamed', admin: true });
  });
});
