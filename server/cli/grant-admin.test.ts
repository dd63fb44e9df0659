import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { users } from '../db/schema';
import { createSandboxedApp } from '../sandbox/testing';
import { buildUser } from '../testing/users';
import { grantAdminCommand } from './grant-admin';

const t = await createSandboxedApp();
const port = new URL(t.origin).port;
const saved = { ...process.env };

afterEach(() => {
  process.env = { ...saved };
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function run(args: string[], values: Record<string, boolean> = {}) {
  const lines: string[] = [];
  await grantAdminCommand.run(values, { info: (m) => lines.push(m) }, args);
  return lines;
}

describe('npm run cli -- grant-admin <login>', () => {
  it('asks the running server (it holds the embedded database), which grants at once', async () => {
    Object.assign(process.env, { PORT: port, HOST: '127.0.0.1', DATA_DIR: t.dataDir, DATABASE_URL: '' });
    const member = await buildUser(t.db, { login: 'loyal_mod' });
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
    Object.assign(process.env, { PORT: String(await closedPort()), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      const lines = await run(['future_admin']);
      expect(lines[0]).toMatch(/^No server is running here: changing the embedded database in .* directly$/);
      expect(lines[1]).toBe('future_admin will be an admin from their first login');
      const database = await openDatabase({ dataDir });
      try {
        const [row] = await database.db.select().from(users).where(eq(users.login, 'future_admin'));
        expect(row).toMatchObject({ admin: true, twitchId: null });
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
