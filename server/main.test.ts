import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../scripts/demo-server';
import { buildBundle, bundleIsCurrent } from '../scripts/serve.mjs';

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

/** `npm run serve`'s start (scripts/serve.mjs, which builds dist/server/main.mjs when it is stale), until /api/health answers. */
async function serve(dir: string): Promise<number> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dir, LOG_LEVEL: 'silent', DEMO_SEED: 'false' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr}`);
      const status = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.status,
        () => null,
      );
      if (status !== null) return status;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

describe('npm run serve (the server from a bundle, scripts/serve.mjs)', { timeout: 180_000 }, () => {
  it('starts on an empty data directory, and again on the database it made', async () => {
    const dir = path.join(dataDir, 'served');
    expect(await serve(dir)).toBe(200);
    expect(existsSync(path.join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(await serve(dir)).toBe(200);
  });

  it('finds the files beside each source as the sources do, and is built again when one of them changes', async () => {
    const project = path.join(dataDir, 'project');
    mkdirSync(path.join(project, 'lib'), { recursive: true });
    writeFileSync(path.join(project, 'lib', 'note.txt'), 'beside lib/where.ts');
    const where = path.join(project, 'lib', 'where.ts');
    writeFileSync(
      where,
      "import { readFileSync } from 'node:fs';\nexport const note = readFileSync(new URL('./note.txt', import.meta.url), 'utf8');\n",
    );
    writeFileSync(path.join(project, 'entry.ts'), "import { note } from './lib/where';\nconsole.log(note);\n");
    const bundle = path.join(project, 'out', 'entry.mjs');
    const run = () => spawnSync(process.execPath, [bundle], { encoding: 'utf8' }).stdout.trim();

    await buildBundle(path.join(project, 'entry.ts'), bundle);
    expect(run()).toBe('beside lib/where.ts');
    expect(bundleIsCurrent(bundle)).toBe(true);

    writeFileSync(where, "export const note = 'changed';\n");
    expect(bundleIsCurrent(bundle)).toBe(false);
    await buildBundle(path.join(project, 'entry.ts'), bundle);
    expect(bundleIsCurrent(bundle)).toBe(true);
    expect(run()).toBe('changed');
  });
});
