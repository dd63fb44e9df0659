import path from 'node:path';
import { z } from 'zod';
import { DEMO_OVERLAY_KEY } from '../common/overlays';
import { REQUEST_SLOT_MINUTES_DEFAULT } from '../common/receipt';
import { DEMO_ACCOUNTS, DEMO_CREDENTIAL } from './demo/accounts';

/**
 * The one place that reads process.env. Every variable is validated at start; a bad or missing one
 * stops start-up with a message naming it. `public` marks what the browser may see.
 */

const url = z.url({ protocol: /^https?$/ });
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const secret = z.string().min(1);
/**
 * A Discord incoming webhook. On Discord's own hosts only its webhook path, over https; any other
 * http(s) URL is taken as a stand-in (a test double, a relay). The message never echoes the value:
 * the URL holds the webhook's token.
 */
const DISCORD_HOST = /^(?:(?:ptb|canary)\.)?discord(?:app)?\.com$/;
const DISCORD_WEBHOOK_PATH = /^\/api\/(?:v\d+\/)?webhooks\/\d{17,20}\/[A-Za-z0-9_-]+\/?$/;
const discordWebhook = url.refine((value) => {
  // The refinement runs on a value that failed `url` too; that one is reported already.
  if (!URL.canParse(value)) return true;
  const { hostname, protocol, pathname } = new URL(value);
  return !DISCORD_HOST.test(hostname) || (protocol === 'https:' && DISCORD_WEBHOOK_PATH.test(pathname));
}, 'must be a Discord webhook URL: https://discord.com/api/webhooks/{id}/{token}');
/**
 * A slow phone's upload: Chrome's "Slow 3G" profile sends 400 kbit/s. The default request timeout
 * lets such a phone send a sample of SAMPLE_MAX_BYTES (5 MiB: 105 s) after its headers.
 */
export const SLOW_UPLOAD_BYTES_PER_SECOND = 400_000 / 8;
/**
 * An IANA time zone name (Europe/Berlin, America/New_York, UTC) that this Node knows; fixed offsets
 * (+01:00) are refused: PostgreSQL reads a bare offset with POSIX's inverted sign, so the database and
 * the server would disagree on the date. The database is asked too, at start (server/on-this-day).
 */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;
