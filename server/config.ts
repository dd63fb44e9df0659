import path from 'node:path';
import { z } from 'zod';

/**
 * The one place that reads process.env. Every variable is validated at start; a bad or missing one
 * stops start-up with a message naming it. `public` marks what the browser may see.
 */

const url = z.url({ protocol: /^https?$/ });
const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

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
    SITE_NAME: z.string().min(1).default('Almanac'),
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
    DEMO_SEED: bool.default(true),
  })
  .superRefine((env, ctx) => {
    if (env.ALMANAC_MODE === 'production' && !env.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: 'is required in production mode' });
    }
    if (env.ALMANAC_MODE === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required in production mode' });
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
    demoSeed: e.DEMO_SEED,
    /** Login exists only where the Twitch OAuth flow can run: the sandbox in demo, real credentials otherwise. */
    authEnabled: e.AUTH_ENABLED ?? demo,
    site: {
      name: e.SITE_NAME,
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
