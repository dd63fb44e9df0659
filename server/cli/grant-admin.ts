import { type AdminGrant, changeAdmin, createConfiguredAdmins, type TwitchDirectory } from '../accounts/admins';
import type { Config } from '../config';
import { demoTwitchUsers } from '../demo/accounts';
import { HttpError } from '../http/errors';
import { createProviders, selfOrigin } from '../providers';
import { type Command, CommandError, loadCommandConfig, type Output, UsageError } from './command';
import { describeDatabase, openConfiguredDatabase } from './database';
import { askLocalServer } from './local-server';

/**
 * `npm run cli -- grant-admin <login>`: makes a Twitch login an admin (or, with --revoke, takes the
 * stored flag back). As `sync` does, a server running on this machine is asked (POST
 * /api/auth/admins), since it holds the embedded database; with no server running, the configured
 * database is changed directly. The login is resolved to its Twitch account id (Helix /users), which
 * is what the grant is kept by; an account that has not logged in yet is an admin from its first login.
 */

/**
 * Who holds a login, asked without a running server: Twitch itself in production; in demo mode the
 * sandbox's accounts, read directly (the sandbox runs inside the server).
 */
function offlineDirectory(config: Config): TwitchDirectory | null {
  if (!config.demo) return createProviders(config).twitch;
  const accounts = demoTwitchUsers(config.site.twitchChannel, config.site.streamerName);
  return {
    user: async (login) => {
      const found = accounts.find((account) => account.login === login.toLowerCase());
      return found ? { id: found.id, login: found.login, displayName: found.displayName } : null;
    },
  };
}

async function changeHere(out: Output, login: string, revoke: boolean): Promise<AdminGrant> {
  const { config, database } = await openConfiguredDatabase();
  try {
    out.info(`No server is running here: changing ${describeDatabase(config)} directly`);
    const directory = offlineDirectory(config);
    const log = { warn: (message: string) => out.info(message), error: (message: string) => out.info(message) };
    const configured = createConfiguredAdmins({ config, directory: () => directory, log });
    return await changeAdmin({ db: database.db, directory, configured }, login, !revoke);
  } catch (error) {
    if (error instanceof HttpError) throw new CommandError(error.message);
    throw error;
  } finally {
    await database.close();
  }
}

export const grantAdminCommand: Command = {
  name: 'grant-admin',
  summary: 'Make a Twitch login an admin (approves edits and playlist requests)',
  details: [
    'The login is looked up at Twitch and the grant is kept by the Twitch account id, so it follows',
    'the account through a rename and never passes to the next holder of the name. The account may',
    'not have logged in yet: it is an admin from its first login. ADMIN_LOGINS makes admins too,',
    'without this command (demo mode: demo_admin).',
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
    const asked = await askLocalServer<AdminGrant>(config, {
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
