import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CommandError } from './command';
import { syncCommand } from './sync';
import { createCommandTestServer, useNoServer, useRunningServer } from './testing';

const t = await createCommandTestServer();

async function run(values: Record<string, string> = {}) {
  const lines: string[] = [];
  await syncCommand.run(values, { info: (m) => lines.push(m) });
  return lines;
}

describe('npm run cli -- sync', () => {
  it('asks the running server to sync, and prints what it did', async () => {
    useRunningServer(t);
    const lines = await run();
    expect(lines[0]).toBe(`Asked the server at ${t.origin} to sync`);
    expect(lines).toContain('  twitch archive: 6 seen, 6 added, 0 updated, 0 marked unavailable');
    expect(lines.find((l) => l.startsWith('Totals:'))).toMatch(/^Totals: \d+ added, 0 updated, 0 marked unavailable/);
    const again = await run();
    expect(again.find((l) => l.startsWith('Totals:'))).toMatch(/^Totals: 0 added, 0 updated, 0 marked unavailable/);
  });

  it('imports a playlist through the running server', async () => {
    useRunningServer(t);
    const community = t.world.playlists.find((p) => p.type === 'community')!;
    const lines = await run({ playlist: `https://www.youtube.com/playlist?list=${community.remoteId}` });
    expect(lines[1]).toBe(
      `Imported "${community.name}" (${community.remoteId}): ${community.songs.length} added, 0 kept, 2 skipped, 0 removed`,
    );
  });

  it('says what to do when the embedded database is held and no server answers', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'almanac-cli-'));
    mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
    // Held by a live process that is not a server of ours on this port (pid 1 is always alive).
    writeFileSync(path.join(dataDir, 'pglite.lock'), '1');
    await useNoServer(dataDir);
    try {
      const error = await run().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CommandError);
      expect((error as Error).message).toMatch(
        /^No server answered at http:\/\/127\.0\.0\.1:\d+, and the embedded database in .*pglite is in use by another process \(pid 1\).*stop that process/,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('tells how to get in when the server refuses a caller without the SYNC_TOKEN (production answers 401)', async () => {
    // A production server: logged out and without the token, POST /api/sync is a 401.
    const refusing = createServer((_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          statusCode: 401,
          error: 'Unauthorized',
          message: 'Log in as an admin to do that. Sync needs the SYNC_TOKEN (Authorization: Bearer <token>).',
        }),
      );
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'almanac-cli-'));
    try {
      Object.assign(process.env, {
        PORT: String((refusing.address() as { port: number }).port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
      });
      const error = await run().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CommandError);
      expect((error as Error).message).toMatch(
        /refused: Log in as an admin to do that\. .* Set SYNC_TOKEN to the server's value and run this again\.$/,
      );
    } finally {
      await new Promise((resolve) => refusing.close(resolve));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a --type without --playlist', async () => {
    await expect(run({ type: 'album' })).rejects.toThrow('--type goes with --playlist');
  });
});
