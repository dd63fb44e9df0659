import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';
import { buildUser } from '../testing/users';
import { grantAdminCommand } from './grant-admin';
import { createCommandTestServer, useNoServer, useRunningServer } from './testing';

const t = await createCommandTestServer();

async function run(args: string[], values: Record<string, boolean> = {}) {
  const lines: string[] = [];
  await grantAdminCommand.run(values, { info: (m) => lines.push(m) }, args);
  return lines;
}

describe('npm run cli -- grant-admin <login>', () => {
  it('asks the running server (it holds the embedded database), which grants at once', async () => {
    useRunningServer(t);
    const member = await buildUser(t.db, { login: 'loyal_mod', twitchId: t.state.addTwitchUser('loyal_mod').id });
    t.state.addTwitchUser('newcomer');
    expect(await run(['Loyal_Mod'])).toEqual([`Asked the server at ${t.origin}`, 'loyal_mod is now an admin']);
    const me = await t.app.inject({ url: '/api/auth/user', headers: member.headers });
    expect(me.json()).toMatchObject({ login: 'loyal_mod', admin: true });
    expect(await run(['loyal_mod'], { revoke: true })).toEqual([`Asked the server at ${t.origin}`, 'loyal_mod is no longer an admin']);
    expect((await t.app.inject({ url: '/api/auth/user', headers: member.headers })).json().admin).toBe(false);
    expect((await run(['newcomer']))[1]).toBe('newcomer will be an admin from their first login');
    expect((await run(['demo_admin'], { revoke: true }))[1]).toBe(
      'demo_admin is no longer an admin by grant, but stays one: ADMIN_LOGINS names it',
    );
  });

  it('changes the configured database itself when no server runs', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'almanac-cli-'));
    await useNoServer(dataDir);
    try {
      // Without a server, demo mode knows the sandbox's Twitch accounts itself.
      await expect(run(['future_admin'])).rejects.toThrow('There is no Twitch account "future_admin"');
      const lines = await run(['demo_viewer']);
      expect(lines[0]).toMatch(/^No server is running here: changing the embedded database in .* directly$/);
      expect(lines[1]).toBe('demo_viewer will be an admin from their first login');
      const database = await openDatabase({ dataDir });
      try {
        const [row] = await database.db.select().from(users).where(eq(users.login, 'demo_viewer'));
        expect(row).toMatchObject({ admin: true, twitchId: '938000101' });
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // A fresh embedded database is made and migrated, then opened again: slow on a busy machine.
  }, 120_000);

  it('refuses what is not a Twitch login', async () => {
    await expect(run(['no way!'])).rejects.toThrow('"no way!" is not a Twitch login');
  });
});
