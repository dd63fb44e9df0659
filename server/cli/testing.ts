import { createServer } from 'node:net';
import { afterEach } from 'vitest';
import { createSandboxedApp, type SandboxedApp } from '../sandbox/testing';

/**
 * Set-up of the command tests. Commands read their configuration from process.env (as `npm run
 * cli` does), so a test points the environment at a running server or at none, and the environment
 * is put back after each test.
 */

/** A running server for the commands to ask, for one test file; restores process.env after each test. */
export async function createCommandTestServer(): Promise<SandboxedApp> {
  const t = await createSandboxedApp();
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });
  return t;
}

/** A command run on the machine where `t` runs, which holds the embedded database in its DATA_DIR. */
export function useRunningServer(t: SandboxedApp): void {
  Object.assign(process.env, { PORT: new URL(t.origin).port, HOST: '127.0.0.1', DATA_DIR: t.dataDir, DATABASE_URL: '' });
}

/** A command run where no server listens on PORT, with the embedded database in `dataDir`. */
export async function useNoServer(dataDir: string): Promise<void> {
  Object.assign(process.env, { PORT: String(await closedPort()), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '' });
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
