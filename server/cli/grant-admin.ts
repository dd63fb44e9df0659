import { setAdmin } from '../accounts/queries';
import { selfOrigin } from '../providers';
import { type Command, loadCommandConfig, type Output, UsageError } from './command';
import { describeDatabase, openConfiguredDatabase } from './database';
import { askLocalServer } from './local-server';

/**
 * `npm run cli -- grant-admin <login>`: makes a Twitch login an admin (or, with --revoke, takes the
 * stored flag back). As `sync` does, a server running on this machine is asked (POST
 * /api/auth/admins), since it holds the embedded database; with no server running, the configured
 * database is changed directly. A login nobody has used yet becomes an admin on its first login.
 */

interface GrantAnswer {
  login: string;
  admin: boolean;
  pending: boolean;
  configured: boolean;
}

async function changeHere(out: Output, login: string, revoke: boolean): Promise<GrantAnswer> {
  const { config, database } = await openConfiguredDatabase();
  try {
    out.info(`No server is running here: changing ${describeDatabase(config)} directly`);
    const result = await setAdmin(database.db, login, !revoke);
    const configured = config.accounts.adminLogins.has(login);
    return {
      login,
      admin: !revoke || configured,
      pending: result.created || result.changed.every((u) => u.twitchId === null),
      configured,
    };
  } finally {
    await database.close();
  }
}

export const grantAdminCommand: Command = {
  name: 'grant-admin',
  summary: 'Make a Twitch login an admin (approves edits and playlist requests)',
  details: [
    'The login may not have logged in yet: it is an admin from its first login. ADMIN_LOGINS makes',
    'admins too, without this command (demo mode: demo_admin).',
    '',
    'Examples:',
    '  npm run cli -- grant-admin some_moderator',
    '  npm run cli -- grant-admin some_moderator --revoke',
  ].join('\n'),
  positionals: [{ name: 'login', description: 'the Twitch login (the name in twitch.tv/<login>)' }],
  options: {
    revoke: { type: 'boolean', description: 'take the admin flag back instead' },
  },
  async run(values, out, args = []) {
    const login = (args[0] ?? '').trim().toLowerCase();
    if (!/^[a-z0-9_]{1,25}$/.test(login)) {
      throw new UsageError(`"${args[0] ?? ''}" is not a Twitch login (letters, digits and _, up to 25 characters)`);
    }
    const revoke = values.revoke === true;
    const config = loadCommandConfig();
    const asked = await askLocalServer<GrantAnswer>(config, {
      path: '/api/auth/admins',
      body: { login, revoke },
      timeoutMs: 30_000,
      refusedWith: [401, 403],
    });
    if (asked) out.info(`Asked the server at ${selfOrigin(config.host, config.port)}`);
    const answer = asked ?? (await changeHere(out, login, revoke));
    if (revoke) {
      out.info(
        answer.configured
          ? `${login} is no longer an admin by grant, but stays one: ADMIN_LOGINS names it`
          : `${login} is no longer an admin`,
      );
    } else {
      out.info(answer.pending ? `${login} will be an admin from their first login` : `${login} is now an admin`);
    }
  },
};
