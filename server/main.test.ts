import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** The real start-up (server/main.ts) in a child process, with only the given settings. */
function start(env: Record<string, string>) {
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: child.status, stderr: child.stderr.trim() };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'almanac-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('start-up', () => {
  it('names DATABASE_URL in one line, without its password, when the database cannot be reached', () => {
    // Port 1 on loopback: nothing listens, the connection is refused at once.
    const { status, stderr } = start({ DATABASE_URL: 'postgres://almanac:s3cret-pass@127.0.0.1:1/almanac', DATA_DIR: dataDir });
    expect(status).toBe(1);
    expect(stderr).toBe(
      'Could not use the database at DATABASE_URL (postgres://almanac:***@127.0.0.1:1/almanac): connect ECONNREFUSED 127.0.0.1:1',
    );
    expect(stderr).not.toContain('s3cret');
  });
});
