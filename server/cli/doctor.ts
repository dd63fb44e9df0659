import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config';
import { type Database, DatabaseInUseError, openDatabase } from '../db/client';
import { createProviders, type ProviderOverrides, selfOrigin } from '../providers';
import { type Command, CommandError, type Output } from './command';
import { describeDatabase } from './database';
import {
  type CheckLine,
  type DatabaseProblem,
  databaseChecks,
  dataDirCheck,
  fail,
  modeChecks,
  OVERLAY_KEY_MIN,
  overlayCheck,
  timeZoneCheck,
} from './doctor-checks';
import { paypalChecks, soundcloudChecks, twitchChecks, youtubeChecks } from './doctor-providers';

/**
 * `npm run cli -- doctor`: reads the configuration the server would read and checks each part
 * against the real thing, one line per check: ok, warning, or failure with its fix. Exit status 1
 * when anything fails; warnings alone pass. It changes nothing: the database is not migrated, no
 * sync runs, PayPal's webhook is only read.
 */

/** Provider calls of the doctor: one quick retry, no long waits. */
const QUICK: ProviderOverrides = { retry: { retries: 1, backoffMs: 500, maxBackoffMs: 1_000, maxRetryAfterMs: 5_000 }, timeoutMs: 10_000 };

export interface DoctorOptions {
  /** The database to check, or why it could not be opened */
  database: Database | DatabaseProblem;
  /** Where demo mode's stand-ins answer (default: the server on this machine, at HOST and PORT) */
  sandboxOrigin?: string;
}

/** Every check of `config`, in the order printed. */
export async function runDoctor(config: Config, options: DoctorOptions): Promise<CheckLine[]> {
  const providers = createProviders(config, { ...QUICK, sandboxOrigin: options.sandboxOrigin ?? selfOrigin(config.host, config.port) });
  const lines = [
    ...modeChecks(config),
    overlayCheck(config),
    await dataDirCheck(config),
    ...(await databaseChecks(options.database)),
    await timeZoneCheck(config, options.database),
  ];
  // The providers are asked together: each check's lines stay in its own order.
  const provided = await Promise.all([
    youtubeChecks(config, providers),
    soundcloudChecks(config, providers),
    twitchChecks(config, providers),
    paypalChecks(config, providers),
  ]);
  return [...lines, ...provided.flat()];
}

const LABEL = { ok: 'ok  ', warn: 'warn', fail: 'FAIL' } as const;

export function formatLine(line: CheckLine): string {
  return `${LABEL[line.level]}  ${line.name}: ${line.detail}${line.fix ? ` (fix: ${line.fix})` : ''}`;
}

/** The configured database, opened without migrating; why not, when it cannot be. */
async function openForDoctor(config: Config): Promise<DoctorOptions['database']> {
  const where = describeDatabase(config);
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) {
    return { problem: `there is no embedded database in ${config.dataDir} yet`, fix: 'start the server once: it creates and migrates it' };
  }
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DatabaseInUseError) {
      // A running server migrated it when it started: what it holds is not read here, which is worth a warning only.
      return {
        level: 'warn',
        problem: `${where} is held by another process (pid ${error.pid}), probably the running server, which applied the migrations at its start; not checked here`,
        fix: 'restart the server after an upgrade; stop it to have the doctor read the embedded database',
      };
    }
    return {
      problem: `could not open ${where}: ${(error as Error).message}`,
      fix: 'is PostgreSQL running, and does the database exist (createdb)?',
    };
  }
}

/** Prints the lines and a count; a CommandError (exit status 1) when anything failed. */
function report(out: Output, lines: CheckLine[]) {
  for (const line of lines) out.info(formatLine(line));
  const failures = lines.filter((line) => line.level === 'fail').length;
  const warnings = lines.filter((line) => line.level === 'warn').length;
  const counts = `${lines.length} checks: ${failures} failed, ${warnings} warning${warnings === 1 ? '' : 's'}`;
  if (failures > 0) throw new CommandError(`${counts}. Fix the FAIL lines and run the doctor again.`);
  out.info(`${counts}: all set${warnings > 0 ? ' (read the warnings)' : ''}`);
}

export const doctorCommand: Command = {
  name: 'doctor',
  summary: 'Check the configuration against the database and the providers (run it before going live)',
  details: [
    'Reads the settings the server would read and checks each against the real thing: the database',
    'answers and is migrated, each provider takes its credentials, the channels, the SoundCloud user',
    'and the PayPal webhook (its URL and its six events) exist, PUBLIC_URL is https in production, and',
    `OVERLAY_KEY has at least ${OVERLAY_KEY_MIN} characters. One line per check; exit status 1 when one fails.`,
    'It changes nothing. In demo mode the stand-ins run inside the server: start it first.',
  ].join('\n'),
  options: {},
  async run(_values, out) {
    let config: Config;
    try {
      config = loadConfig();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      const lines = error.message
        .split('\n')
        .slice(1)
        .map((line) => fail('configuration', line.trim(), 'see README.md, Configuration'));
      report(out, lines);
      return;
    }
    const database = await openForDoctor(config);
    try {
      out.info(`Checking ${config.mode} mode, ${describeDatabase(config)}, ${config.publicUrl}`);
      report(out, await runDoctor(config, { database }));
    } finally {
      if ('close' in database) await database.close();
    }
  },
};
