import { spawn } from 'node:child_process';
import { BackupError } from './errors';

/**
 * PostgreSQL's own tools, run from PATH: pg_dump writes a custom-format archive from one snapshot
 * while the site keeps writing; pg_restore reads it into an empty database in one transaction.
 */

/** Runs a tool; null when it is not installed (not on PATH), else throws with its own words on failure. */
function run(tool: string, args: string[]): Promise<null | { stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? resolve(null) : reject(error)));
    child.on('close', (code) => {
      if (code === 0) return resolve({ stderr });
      const said = stderr.trim().split('\n').slice(-3).join(' ');
      const advice = /version mismatch/.test(stderr)
        ? ` Install the client tools of the server's major version (apt-get install postgresql-client-<version>), or make a logical backup (--format logical).`
        : '';
      reject(new BackupError(`${tool} failed (exit code ${code}): ${said}${advice}`));
    });
  });
}

/** Writes a custom-format archive of the database at `url` to `file`; false when pg_dump is not installed. */
export async function pgDump(url: string, file: string): Promise<boolean> {
  return (await run('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${url}`])) !== null;
}

/** Restores a pg_dump archive into the (empty) database at `url`, all or nothing. */
export async function pgRestore(url: string, file: string): Promise<void> {
  const done = await run('pg_restore', [
    '--exit-on-error',
    '--single-transaction',
    '--no-owner',
    '--no-privileges',
    `--dbname=${url}`,
    file,
  ]);
  if (done === null) {
    throw new BackupError(
      'This backup was made by pg_dump, and pg_restore is not installed here: apt-get install postgresql-client (of the server’s major version).',
    );
  }
}
