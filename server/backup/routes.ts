import { z } from 'zod';
import type { Database } from '../db/client';
import { forbidden, HttpError } from '../http/errors';
import type { App } from '../http/types';
import { BackupError, logicalBackupStream, pgliteBackup } from './service';

/**
 * POST /api/backup: the running server's database as a backup file, for `npm run cli -- backup`
 * when the server holds the embedded database (which one process may open at a time). The CLI's
 * machine access only (SYNC_TOKEN, or this machine in demo mode): an admin's browser session is
 * refused, as a backup holds every account and payment.
 */
export function backupRoutes(app: App, database: Database) {
  app.post('/api/backup', {
    schema: {
      tags: ['maintenance'],
      summary: 'A backup of the database (for the command line: npm run cli -- backup <file>)',
      description:
        'format pglite: a copy of the embedded database’s data directory (.tar.gz); logical: every row as gzipped JSON lines, from one snapshot.',
      body: z.object({ format: z.enum(['pglite', 'logical']) }),
    },
    config: { access: 'machine' },
    handler: async (request, reply) => {
      if (request.user) throw forbidden('Backups are taken on the server’s machine: npm run cli -- backup <file>');
      reply.header('content-type', 'application/octet-stream').header('cache-control', 'no-store');
      if (request.body.format === 'logical') return reply.send(logicalBackupStream(database));
      try {
        return reply.send(await pgliteBackup(database));
      } catch (error) {
        if (error instanceof BackupError) throw new HttpError(400, error.message);
        throw error;
      }
    },
  });
}
