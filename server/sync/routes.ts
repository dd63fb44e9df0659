import { z } from 'zod';
import { PLAYLIST_TYPES } from '../../common/enums';
import { text } from '../../common/fields';
import { HttpError } from '../http/errors';
import { askingProvider } from '../http/provider-errors';
import type { App } from '../http/types';
import { JobBusyError } from '../jobs/runner';
import { importReportSchema, READ_PLAYLIST, syncReportSchema } from './report';
import type { SyncService } from './service';

/**
 * Sync on demand: POST /api/sync runs one now and answers its report (the CLI's `sync` asks the
 * running server this way); GET /api/sync tells whether one runs and how the last one went;
 * POST /api/sync/playlist imports or refreshes a YouTube playlist by URL or id.
 * For admins; without a session, with SYNC_TOKEN or from this machine in demo mode (http/machine-access.ts: the
 * CLI asking the running server). Logged out otherwise: 401; logged in but not an admin: 403.
 */

const lastRunSchema = z
  .object({
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
    ok: z.boolean().nullable(),
    error: z.string().nullable(),
    report: syncReportSchema.nullable(),
  })
  .nullable();

export function syncRoutes(app: App, sync: SyncService) {
  const tags = ['sync'];

  app.post('/api/sync', {
    schema: {
      tags,
      summary: 'Sync the catalogue with the providers now and answer what changed',
      response: { 200: syncReportSchema },
    },
    config: { access: 'machine' },
    handler: async (request) => {
      try {
        return await sync.run(
          `on demand from ${request.headers['user-agent']?.startsWith('almanac-cli') ? 'the command line' : 'the API'}`,
        );
      } catch (error) {
        if (error instanceof JobBusyError) throw new HttpError(409, 'A sync is already running; try again when it is done');
        throw error;
      }
    },
  });

  app.get('/api/sync', {
    schema: {
      tags,
      summary: 'Whether a sync is running, and the last one',
      response: { 200: z.object({ running: z.boolean(), lastRun: lastRunSchema }) },
    },
    config: { access: 'machine' },
    handler: async () => {
      const { running, lastRun } = await sync.status();
      const parsed = syncReportSchema.safeParse(lastRun?.report);
      return {
        running,
        lastRun: lastRun && {
          startedAt: lastRun.startedAt.toISOString(),
          finishedAt: lastRun.finishedAt?.toISOString() ?? null,
          ok: lastRun.ok,
          error: lastRun.error,
          report: parsed.success ? parsed.data : null,
        },
      };
    },
  });

  app.post('/api/sync/playlist', {
    schema: {
      tags,
      summary: 'Import or refresh a YouTube playlist: keeps the streamer’s songs in order',
      body: z.object({ playlist: text({ min: 1, max: 500 }), type: z.enum(PLAYLIST_TYPES).default('community') }),
      response: { 200: importReportSchema },
    },
    config: { access: 'machine' },
    handler: async (request) => {
      return askingProvider(READ_PLAYLIST, () => sync.importPlaylist(request.body.playlist, request.body.type));
    },
  });
}
