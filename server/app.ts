import { accountsPlugin } from './accounts/plugin';
import type { AccountsService } from './accounts/service';
import { cataloguePlugin } from './catalogue/plugin';
import type { CatalogueService } from './catalogue/service';
import type { Config } from './config';
import type { Database } from './db/client';
import type { World } from './demo/world';
import { editsPlugin } from './edits/plugin';
import type { EditsService } from './edits/service';
import type { EventBus } from './events';
import { eventsPlugin } from './events/plugin';
import { corePlugin, createServer } from './http/plugin';
import { readCachePlugin } from './http/read-cache-plugin';
import { type Slice, withDependencies } from './http/slice';
import type { App } from './http/types';
import { type Jobs, jobsPlugin } from './jobs/plugin';
import { likesPlugin } from './likes/plugin';
import type { LikesService } from './likes/service';
import { livePlugin } from './live/plugin';
import { overlaysPlugin } from './overlays/plugin';
import type { PaymentsSlice } from './payments';
import { paymentsPlugin } from './payments/plugin';
import { playlistRequestsPlugin } from './playlist-requests/plugin';
import type { PlaylistRequestsService } from './playlist-requests/service';
import type { ProviderOverrides, Providers } from './providers';
import { providersPlugin } from './providers/plugin';
import type { RadioSlice } from './radio';
import { radioPlugin } from './radio/plugin';
import type { Gateway } from './realtime/gateway';
import { realtimePlugin } from './realtime/plugin';
import type { Sandbox } from './sandbox';
import { sandboxPlugin } from './sandbox/plugin';
import { searchPlugin } from './search/plugin';
import { sitePlugin } from './site/plugin';
import type { RequestFeatures } from './song-requests/features';
import { flipPlugin } from './song-requests/flip/plugin';
import { requestFeaturesPlugin, requestHistoryPlugin } from './song-requests/plugin';
import type { QueueService } from './song-requests/queue';
import { queuePlugin } from './song-requests/queue/plugin';
import { samplePlugin } from './song-requests/sample/plugin';
import type { RequestHistory } from './song-requests/service';
import { statsPlugin } from './stats/plugin';
import { syncPlugin } from './sync/plugin';
import type { SyncService } from './sync/service';

export { WEB_DIST } from './site/plugin';

/** What the app is made of, as tests and main.ts reach it: the slices' decorations. */
export interface AppContext {
  config: Config;
  database: Database;
  catalogue: CatalogueService;
  /** Events across instances (catalogue.changed, queue.changed ...) */
  events: EventBus;
  /** The WebSocket channels under /api/ws/… */
  gateway: Gateway;
  /** The providers' stand-ins (demo mode and tests), with their run-time state */
  sandbox: Sandbox | null;
  /** Provider clients, made on first use (in demo mode they need the listening address) */
  providers: () => Providers;
  sync: SyncService;
  /** The job runner, and the slices' jobs: `startAll()` starts them (and the radio), `stopAll()` stops them */
  jobs: Jobs;
  /** Orders and captures of paid features (server/payments): features register their kind on it */
  payments: PaymentsSlice;
  accounts: AccountsService;
  likes: LikesService;
  edits: EditsService;
  playlistRequests: PlaylistRequestsService;
  requestHistory: RequestHistory;
  features: RequestFeatures;
  /** The flip queue (song-requests/queue): reads, NEXT, and the writer paid flips go through */
  queue: QueueService;
  /** The radio (server/radio): its stations, the feed and timers (`radio.start()` arms them), the listener count */
  radio: RadioSlice;
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Request logging; off in tests */
  logger?: boolean;
  /** Serve the built web app (dist/web) when present */
  serveWeb?: boolean;
  /** The world the sandbox serves (default: the demo world); tests pass small ones */
  sandboxWorld?: World;
  /** Provider client settings for tests: page sizes, retry timing */
  providerOverrides?: ProviderOverrides;
  /** Fetch thumbnails when syncing (default true) */
  thumbnails?: boolean;
  /** The built web app (default dist/web); tests pass a shell of their own */
  webDist?: string;
  /** The time where behaviour depends on it (request expiry, payments); tests move it */
  now?: () => Date;
  /** Socket heartbeat period (default SOCKET_LIMITS.heartbeatMs); tests shorten it */
  heartbeatMs?: number;
  /** Only these slices (and the ones they need), by name: tests of one slice boot no more. Default: all */
  slices?: string[];
}

/** Every slice, in the order they register: each after the ones it needs (the site last: it answers what no other does). */
const SLICES = [
  corePlugin,
  providersPlugin,
  accountsPlugin,
  readCachePlugin,
  eventsPlugin,
  jobsPlugin,
  realtimePlugin,
  sandboxPlugin,
  cataloguePlugin,
  searchPlugin,
  likesPlugin,
  editsPlugin,
  statsPlugin,
  livePlugin,
  syncPlugin,
  playlistRequestsPlugin,
  requestHistoryPlugin,
  requestFeaturesPlugin,
  queuePlugin,
  overlaysPlugin,
  paymentsPlugin,
  flipPlugin,
  samplePlugin,
  radioPlugin,
  sitePlugin,
] as Slice<BuildOptions>[];

export async function buildApp(options: BuildOptions): Promise<{ app: App; context: AppContext }> {
  const app = createServer(options.config, options.logger ?? false);
  const wanted = options.slices ? withDependencies(SLICES, options.slices) : null;
  // Each slice takes what it needs from the build options (core: config, database, now; sandbox: world ...).
  const sliceOptions = {
    ...options,
    overrides: options.providerOverrides,
    world: options.sandboxWorld,
  };
  for (const slice of SLICES) {
    if (!wanted || wanted.has(slice.sliceName)) await app.register(slice, sliceOptions);
  }
  await app.after();
  return { app, context: contextOf(app) };
}

/** The slices' decorations (absent for slices a test left out). */
function contextOf(app: App): AppContext {
  const { config, database, catalogue, events, gateway, sandbox, providers, sync, jobs, payments, accounts } = app;
  const { likes, edits, playlistRequests, requestHistory, features, queue, radio } = app;
  return {
    config,
    database,
    catalogue,
    events,
    gateway,
    sandbox,
    providers,
    sync,
    jobs,
    payments,
    accounts,
    likes,
    edits,
    playlistRequests,
    requestHistory,
    features,
    queue,
    radio,
  };
}
