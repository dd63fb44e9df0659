import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createConfiguredAdmins } from './accounts/admins';
import { createLimits } from './accounts/limits';
import { accountRoutes } from './accounts/routes';
import { type AccountsService, CALLBACK_PATH, createAccountsService } from './accounts/service';
import { registerSessions } from './accounts/session';
import { catalogueRoutes } from './catalogue/routes';
import { type CatalogueService, createCatalogueService } from './catalogue/service';
import type { Config } from './config';
import type { Database } from './db/client';
import { buildWorld, type World } from './demo/world';
import { editRoutes } from './edits/routes';
import { createEditsService, type EditsService } from './edits/service';
import { type EventBus, startEventBus } from './events';
import { errorHandler, frameworkErrors, noSuchPath } from './http/error-handler';
import { loggerOptions } from './http/logging';
import { registerReadCache } from './http/read-cache';
import { registerSameSite, sameSite } from './http/same-site';
import type { App } from './http/types';
import { createJobRunner, type JobRunner } from './jobs/runner';
import { likeRoutes } from './likes/routes';
import { createLikesService, type LikesService } from './likes/service';
import { liveStaleAfterMs } from './live/poll';
import { liveRoutes } from './live/routes';
import { createOverlayAccess } from './overlays/key';
import { overlayRoutes } from './overlays/routes';
import { type PaymentsSlice, registerPayments } from './payments';
import { playlistRequestRoutes } from './playlist-requests/routes';
import { createPlaylistRequestsService, type PlaylistRequestsService } from './playlist-requests/service';
import { createProviders, type ProviderOverrides, type Providers, selfOrigin } from './providers';
import { type RadioSlice, registerRadio } from './radio';
import { type Gateway, registerGateway } from './realtime/gateway';
import { registerSandbox, type Sandbox } from './sandbox';
import { searchRoutes } from './search/routes';
import { renderIndexHtml } from './site/index-html';
import { publicConfig, siteRoutes } from './site/routes';
import { shareRoutes } from './site/share';
import { createRequestFeatures, type RequestFeatures } from './song-requests/features';
import { registerFlipRequests } from './song-requests/flip';
import { type QueueService, registerQueue } from './song-requests/queue';
import { requestHistoryRoutes } from './song-requests/routes';
import { registerSampleRequests } from './song-requests/sample';
import { createRequestHistory, type RequestHistory } from './song-requests/service';
import { statsRoutes } from './stats/routes';
import { syncRoutes } from './sync/routes';
import { createSyncService, type SyncService } from './sync/service';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
export const WEB_DIST = path.join(root, 'dist', 'web');
const DEMO_THUMBNAILS = path.join(root, 'server', 'demo', 'thumbnails');

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
  jobs: JobRunner;
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
}

/** Embeds and scripts the site loads from providers (spec 7: players, thumbnails, payment SDK). */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  // The radio's players: the YouTube IFrame Player API and the SoundCloud Widget API (web/components/radio/players/).
  scriptSrc: ["'self'", 'https://www.paypal.com', 'https://*.paypal.com', 'https://www.youtube.com', 'https://w.soundcloud.com'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https://i.ytimg.com', 'https://*.paypalobjects.com', 'https://*.paypal.com'],
  mediaSrc: ["'self'", 'blob:', 'data:'],
  frameSrc: [
    'https://www.youtube-nocookie.com',
    'https://www.youtube.com',
    'https://w.soundcloud.com',
    'https://player.twitch.tv',
    'https://clips.twitch.tv',
    'https://*.paypal.com',
  ],
  // 'self' covers this site's own ws: and wss: sockets; no other socket host is allowed.
  connectSrc: ["'self'", 'https://*.paypal.com'],
  upgradeInsecureRequests: null,
};

