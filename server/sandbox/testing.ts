import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { type AppContext, buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { createTestDatabase } from '../db/testing';
import { buildWorld, type World, type WorldOptions } from '../demo/world';
import type { App } from '../http/types';
import { createProviders, type ProviderOverrides, type Providers } from '../providers';
import { ROOMY_LIMITS } from '../testing/app';
import type { TestClock } from '../testing/clock';
import type { SandboxState } from './state';

/**
 * A real app with the sandbox, listening on 127.0.0.1 (port 0) so the provider clients talk to it
 * over real HTTP, on a fresh database and data directory for one test file.
 */

export interface SandboxedApp extends AppContext {
  app: App;
  db: Database['db'];
  state: SandboxState;
  world: World;
  /** http://127.0.0.1:<port> */
  origin: string;
  dataDir: string;
  /** Clients against this sandbox with other settings (fault tests record the retry delays) */
  clients(overrides?: ProviderOverrides): Providers;
}

/** Small and quick to sync: 24 songs (6 per source), 9 streams, 12 clips, the fixed playlists. */
export const SMALL_WORLD: Partial<WorldOptions> = { songs: 24, streams: 9, clips: 12 };

/** Retries that do not sleep long, and small pages so every listing has several. */
export const FAST: ProviderOverrides = {
  retry: { retries: 2, backoffMs: 1, maxBackoffMs: 5, maxRetryAfterMs: 5_000 },
  timeoutMs: 5_000,
  pageSize: { youtube: 4, soundcloud: 3, twitch: 4 },
};

export async function createSandboxedApp(
  options: {
    world?: Partial<WorldOptions>;
    env?: Record<string, string>;
    thumbnails?: boolean;
    overrides?: ProviderOverrides;
    /** The app's clock (default: the real time) */
    now?: () => Date;
    /** Socket heartbeat period (socket tests shorten it) */
    heartbeatMs?: number;
  } = {},
): Promise<SandboxedApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'almanac-sync-'));
  mkdirSync(path.join(dataDir, 'thumbnails'), { recursive: true });
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...ROOMY_LIMITS, ...options.env });
  const world = buildWorld({ streamerKey: config.site.streamerKey, now: new Date(), ...SMALL_WORLD, ...options.world });
  const database = await createTestDatabase();
  const overrides = options.overrides ?? FAST;
  const { app, context } = await buildApp({
    config,
    database,
    serveWeb: false,
    sandboxWorld: world,
    providerOverrides: overrides,
    thumbnails: options.thumbnails ?? false,
    now: options.now,
    heartbeatMs: options.heartbeatMs,
  });
  // PayPal's stand-in signs webhooks at the app's time, as PayPal and a site share real time.
  if (options.now) context.sandbox?.state.paypal.setClock(options.now);
  // The stand-ins' rate limits reset by the app's clock too, as the clients measure their waits by it.
  if (options.now) context.sandbox!.state.clock = options.now;
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  afterAll(async () => {
    await context.jobs.stop();
    // A webhook still on its way (a test's last capture sends one) would land during the close and
    // keep its keep-alive connection, on which the close then waits past the hook's timeout.
    await context.sandbox?.state.paypal.webhooks.idle();
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    ...context,
    app,
    db: database.db,
    state: context.sandbox!.state,
    world,
    origin,
    dataDir,
    clients: (more: ProviderOverrides = {}) => createProviders(config, { sandboxOrigin: origin, ...overrides, ...more }),
  };
}

/** A sleep that returns at once and remembers what it was asked to wait; with a test clock, it moves the clock that far. */
export function recordingSleep(clock?: TestClock) {
  const delays: number[] = [];
  return {
    delays,
    sleep: async (ms: number) => {
      delays.push(ms);
      clock?.advance(ms);
    },
  };
}
