import { accountsPlugin } from './accounts/plugin';
import { backupPlugin } from './backup/plugin';
import { cataloguePlugin } from './catalogue/plugin';
import type { Config } from './config';
import type { Database } from './db/client';
import type { World } from './demo/world';
import { editsPlugin } from './edits/plugin';
import { eventsPlugin } from './events/plugin';
import { corePlugin, createServer } from './http/plugin';
import { readCachePlugin } from './http/read-cache-plugin';
import { type Slice, withDependencies } from './http/slice';
import type { App } from './http/types';
import { jobsPlugin } from './jobs/plugin';
import { likesPlugin } from './likes/plugin';
import { livePlugin } from './live/plugin';
import { metricsPlugin } from './metrics/plugin';
import { notificationsPlugin } from './notifications/plugin';
import { onThisDayPlugin } from './on-this-day/plugin';
import { overlaysPlugin } from './overlays/plugin';
import { paymentsPlugin } from './payments/plugin';
import { playlistRequestsPlugin } from './playlist-requests/plugin';
import type { ProviderOverrides } from './providers';
import { providersPlugin } from './providers/plugin';
import { radioPlugin } from './radio/plugin';
import { realtimePlugin } from './realtime/plugin';
import { sandboxPlugin } from './sandbox/plugin';
import { searchPlugin } from './search/plugin';
import { sitePlugin } from './site/plugin';
import { blocklistPlugin } from './song-requests/blocklist/plugin';
import { flipPlugin } from './song-requests/flip/plugin';
import { lifecyclePlugin } from './song-requests/lifecycle/plugin';
import { requestLimitsPlugin } from './song-requests/limits/plugin';
import { requestFeaturesPlugin, requestHistoryPlugin } from './song-requests/plugin';
import { queuePlugin } from './song-requests/queue/plugin';
import { receiptPlugin } from './song-requests/receipt/plugin';
import { samplePlugin } from './song-requests/sample/plugin';
import { statsPlugin } from './stats/plugin';
import { statsTimelinePlugin } from './stats/timeline/plugin';
import { statsTopPlugin } from './stats/top/plugin';
import { syncPlugin } from './sync/plugin';

export { WEB_DIST } from './site/plugin';

/** What the app is made of, as tests and main.ts reach it: the slices' decorations (documented where each slice declares it). */
export type AppContext = Pick<
  App,
  | 'config'
  | 'database'
  | 'catalogue'
  | 'events'
  | 'gateway'
  | 'sandbox'
  | 'providers'
  | 'sync'
  | 'jobs'
  | 'payments'
  | 'accounts'
  | 'likes'
  | 'edits'
  | 'playlistRequests'
  | 'requestHistory'
  | 'features'
  | 'queue'
  | 'radio'
  | 'lifecycle'
  | 'notifications'
>;

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
  /**
   * Lists without a text query answered from the search index when it holds every announced write
   * (default true, catalogue/indexed-lists.ts); tests that write rows directly, announcing nothing, read them from the database
   */
  listsFromIndex?: boolean;
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
  statsTimelinePlugin,
  statsTopPlugin,
  livePlugin,
  onThisDayPlugin,
  syncPlugin,
  playlistRequestsPlugin,
  requestHistoryPlugin,
  requestLimitsPlugin,
  requestFeaturesPlugin,
  blocklistPlugin,
  queuePlugin,
  overlaysPlugin,
  notificationsPlugin,
  paymentsPlugin,
  flipPlugin,
  samplePlugin,
  lifecyclePlugin,
  receiptPlugin,
  radioPlugin,
  backupPlugin,
  metricsPlugin,
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
  const { likes, edits, playlistRequests, requestHistory, features, queue, radio, lifecycle, notifications } = app;
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
    lifecycle,
    notifications,
  };
}