export function isTimeZone(name: string): boolean {
  if (!IANA_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
const timeZone = z.string().refine(isTimeZone, 'must be an IANA time zone name, e.g. Europe/Berlin or America/New_York');
const youtubeChannel = z.string().regex(/^UC[A-Za-z0-9_-]{22}$/, 'must be a YouTube channel id (UC followed by 22 characters)');

const envSchema = z
  .object({
    ALMANAC_MODE: z.enum(['demo', 'production']).default('demo'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: url.optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Hops of reverse proxies whose X-Forwarded-For is believed; 0 means the socket address is the client. */
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    /** How long a client may take to send a request's headers; past it a 408 and the connection is closed */
    HEADERS_TIMEOUT_SECONDS: int(1, 600).default(30),
    /**
     * How long a client may take to send a whole request, headers and body (an upload); past it a 408
     * and the connection is closed. Default: HEADERS_TIMEOUT_SECONDS plus SAMPLE_MAX_BYTES at a slow
     * phone's upload speed. Answering takes as long as it takes: this bounds only the receiving.
     */
    REQUEST_TIMEOUT_SECONDS: int(1, 24 * 3600).optional(),
    /** How long logged-out catalogue reads are answered from memory (server/http/read-cache.ts); 0 turns it off. */
    READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
    SITE_NAME: z.string().min(1).default('Almanac'),
    /** Where the site's calendar day is told ("On this day"): an IANA name */
    SITE_TIME_ZONE: timeZone.default('UTC'),
    STREAMER_NAME: z.string().min(1).default('Nova'),
    STREAMER_KEY: z
      .string()
      .regex(/^[a-z0-9]+$/, 'must be lowercase letters and digits')
      .default('nova'),
    TWITCH_CHANNEL: z.string().min(1).default('nova_almanac_demo'),
    CREDIT_CREATOR: z.string().min(1).default('The Almanac crew'),
    CREDIT_CREATOR_URL: url.optional(),
    LINK_TWITCH: url.optional(),
    LINK_YOUTUBE_MAIN: url.default('https://www.youtube.com/@NovaAlmanacDemo'),
    LINK_YOUTUBE_DAILY: url.default('https://www.youtube.com/@NovaAlmanacDaily'),
    LINK_YOUTUBE_MUSIC: url.default('https://www.youtube.com/@NovaAlmanacMusic'),
    LINK_MUSIC_STREAMING: url.default('https://open.spotify.com/artist/nova-almanac-demo'),
    LINK_TWITTER: url.default('https://x.com/nova_almanac_demo'),
    LINK_INSTAGRAM: url.default('https://www.instagram.com/nova_almanac_demo'),
    LINK_TIKTOK: url.default('https://www.tiktok.com/@nova_almanac_demo'),
    LINK_SOUNDCLOUD: url.default('https://soundcloud.com/nova-almanac-demo'),
    LINK_DISCORD: url.default('https://discord.gg/nova-almanac-demo'),
    LINK_TIPS: url.default('https://streamelements.com/nova_almanac_demo/tip'),
    AUTH_ENABLED: bool.optional(),
    ADMIN_LOGINS: z
      .string()
      .regex(/^\s*[A-Za-z0-9_]+(\s*,\s*[A-Za-z0-9_]+)*\s*$/, 'must be Twitch logins separated by commas')
      .optional(),
    SESSION_DAYS: int(1, 365).default(30),
    WRITE_RATE_LIMIT: int(1, 100_000).default(120),
    /**
     * A Redis server where every instance counts the rate limits (writes, login, PayPal's webhook):
     * one budget across instances. Unset: each instance counts alone (docs/production.md).
     */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
    /** Put before every key this site writes to REDIS_URL, so sites (or test runs) sharing one Redis do not meet */
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9:_.-]{1,100}$/, 'must be letters, digits and : _ . - (100 at most)')
      .default('almanac:'),
    DEMO_SEED: bool.default(true),
    // Providers. Unset base URLs are the real APIs in production and this server's sandbox in demo.
    YOUTUBE_API_KEY: secret.optional(),
    YOUTUBE_API_BASE: url.optional(),
    YOUTUBE_CHANNEL_MAIN: youtubeChannel.optional(),
    YOUTUBE_CHANNEL_MUSIC: youtubeChannel.optional(),
    YOUTUBE_CHANNEL_DAILY: youtubeChannel.optional(),
    YOUTUBE_CHANNEL_VOD: youtubeChannel.optional(),
    SOUNDCLOUD_CLIENT_ID: secret.optional(),
    SOUNDCLOUD_CLIENT_SECRET: secret.optional(),
    SOUNDCLOUD_API_BASE: url.optional(),
    SOUNDCLOUD_AUTH_BASE: url.optional(),
    SOUNDCLOUD_USER_ID: z
      .string()
      .regex(/^(\d+|soundcloud:users:\d+)$/, 'must be a numeric user id or a soundcloud:users:<id> URN')
      .optional(),
    TWITCH_CLIENT_ID: secret.optional(),
    TWITCH_CLIENT_SECRET: secret.optional(),
    TWITCH_API_BASE: url.optional(),
    TWITCH_AUTH_BASE: url.optional(),
    PAYPAL_CLIENT_ID: secret.optional(),
    PAYPAL_CLIENT_SECRET: secret.optional(),
    PAYPAL_WEBHOOK_ID: z
      .string()
      .regex(/^[A-Za-z0-9]+$/, 'must be the webhook id PayPal shows (letters and digits)')
      .optional(),
    PAYPAL_API_BASE: url.optional(),
    /** Orders still open this long are asked about by the reconciliation job */
    PAYPAL_RECONCILE_AFTER_MINUTES: int(1, 24 * 60).default(5),
    /** How often the reconciliation job runs; 0 turns it off */
    PAYPAL_RECONCILE_INTERVAL_SECONDS: int(0, 24 * 3600).default(60),
    /**
     * PayPal webhook events per minute per address that pass the checks made without PayPal and so
     * cost a verify-webhook-signature call (server/payments/webhook-screen.ts); refused ones never
     * count. Each paid request brings two (CHECKOUT.ORDER.APPROVED, PAYMENT.CAPTURE.COMPLETED), a
     * refund one: 600 is 300 paid requests a minute from one of PayPal's addresses, far past what
     * QUEUE_MAX lets a site take, while a forger holding one real order id costs PayPal at most that.
     */
    PAYPAL_WEBHOOK_RATE_LIMIT: int(1, 100_000).default(600),
    /** Discord incoming webhook that hears about paid requests (server/notifications); unset in production: none */
    DISCORD_WEBHOOK_URL: discordWebhook.optional(),
    PROVIDER_TIMEOUT_MS: int(100, 600_000).default(15_000),
    PROVIDER_RETRIES: int(0, 10).default(3),
    PROVIDER_BACKOFF_MS: int(0, 60_000).default(1_000),
    // Jobs
    SYNC_INTERVAL_MINUTES: int(0, 7 * 24 * 60).default(60),
    SYNC_AT_START: bool.default(true),
    SYNC_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
    /** Lets GET /metrics be scraped from elsewhere than this machine, as `Authorization: Bearer <token>` */
    METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
    LIVE_POLL_SECONDS: int(0, 3600).default(60),
    /** The secret in stream overlay URLs (OBS browser sources); DEMO_OVERLAY_KEY in demo mode; unset in production: no overlays */
    OVERLAY_KEY: z.string().min(16, 'must be at least 16 characters').max(200).optional(),
    /** Request features (flip, recording) an admin has not toggled yet: on in demo mode, off in production unless set */
    REQUESTS_ENABLED_BY_DEFAULT: bool.optional(),
    /** The longest sample recording accepted, measured from the audio */
    SAMPLE_MAX_SECONDS: int(1, 600).default(60),
    FLIP_MAX_VIDEO_MINUTES: int(1, 1440).default(15),
    /** Open requests (held, queued, playing) one buyer may have; VERIFY refuses past it */
    REQUEST_LIMIT_PER_BUYER: int(1, 1000).default(3),
    /** Requests waiting to play (held, queued; flips and samples) at which VERIFY refuses everyone */
    QUEUE_MAX: int(1, 100_000).default(50),
    REQUEST_SLOT_MINUTES: int(1, 240).default(REQUEST_SLOT_MINUTES_DEFAULT),
    /** A paid request of that kind waits (held) for an admin's approval before it reaches the sample player or the queue */
    SAMPLES_REQUIRE_APPROVAL: bool.default(true),
    FLIPS_REQUIRE_APPROVAL: bool.default(false),
    /** The largest sample upload; bigger is a 413 (60 s at 256 kbit/s is under 2 MB) */
    SAMPLE_MAX_BYTES: int(1024, 100 * 1024 * 1024).default(5 * 1024 * 1024),
    /** How many songs the radio's `top` station plays: the first of the all-time top list */
    RADIO_TOP_SIZE: int(1, 10_000).default(100),
  })
  .superRefine((env, ctx) => {
    if (env.REQUEST_TIMEOUT_SECONDS !== undefined && env.REQUEST_TIMEOUT_SECONDS < env.HEADERS_TIMEOUT_SECONDS) {
      ctx.addIssue({ code: 'custom', path: ['REQUEST_TIMEOUT_SECONDS'], message: 'must be at least HEADERS_TIMEOUT_SECONDS' });
    }
    if (env.ALMANAC_MODE === 'production' && !env.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'is required in production mode' });
    }
    if (env.ALMANAC_MODE === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required in production mode' });
    }
    if (env.ALMANAC_MODE === 'production') {
      // A provider's credentials are required as soon as something is to be read from it.
      const youtubeChannels = [env.YOUTUBE_CHANNEL_MAIN, env.YOUTUBE_CHANNEL_MUSIC, env.YOUTUBE_CHANNEL_DAILY, env.YOUTUBE_CHANNEL_VOD];
      const required: [keyof typeof env, boolean, string][] = [
        ['YOUTUBE_API_KEY', youtubeChannels.some(Boolean), 'when a YOUTUBE_CHANNEL_* is set'],
        ['SOUNDCLOUD_CLIENT_ID', Boolean(env.SOUNDCLOUD_USER_ID), 'when SOUNDCLOUD_USER_ID is set'],
        ['SOUNDCLOUD_CLIENT_SECRET', Boolean(env.SOUNDCLOUD_USER_ID), 'when SOUNDCLOUD_USER_ID is set'],
        ['TWITCH_CLIENT_ID', true, 'for the live check and the stream archive of TWITCH_CHANNEL'],
        ['TWITCH_CLIENT_SECRET', true, 'for the live check and the stream archive of TWITCH_CHANNEL'],
      ];
      // PayPal's settings go together: a partial set would fail at the first payment.
      const paypal = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'] as const;
      const anyPaypal = paypal.some((name) => env[name]);
      for (const name of paypal) required.push([name, anyPaypal, 'with the other PAYPAL_* settings']);
      // Request features on from the start take payments at once.
      const requestsOn = env.REQUESTS_ENABLED_BY_DEFAULT === true;
      for (const name of paypal) required.push([name, requestsOn && !anyPaypal, 'when REQUESTS_ENABLED_BY_DEFAULT is true']);
      for (const [name, needed, why] of required) {
        if (needed && !env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `is required in production mode ${why}` });
      }
    }
  });

