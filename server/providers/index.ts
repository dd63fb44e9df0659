import type { Config } from '../config';
import { DEMO_ACCOUNTS } from '../demo/accounts';
import { createDiscordClient, type DiscordClient } from './discord/client';
import { createPayPalClient, type PayPalClient, type PayPalLogger } from './paypal/client';
import { DEFAULT_RETRY, type HttpOptions, type RetryPolicy } from './shared/http';
import { createSoundCloudClient, type SoundCloudClient } from './soundcloud/client';
import { createTwitchClient, type TwitchClient } from './twitch/client';
import { createYouTubeClient, type YouTubeClient } from './youtube/client';

export { ProviderError } from './shared/http';

/** The provider clients; a client is absent when its credentials are not configured. */
export interface Providers {
  youtube: YouTubeClient | null;
  soundcloud: SoundCloudClient | null;
  twitch: TwitchClient | null;
  paypal: PayPalClient | null;
  /** The streamer's Discord webhook (DISCORD_WEBHOOK_URL; the stand-in's in demo mode) */
  discord: DiscordClient | null;
  /** For thumbnails: the same timeouts and retries */
  http: Omit<HttpOptions, 'provider' | 'baseUrl'>;
}

export interface ProviderOverrides {
  /**
   * Origin of the server whose sandbox stands in for unset base URLs (demo mode), e.g.
   * http://127.0.0.1:3000. Required when the config leaves a base URL to the sandbox.
   */
  sandboxOrigin?: string;
  retry?: Partial<RetryPolicy>;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** The app's clock (token caches expire by it) */
  now?: () => Date;
  /** Page sizes (tests use small ones to exercise paging) */
  pageSize?: { youtube?: number; soundcloud?: number; twitch?: number };
  /** Where provider clients log what support needs later (PayPal's debug_id of each error) */
  log?: PayPalLogger;
}

const trim = (url: string) => url.replace(/\/+$/, '');

export function createProviders(config: Config, overrides: ProviderOverrides = {}): Providers {
  const p = config.providers;
  const base = (configured: string | null, sandboxPath: string): string => {
    if (configured) return trim(configured);
    if (!overrides.sandboxOrigin)
      throw new Error(`No base URL for ${sandboxPath}: the sandbox origin is not known yet (is the server listening?)`);
    return `${trim(overrides.sandboxOrigin)}/sandbox/${sandboxPath}`;
  };
  const http = {
    timeoutMs: overrides.timeoutMs ?? p.timeoutMs,
    retry: { ...DEFAULT_RETRY, retries: p.retries, backoffMs: p.backoffMs, ...overrides.retry },
    ...(overrides.sleep ? { sleep: overrides.sleep } : {}),
    ...(overrides.now ? { now: () => overrides.now!().getTime() } : {}),
  };

  const youtube =
    p.youtube.apiKey !== null
      ? createYouTubeClient({
          apiKey: p.youtube.apiKey,
          pageSize: overrides.pageSize?.youtube,
          http: { ...http, baseUrl: base(p.youtube.apiBase, 'youtube/v3') },
        })
      : null;
  const soundcloud =
    p.soundcloud.clientId !== null && p.soundcloud.clientSecret !== null
      ? createSoundCloudClient({
          clientId: p.soundcloud.clientId,
          clientSecret: p.soundcloud.clientSecret,
          authBaseUrl: base(p.soundcloud.authBase, 'soundcloud'),
          pageSize: overrides.pageSize?.soundcloud,
          http: { ...http, baseUrl: base(p.soundcloud.apiBase, 'soundcloud') },
        })
      : null;
  const twitch =
    p.twitch.clientId !== null && p.twitch.clientSecret !== null
      ? createTwitchClient({
          clientId: p.twitch.clientId,
          clientSecret: p.twitch.clientSecret,
          authBaseUrl: base(p.twitch.authBase, 'twitch/oauth2'),
          pageSize: overrides.pageSize?.twitch,
          http: { ...http, baseUrl: base(p.twitch.apiBase, 'twitch/helix') },
        })
      : null;
  const paypal = config.paypal
    ? createPayPalClient({
        clientId: config.paypal.clientId,
        clientSecret: config.paypal.clientSecret,
        log: overrides.log,
        http: { ...http, baseUrl: base(config.paypal.apiBase, 'paypal') },
        ...(overrides.now ? { now: () => overrides.now!().getTime() } : {}),
      })
    : null;
  const { webhookId, token } = DEMO_ACCOUNTS.discord;
  const discord = config.discord
    ? createDiscordClient({
        webhookUrl: config.discord.webhookUrl
          ? trim(config.discord.webhookUrl)
          : `${base(null, 'discord')}/api/webhooks/${webhookId}/${token}`,
        // No retries here: the notifications outbox keeps each post's attempts and next time in the
        // database (server/notifications), so a run never sleeps holding its job lock, a 429's
        // retry_after is waited out by the clock, and a restart loses no retry.
        http: { ...http, retry: { ...http.retry, retries: 0 } },
      })
    : null;
  return { youtube, soundcloud, twitch, paypal, discord, http };
}

/** Where this server answers itself: the loopback address for a wildcard or loopback host. */
export function selfOrigin(host: string, port: number): string {
  const loopback = ['0.0.0.0', '::', '', 'localhost', '127.0.0.1'].includes(host);
  if (loopback) return `http://127.0.0.1:${port}`;
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}
