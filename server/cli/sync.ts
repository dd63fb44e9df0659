import { PLAYLIST_TYPES, type PlaylistType } from '../../common/enums';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { JobBusyError } from '../jobs/runner';
import { selfOrigin } from '../providers';
import { ensureDemoCatalogue } from '../sync/demo';
import { describeSection, type ImportReport, type SyncReport } from '../sync/report';
import { type Command, CommandError, elapsed, loadCommandConfig, type Output, UsageError } from './command';
import { describeDatabase, openConfiguredDatabase } from './database';
import { askLocalServer } from './local-server';

/**
 * `npm run cli -- sync`: brings the catalogue in step with the providers now. A running server on
 * this machine is asked to do it (POST /api/sync), so the embedded database it holds is never
 * opened twice; with no server running, the command syncs the configured database itself (in demo
 * mode against its own sandbox).
 */

/** A whole sync can take minutes on a large channel. */
const SYNC_TIMEOUT_MS = 30 * 60_000;

/** Asks the server on this machine; null when none answers there (or it refuses and PostgreSQL lets us do it). */
function askServer<T>(config: Config, path: string, body: unknown): Promise<T | null> {
  return askLocalServer<T>(config, {
    path,
    body,
    timeoutMs: SYNC_TIMEOUT_MS,
    // 401: logged out without machine access (the routes' access 'machine', accounts/access.ts); 403: a SYNC_TOKEN refused.
    refusedWith: [401, 403],
    // On PostgreSQL the command can do the work itself: the sync lock keeps it to one run at a time.
    hereWhenRefused: Boolean(config.databaseUrl),
  });
}

/** Runs `work` on the configured database with an app of our own (listening on loopback in demo mode, for the sandbox). */
async function runHere<T>(out: Output, work: (context: Awaited<ReturnType<typeof buildApp>>['context']) => Promise<T>): Promise<T> {
  let opened: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  try {
    opened = await openConfiguredDatabase();
  } catch (error) {
    if (error instanceof CommandError) {
      const origin = selfOrigin(loadConfig().host, loadConfig().port);
      throw new CommandError(`No server answered at ${origin}, and ${error.message.charAt(0).toLowerCase()}${error.message.slice(1)}`);
    }
    throw error;
  }
  const { config, database } = opened;
  out.info(`Syncing ${describeDatabase(config)} directly (no server on this machine took the request)`);
  const { app, context } = await buildApp({ config, database, serveWeb: false });
  try {
    // The sandbox's links (images, next pages) carry its address: serve it where the server would.
    if (config.demo) await app.listen({ host: '127.0.0.1', port: config.port }).catch(() => app.listen({ host: '127.0.0.1', port: 0 }));
    return await work(context);
  } catch (error) {
    if (error instanceof JobBusyError)
      throw new CommandError('A sync is already running (another instance holds the sync lock); try again when it is done');
    throw error;
  } finally {
    await app.close();
    await database.close();
  }
}

function printSync(out: Output, report: SyncReport) {
  for (const section of report.sections) out.info(`  ${describeSection(section)}`);
  const { added, updated, unavailable } = report.totals;
  out.info(
    `Totals: ${added} added, ${updated} updated, ${unavailable} marked unavailable; ${report.thumbnails.fetched} thumbnails fetched`,
  );
}

export const syncCommand: Command = {
  name: 'sync',
  summary: 'Sync the catalogue with YouTube, SoundCloud and Twitch now (or import one playlist)',
  details: [
    'Reads the streamer’s channels and adds, updates and marks unavailable what changed, as the',
    'periodic sync does. If the server runs on this machine it is asked to do it (POST /api/sync;',
    'set SYNC_TOKEN if the server has one); otherwise the configured database is synced directly.',
    '',
    'Examples:',
    '  npm run cli -- sync',
    '  npm run cli -- sync --playlist https://www.youtube.com/playlist?list=PL...',
  ].join('\n'),
  options: {
    playlist: { type: 'string', placeholder: 'url|id', description: 'import or refresh one YouTube playlist instead' },
    type: {
      type: 'string',
      placeholder: 'type',
      description: `type of a newly imported playlist (default community; ${PLAYLIST_TYPES.join(', ')})`,
    },
  },
  async run(values, out) {
    const started = performance.now();
    const config = loadCommandConfig();
    const type = (values.type ?? 'community') as PlaylistType;
    if (!PLAYLIST_TYPES.includes(type)) throw new UsageError(`--type must be one of ${PLAYLIST_TYPES.join(', ')}, got "${values.type}"`);
    if (values.type !== undefined && values.playlist === undefined) throw new UsageError('--type goes with --playlist');

    if (typeof values.playlist === 'string') {
      const body = { playlist: values.playlist, type };
      const asked = await askServer<ImportReport>(config, '/api/sync/playlist', body);
      const report = asked ?? (await runHere(out, (context) => context.sync.importPlaylist(values.playlist as string, type)));
      if (asked) out.info(`Asked the server at ${selfOrigin(config.host, config.port)}`);
      out.info(
        `${report.created ? 'Imported' : 'Refreshed'} "${report.name}" (${report.remoteId}): ${report.added} added, ${report.kept} kept, ` +
          `${report.skipped} skipped, ${report.removed} removed`,
      );
      out.info(`Done in ${elapsed(started)}`);
      return;
    }

    const asked = await askServer<SyncReport>(config, '/api/sync', {});
    if (asked) out.info(`Asked the server at ${selfOrigin(config.host, config.port)} to sync`);
    const report =
      asked ??
      (await runHere(out, async (context) => {
        // A demo catalogue not yet completely filled gets the whole demo start (community playlists, tags), as the server would give it.
        if (context.config.demo && context.config.demoSeed && context.sandbox) {
          const { sync, jobs, database } = context;
          const fill = await ensureDemoCatalogue(
            { sync, jobs, db: database.db, world: context.sandbox.state.world, changed: (ids) => context.catalogue.changed(ids) },
            (m) => out.info(`  ${m}`),
          );
          if (fill) return fill.sync;
        }
        return context.sync.run('the command line');
      }));
    printSync(out, report);
    out.info(`Done in ${elapsed(started)}`);
    if (!report.ok)
      throw new CommandError('The sync finished with errors (see above); what could be read was written, nothing else changed.');
  },
};