export type Env = z.input<typeof envSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  // Empty strings mean "unset" so a blank line in an .env file does not fail validation.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const demo = e.ALMANAC_MODE === 'demo';
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const twitchUrl = e.LINK_TWITCH ?? `https://www.twitch.tv/${e.TWITCH_CHANNEL}`;
  return {
    mode: e.ALMANAC_MODE,
    demo,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    secureCookies: !demo && publicUrl.startsWith('https://'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxyHops: e.TRUST_PROXY,
    /** How long receiving a request may take (server/http/plugin.ts), in milliseconds */
    timeouts: {
      headersMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      requestMs:
        (e.REQUEST_TIMEOUT_SECONDS ?? e.HEADERS_TIMEOUT_SECONDS + Math.ceil(e.SAMPLE_MAX_BYTES / SLOW_UPLOAD_BYTES_PER_SECOND)) * 1000,
    },
    readCacheMs: e.READ_CACHE_MS,
    /** Where the rate limits are counted across instances (http/shared-limits.ts); null: in each instance's memory */
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : null,
    demoSeed: e.DEMO_SEED,
    providers: {
      /** Unset API base URLs (null) point at this server's own sandbox (demo mode) */
      sandbox: demo,
      timeoutMs: e.PROVIDER_TIMEOUT_MS,
      retries: e.PROVIDER_RETRIES,
      backoffMs: e.PROVIDER_BACKOFF_MS,
      youtube: {
        apiKey: e.YOUTUBE_API_KEY ?? (demo ? DEMO_CREDENTIAL : null),
        apiBase: e.YOUTUBE_API_BASE ?? (demo ? null : 'https://www.googleapis.com/youtube/v3'),
        channels: {
          main: e.YOUTUBE_CHANNEL_MAIN ?? (demo ? DEMO_ACCOUNTS.youtube.main : null),
          music: e.YOUTUBE_CHANNEL_MUSIC ?? (demo ? DEMO_ACCOUNTS.youtube.music : null),
          daily: e.YOUTUBE_CHANNEL_DAILY ?? (demo ? DEMO_ACCOUNTS.youtube.daily : null),
          vod: e.YOUTUBE_CHANNEL_VOD ?? (demo ? DEMO_ACCOUNTS.youtube.vod : null),
        },
      },
      soundcloud: {
        clientId: e.SOUNDCLOUD_CLIENT_ID ?? (demo ? DEMO_CREDENTIAL : null),
        clientSecret: e.SOUNDCLOUD_CLIENT_SECRET ?? (demo ? DEMO_CREDENTIAL : null),
        apiBase: e.SOUNDCLOUD_API_BASE ?? (demo ? null : 'https://api.soundcloud.com'),
        authBase: e.SOUNDCLOUD_AUTH_BASE ?? (demo ? null : 'https://secure.soundcloud.com'),
        userId: e.SOUNDCLOUD_USER_ID ?? (demo ? DEMO_ACCOUNTS.soundcloud.userId : null),
      },
      twitch: {
        clientId: e.TWITCH_CLIENT_ID ?? (demo ? DEMO_CREDENTIAL : null),
        clientSecret: e.TWITCH_CLIENT_SECRET ?? (demo ? DEMO_CREDENTIAL : null),
        apiBase: e.TWITCH_API_BASE ?? (demo ? null : 'https://api.twitch.tv/helix'),
        authBase: e.TWITCH_AUTH_BASE ?? (demo ? null : 'https://id.twitch.tv/oauth2'),
        channel: e.TWITCH_CHANNEL,
      },
    },
    /** PayPal Orders v2; null when not configured (production without PAYPAL_*): paid requests refuse */
    paypal:
      e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET && e.PAYPAL_WEBHOOK_ID
        ? {
            clientId: e.PAYPAL_CLIENT_ID,
            clientSecret: e.PAYPAL_CLIENT_SECRET,
            webhookId: e.PAYPAL_WEBHOOK_ID,
            apiBase: e.PAYPAL_API_BASE ?? (demo ? null : 'https://api-m.paypal.com'),
          }
        : demo
          ? {
              clientId: DEMO_CREDENTIAL,
              clientSecret: DEMO_CREDENTIAL,
              webhookId: DEMO_ACCOUNTS.paypal.webhookId,
              apiBase: e.PAYPAL_API_BASE ?? null,
            }
          : null,
    /**
     * The streamer's Discord channel hears about paid requests (server/notifications); null: not at
     * all. `webhookUrl` null: this server's own stand-in, /sandbox/discord/api/webhooks/{id}/{token} (demo mode).
     */
    discord: e.DISCORD_WEBHOOK_URL ? { webhookUrl: e.DISCORD_WEBHOOK_URL } : demo ? { webhookUrl: null } : null,
    payments: {
      reconcileAfterMinutes: e.PAYPAL_RECONCILE_AFTER_MINUTES,
      reconcileIntervalSeconds: e.PAYPAL_RECONCILE_INTERVAL_SECONDS,
      /** PayPal webhook events per minute per address that reach the verify call (accounts/limits.ts) */
      webhooksPerMinute: e.PAYPAL_WEBHOOK_RATE_LIMIT,
    },
    sync: {
      /** 0: no periodic sync (on demand only) */
      intervalMinutes: e.SYNC_INTERVAL_MINUTES,
      atStart: e.SYNC_AT_START,
      /** Lets POST /api/sync be called from elsewhere than this machine */
      token: e.SYNC_TOKEN ?? null,
    },
    metrics: {
      /** Lets GET /metrics be read from elsewhere than this machine (server/metrics) */
      token: e.METRICS_TOKEN ?? null,
    },
    live: {
      /** 0: no live check */
      pollSeconds: e.LIVE_POLL_SECONDS,
    },
    requests: {
      /** Whether a request feature no admin has toggled yet is on (server/song-requests/features.ts) */
      enabledByDefault: e.REQUESTS_ENABLED_BY_DEFAULT ?? demo,
      /** A flip of a longer video is refused at VERIFY, before anyone pays */
      flipMaxVideoMinutes: e.FLIP_MAX_VIDEO_MINUTES,
      /** The fair limits checked at VERIFY (song-requests/limits/) */
      limits: { perBuyer: e.REQUEST_LIMIT_PER_BUYER, queueMax: e.QUEUE_MAX },
      /** Paid requests of these kinds are held for an admin (song-requests/lifecycle) */
      requireApproval: { flip: e.FLIPS_REQUIRE_APPROVAL, sample: e.SAMPLES_REQUIRE_APPROVAL },
      /** The receipt's ETA before any request has been played: minutes per request ahead */
      slotMinutes: e.REQUEST_SLOT_MINUTES,
    },
    samples: { maxSeconds: e.SAMPLE_MAX_SECONDS, maxBytes: e.SAMPLE_MAX_BYTES },
    radio: { topSize: e.RADIO_TOP_SIZE },
    /** The key of stream overlay URLs (server/overlays/key.ts); null: overlays are off */
    overlayKey: e.OVERLAY_KEY ?? (demo ? DEMO_OVERLAY_KEY : null),
    /** Login exists only where the Twitch OAuth flow can run: the sandbox in demo, real credentials otherwise. */
    authEnabled: e.AUTH_ENABLED ?? demo,
    accounts: {
      /** Twitch logins (lowercase) whose accounts are admins, resolved to Twitch ids at first use (accounts/admins.ts); the demo's admin account in demo mode */
      adminLogins: new Set(
        (e.ADMIN_LOGINS ?? (demo ? 'demo_admin' : ''))
          .split(',')
          .map((login) => login.trim().toLowerCase())
          .filter(Boolean),
      ),
      sessionDays: e.SESSION_DAYS,
      /** Writes (likes, edits, requests, decisions) per minute per user, or per address when logged out */
      writesPerMinute: e.WRITE_RATE_LIMIT,
    },
    site: {
      name: e.SITE_NAME,
      /** The IANA time zone of the site's calendar day ("On this day", server/on-this-day) */
      timeZone: e.SITE_TIME_ZONE,
      streamerName: e.STREAMER_NAME,
      streamerKey: e.STREAMER_KEY,
      twitchChannel: e.TWITCH_CHANNEL,
      credit: { creator: e.CREDIT_CREATOR, creatorUrl: e.CREDIT_CREATOR_URL ?? null },
      links: {
        twitch: twitchUrl,
        youtubeMain: e.LINK_YOUTUBE_MAIN,
        youtubeDaily: e.LINK_YOUTUBE_DAILY,
        youtubeMusic: e.LINK_YOUTUBE_MUSIC,
        musicStreaming: e.LINK_MUSIC_STREAMING,
        twitter: e.LINK_TWITTER,
        instagram: e.LINK_INSTAGRAM,
        tiktok: e.LINK_TIKTOK,
        soundcloud: e.LINK_SOUNDCLOUD,
        discord: e.LINK_DISCORD,
        tips: e.LINK_TIPS,
      },
    },
  };
}

export type Config = ReturnType<typeof loadConfig>;