export async function buildApp(options: BuildOptions): Promise<{ app: App; context: AppContext }> {
  const { config, database } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    // Request lines leave secrets out of URLs (the overlay key OBS sends, OAuth codes); demo mode is readable (http/logging.ts).
    ...(options.logger ? loggerOptions(config) : { logger: false }),
    // Only proxies the operator names are believed, so rate limits cannot be dodged with a forged header.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
    // Default body limit; uploads get their own limit where they are accepted.
    bodyLimit: 1_048_576,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler(errorHandler);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { directives: CONTENT_SECURITY_POLICY },
    // Provider embeds need to be framed by us and to load cross-origin resources.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    // HSTS on a plain-http site (a demo on localhost) would tell the browser to use https on that name for a year.
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
    // PayPal's checkout popup must keep its opener (the default same-origin cuts it off).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  await app.register(fastifyCookie);
  // Limits are per route (writes, login), never global: reads are not limited here.
  await app.register(fastifyRateLimit, { global: false });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${config.site.name} API`,
        version: '1.0.0',
        description: 'Catalogue, search, requests and radio of the fan almanac.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // Host check (DNS rebinding) and the same-origin rule for writes: http/same-site.ts.
  registerSameSite(app, config);
  // The sandbox answers on whatever address the server listens on (port 0 in tests).
  const sandboxOrigin = () => {
    const address = app.server.address();
    return address && typeof address === 'object' ? selfOrigin(address.address, address.port) : undefined;
  };
  let providers: Providers | undefined;
  const getProviders = (): Providers => {
    providers ??= createProviders(config, { sandboxOrigin: sandboxOrigin(), log: app.log, now: options.now, ...options.providerOverrides });
    return providers;
  };
  // ADMIN_LOGINS as Twitch ids, resolved through Helix on first use (the sandbox in demo mode).
  const twitchDirectory = () => getProviders().twitch;
  const configuredAdmins = createConfiguredAdmins({ config, directory: twitchDirectory, log: app.log });
  // Every API call knows its user (request.user) from the session cookie: one query, nothing cached.
  registerSessions(app, database.db, configuredAdmins, now);
  // After the session hook: only logged-out requests (request.user null) are served from it.
  const readCache = registerReadCache(app, { ttlMs: config.readCacheMs, now });
  const limits = createLimits(app, config);

  const events = await startEventBus(app, database);
  const gateway = await registerGateway(app, { isAllowedOrigin: sameSite(config).isOwnOrigin, now, heartbeatMs: options.heartbeatMs });
  const catalogue = createCatalogueService(database.db, config, { now, announce: (db) => events.publish(db, 'catalogue.changed', {}) });
  events.subscribe('catalogue.changed', ({ local }) => {
    if (!local) catalogue.forgetCached();
  });
  // Changes made elsewhere while this instance was not listening went unheard.
  events.onResync(() => catalogue.forgetCached());
  catalogue.onChanged(() => readCache.clear());
  const likes = createLikesService(database.db, config, catalogue, now);
  catalogueRoutes(app, catalogue, (request) => likes.viewerFor(request.user));
  likeRoutes(app, likes, limits);
  searchRoutes(app, catalogue);
  const edits = createEditsService(database.db, catalogue, now);
  editRoutes(app, edits, limits);
  statsRoutes(app, database.db, catalogue, now);
  liveRoutes(app, database.db, { staleAfterMs: liveStaleAfterMs(config.live.pollSeconds) });
  siteRoutes(app, config, database.db);

  const sandbox = config.demo
    ? await registerSandbox(
        app,
        {
          world: options.sandboxWorld ?? buildWorld({ streamerKey: config.site.streamerKey, now: new Date() }),
          twitchLogin: config.site.twitchChannel,
          streamerName: config.site.streamerName,
          twitchRedirectUris: sameSite(config).urlsOf(CALLBACK_PATH),
        },
        config,
      )
    : null;
  const jobs = createJobRunner({ database, log: app.log, now });
  const sync = createSyncService({
    database,
    config,
    providers: getProviders,
    jobs,
    log: app.log,
    thumbnails: options.thumbnails,
    onCatalogueChanged: () => catalogue.changed(),
  });
  syncRoutes(app, sync, config);
  const payments = registerPayments(app, {
    config,
    db: database.db,
    paypal: () => getProviders().paypal,
    now,
    log: app.log,
    limits,
  });
  const accounts = createAccountsService({
    db: database.db,
    config,
    sandboxOrigin,
    directory: twitchDirectory,
    admins: configuredAdmins,
    log: app.log,
    now,
  });
  accountRoutes(app, accounts, config, limits);
  const playlistRequests = createPlaylistRequestsService(database.db, sync, catalogue);
  playlistRequestRoutes(app, playlistRequests, limits);
  const requestHistory = createRequestHistory(database.db);
  requestHistoryRoutes(app, requestHistory, limits);
  const features = createRequestFeatures(database.db, {
    enabledByDefault: config.requests.enabledByDefault,
    paymentsConfigured: config.paypal !== null,
  });
  const videoImageBase = publicConfig(config).videoImageBase;
  const { queue, feed } = registerQueue(app, { db: database.db, events, gateway, now }, limits);
  registerFlipRequests(
    app,
    { db: database.db, features, youtube: () => getProviders().youtube, videoImageBase, now, payments, queue },
    limits,
  );
  const overlayAccess = createOverlayAccess(config);
  overlayRoutes(app, { config, access: overlayAccess, queue, feed, gateway });
  registerSampleRequests(app, { db: database.db, features, events, payments, now, ...config.samples, overlayAccess, gateway }, limits);
  const radio = registerRadio(app, { db: database.db, events, gateway, now, catalogue, jobs, topSize: config.radio.topSize }, limits);

  const thumbnailDirs = [path.join(config.dataDir, 'thumbnails'), DEMO_THUMBNAILS];
  const thumbnailRoots = thumbnailDirs.filter((dir) => existsSync(dir));
  if (thumbnailRoots.length > 0) {
    await app.register(fastifyStatic, {
      root: thumbnailRoots,
      prefix: '/images/thumbnails/',
      decorateReply: false,
      maxAge: '30d',
      immutable: true,
    });
  }

  const webDist = options.webDist ?? WEB_DIST;
  const serveWeb = options.serveWeb !== false && existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // scripts/compress-web.ts writes .br/.gz beside the build; they are sent to clients that accept them.
      preCompressed: true,
      // Hashed assets never change; index.html must always be revalidated.
      setHeaders: (res, filePath) => {
        res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const shell = serveWeb ? renderIndexHtml(webDist, publicConfig(config)) : null;
  const share = shareRoutes(app, { config, db: database.db, catalogue, thumbnailDirs, shell });
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const page = request.method === 'GET' && !/^\/(api|images|sandbox)\//.test(url) ? share.page(url) : null;
    if (page) {
      // Client routes (and unknown paths, which the web redirects home) get the app shell, with the page's share card.
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(await page);
    }
    return reply.code(404).send(noSuchPath(request));
  });

  return {
    app,
    context: {
      config,
      database,
      catalogue,
      events,
      gateway,
      sandbox,
      providers: getProviders,
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
    },
  };
}
