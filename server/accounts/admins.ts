import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { HttpError, notFound } from '../http/errors';
import type { TwitchUser } from '../providers/twitch/client';
import { setAdmin } from './queries';

/**
 * Admins are Twitch accounts, known by their Twitch user id: a login name can change hands (a
 * renamed account frees it, and someone else may take it). ADMIN_LOGINS and grant-admin name
 * logins, so they are resolved to ids through Helix `GET /users?login=` (the provider client, which
 * the sandbox serves in demo mode).
 */

/** Finds a Twitch account by login: Helix /users, or the demo's accounts when no server runs. */
export interface TwitchDirectory {
  user(login: string): Promise<TwitchUser | null>;
}

/** After a failed resolution (Twitch unreachable), how long before trying again. */
const RETRY_AFTER_MS = 60_000;

/**
 * The Twitch ids of ADMIN_LOGINS, resolved on first use and kept. A login Twitch does not know is
 * logged and grants nothing; when Twitch cannot be reached, nobody is an admin by configuration
 * until a later try succeeds (stored grants still hold).
 */
export function createConfiguredAdmins(options: {
  config: Config;
  directory: () => TwitchDirectory | null;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  now?: () => number;
}) {
  const { config, log } = options;
  const now = options.now ?? Date.now;
  const logins = [...config.accounts.adminLogins];
  let resolved: Set<string> | null = logins.length === 0 ? new Set() : null;
  let pending: Promise<Set<string>> | null = null;
  let failedAt = Number.NEGATIVE_INFINITY;

  async function resolve(): Promise<Set<string>> {
    const directory = options.directory();
    if (!directory) throw new Error('no Twitch application is configured');
    const ids = new Set<string>();
    for (const login of logins) {
      const user = await directory.user(login);
      if (user) ids.add(user.id);
      else log.warn(`ADMIN_LOGINS names "${login}", which is not a Twitch account: it grants nothing`);
    }
    return ids;
  }

  /** The Twitch ids that ADMIN_LOGINS makes admins (empty while they cannot be resolved). */
  async function ids(): Promise<ReadonlySet<string>> {
    if (resolved) return resolved;
    if (now() - failedAt < RETRY_AFTER_MS) return new Set();
    pending ??= resolve()
      .then((ids) => {
        resolved = ids;
        return ids;
      })
      .catch((error: Error) => {
        failedAt = now();
        log.error(`ADMIN_LOGINS could not be resolved to Twitch accounts (${error.message}); trying again in a minute`);
        return new Set<string>();
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  }

  return {
    ids,
    async has(twitchId: string | null): Promise<boolean> {
      return twitchId !== null && (await ids()).has(twitchId);
    },
  };
}

export type ConfiguredAdmins = ReturnType<typeof createConfiguredAdmins>;

/** The answer to a grant or a revoke (POST /api/auth/admins, and grant-admin without a server). */
export interface AdminGrant {
  /** The account's login as Twitch has it now */
  login: string;
  admin: boolean;
  /** The account has not logged in yet: its first login will be an admin */
  pending: boolean;
  /** ADMIN_LOGINS names it, so it stays an admin whatever the stored flag says */
  configured: boolean;
}

/**
 * Grants (or revokes) admin to the Twitch account that holds `login` now. An unknown login is a 404;
 * Twitch not answering a 502 (nothing is changed either way).
 */
export async function changeAdmin(
  deps: { db: Db; directory: TwitchDirectory | null; configured: ConfiguredAdmins },
  login: string,
  admin: boolean,
): Promise<AdminGrant> {
  if (!deps.directory) throw new HttpError(503, 'No Twitch application is configured, so logins cannot be looked up');
  let twitch: TwitchUser | null;
  try {
    twitch = await deps.directory.user(login);
  } catch (error) {
    throw new HttpError(502, `Twitch could not be asked who "${login}" is (${(error as Error).message}); nothing was changed`);
  }
  if (!twitch) throw notFound(`There is no Twitch account "${login}"`);
  const result = await setAdmin(deps.db, { id: twitch.id, login: twitch.login.toLowerCase(), displayName: twitch.displayName }, admin);
  const configured = await deps.configured.has(twitch.id);
  return {
    login: twitch.login.toLowerCase(),
    admin: admin || configured,
    pending: result.created || (result.user !== null && result.user.lastLoginAt === null),
    configured,
  };
}
