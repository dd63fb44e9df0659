import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import { DEMO_OVERLAY_KEY } from '../../common/overlays';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { migrationState } from '../db/migration-state';
import { isoDate, localDate } from '../on-this-day/days';
import { databaseKnowsTimeZone } from '../on-this-day/queries';
import { serverVersion } from './queries';

/**
 * The doctor's checks of this machine's side: the mode, PUBLIC_URL, the overlay key, DATA_DIR and
 * the database. Each answers lines; a line is ok, a warning (works, but maybe not as meant) or a
 * failure, and says how to fix what is not ok. The providers' checks are in doctor-providers.ts.
 */

export type Level = 'ok' | 'warn' | 'fail';

export interface CheckLine {
  level: Level;
  /** What was checked, e.g. "database" or "YOUTUBE_CHANNEL_MAIN" */
  name: string;
  /** What was found */
  detail: string;
  /** What to do about it (warnings and failures) */
  fix?: string;
}

export const ok = (name: string, detail: string): CheckLine => ({ level: 'ok', name, detail });
export const warn = (name: string, detail: string, fix?: string): CheckLine => ({ level: 'warn', name, detail, fix });
export const fail = (name: string, detail: string, fix?: string): CheckLine => ({ level: 'fail', name, detail, fix });

/** The shortest OVERLAY_KEY the doctor accepts: the key is the overlays' only secret, and sits in OBS's URLs. */
export const OVERLAY_KEY_MIN = 24;
const MAKE_KEY = 'openssl rand -hex 16 makes one (32 characters)';

export function modeChecks(config: Config): CheckLine[] {
  if (config.demo) {
    return [
      warn(
        'ALMANAC_MODE',
        'demo: stand-ins answer for YouTube, SoundCloud, Twitch and PayPal, and nothing is real',
        'set ALMANAC_MODE=production with the settings of docs/production.md',
      ),
      ok('PUBLIC_URL', `${config.publicUrl} (demo mode: http is fine)`),
    ];
  }
  const url = new URL(config.publicUrl);
  const publicUrl =
    url.protocol === 'https:'
      ? ok('PUBLIC_URL', `${config.publicUrl} is https`)
      : fail(
          'PUBLIC_URL',
          `${config.publicUrl} is not https: logins, payments and Secure cookies need it`,
          'put nginx with a TLS certificate in front (docs/production.md, step 8) and set PUBLIC_URL=https://…',
        );
  const login = config.authEnabled
    ? ok('AUTH_ENABLED', 'Twitch login is on')
    : warn('AUTH_ENABLED', 'Twitch login is off: nobody can log in, like, edit or run the queue', 'set AUTH_ENABLED=true');
  return [ok('ALMANAC_MODE', 'production'), publicUrl, login];
}

export function overlayCheck(config: Config): CheckLine {
  const key = config.overlayKey;
  if (key === null) {
    return warn('OVERLAY_KEY', 'unset: the stream overlays (OBS browser sources) are off', `set OVERLAY_KEY; ${MAKE_KEY}`);
  }
  if (config.demo && key === DEMO_OVERLAY_KEY) return ok('OVERLAY_KEY', "the demo's key (demo mode)");
  if (key.length < OVERLAY_KEY_MIN) {
    return fail(
      'OVERLAY_KEY',
      `is ${key.length} characters; at least ${OVERLAY_KEY_MIN} are needed, as anyone who has it can show and replay the overlays`,
      `set a longer one (${MAKE_KEY}) and paste the new overlay URLs into OBS`,
    );
  }
  return ok('OVERLAY_KEY', `${key.length} characters`);
}

export async function dataDirCheck(config: Config): Promise<CheckLine> {
  try {
    await mkdir(config.dataDir, { recursive: true });
    await access(config.dataDir, constants.W_OK);
    return ok('DATA_DIR', `${config.dataDir} is writable (thumbnails, share cards)`);
  } catch (error) {
    return fail('DATA_DIR', `${config.dataDir}: ${(error as Error).message}`, 'create it, owned by the user the server runs as');
  }
}

/** A database that could not be opened: why, what to do, and whether that is a failure (default) or only a warning. */
export interface DatabaseProblem {
  problem: string;
  fix: string;
  level?: 'warn';
}

export async function databaseChecks(database: Database | DatabaseProblem): Promise<CheckLine[]> {
  if ('problem' in database) return [(database.level === 'warn' ? warn : fail)('database', database.problem, database.fix)];
  let version: string;
  try {
    version = await serverVersion(database.db);
  } catch (error) {
    return [fail('database', `does not answer: ${(error as Error).message}`, 'is PostgreSQL running, and is DATABASE_URL right?')];
  }
  const answers = ok('database', `${version}${database.kind === 'pglite' ? ' (embedded, PGlite)' : ''} answers`);
  const state = await migrationState(database.db);
  const total = state.known.length;
  if (state.unknown.length > 0) {
    return [
      answers,
      fail(
        'migrations',
        `${state.unknown.length} applied migration(s) that this version does not have: a newer version of Almanac migrated it`,
        'run the version that migrated it (git checkout / npm ci), or restore a backup made before',
      ),
    ];
  }
  if (state.pending.length > 0) {
    const applied = total - state.pending.length;
    return [
      answers,
      fail(
        'migrations',
        `${state.pending.length} of ${total} pending (${applied === 0 ? 'not migrated at all' : `next: ${state.pending[0]!.name}`})`,
        'start (or restart) the server: it applies them at start',
      ),
    ];
  }
  return [answers, ok('migrations', `all ${total} applied (last: ${state.known.at(-1)?.name})`)];
}

/**
 * SITE_TIME_ZONE: the calendar day of "On this day". Node knew the name (config.ts); the database
 * turns its local days into instants, so it must know it too (the server refuses to start otherwise).
 */
export async function timeZoneCheck(config: Config, database: Database | DatabaseProblem, now = new Date()): Promise<CheckLine> {
  const zone = config.site.timeZone;
  // A database that cannot be asked: its own line says why.
  const known = 'problem' in database ? true : await databaseKnowsTimeZone(database.db, zone).catch(() => true);
  if (!known)
    return fail('SITE_TIME_ZONE', `${zone}: the database does not know this time zone`, 'pick one of SELECT name FROM pg_timezone_names');
  return ok('SITE_TIME_ZONE', `${zone}, where today is ${isoDate(localDate(now, zone))} ("On this day")`);
}
