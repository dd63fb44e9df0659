import { healthSchema, type Link, type PublicConfig, publicConfigSchema } from '../../common/api';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { App } from '../http/types';
import { databaseReachable } from './queries';

/** The browser's whole view of configuration: names, links, whether login exists. Never a secret. */
export function publicConfig(config: Config): PublicConfig {
  const { site } = config;
  const l = site.links;
  const name = site.streamerName;
  const socials: Link[] = [
    { kind: 'twitter', label: 'X (Twitter)', url: l.twitter },
    { kind: 'instagram', label: 'Instagram', url: l.instagram },
    { kind: 'tiktok', label: 'TikTok', url: l.tiktok },
    { kind: 'discord', label: 'Discord', url: l.discord },
  ];
  return {
    siteName: site.name,
    streamerName: name,
    streamerKey: site.streamerKey,
    authEnabled: config.authEnabled,
    demo: config.demo,
    liveChannelUrl: l.twitch,
    videoChannelUrl: l.youtubeMain,
    twitchChannel: site.twitchChannel,
    links: [
      { kind: 'twitch', label: `${name} on Twitch`, url: l.twitch },
      { kind: 'youtube', label: `${name} on YouTube`, url: l.youtubeMain },
      { kind: 'youtube', label: `${name} Music on YouTube`, url: l.youtubeMusic },
      { kind: 'spotify', label: `${name} on Spotify`, url: l.musicStreaming },
      { kind: 'twitter', label: `${name} on X (Twitter)`, url: l.twitter },
      { kind: 'instagram', label: `${name} on Instagram`, url: l.instagram },
      { kind: 'tiktok', label: `${name} on TikTok`, url: l.tiktok },
      { kind: 'soundcloud', label: `${name} on SoundCloud`, url: l.soundcloud },
      { kind: 'discord', label: `${name}'s Discord community`, url: l.discord },
      { kind: 'tips', label: `Tip ${name}`, url: l.tips },
    ],
    socials,
    credit: { creator: site.credit.creator, performer: name, creatorUrl: site.credit.creatorUrl },
    // In demo mode the sandbox stands in for i.ytimg.com (server/sandbox/youtube.ts).
    videoImageBase: config.providers.sandbox ? '/sandbox/youtube' : 'https://i.ytimg.com',
    // Only the client id: the secret and the webhook id stay on the server.
    paypal: {
      clientId: config.paypal?.clientId ?? null,
      sdkBaseUrl: config.providers.sandbox && config.paypal?.apiBase === null ? '/sandbox/paypal/sdk/js' : null,
    },
    // Demo mode has no provider players to reach: the sandbox serves each song as audio (sandbox/audio.ts).
    radioAudioBase: config.providers.sandbox ? '/sandbox/audio' : null,
    requireApproval: { ...config.requests.requireApproval },
    mediaSources: [
      { kind: 'youtube', label: 'YouTube', url: l.youtubeMain },
      { kind: 'youtube', label: 'YouTube (Unofficial daily)', url: l.youtubeDaily },
      { kind: 'youtube', label: 'YouTube Music', url: l.youtubeMusic },
      { kind: 'soundcloud', label: 'SoundCloud', url: l.soundcloud },
      { kind: 'twitch', label: 'Twitch', url: l.twitch },
    ],
  };
}

export function siteRoutes(app: App, config: Config, db: Db) {
  const publicView = publicConfig(config);
  app.get('/api/config', {
    schema: { tags: ['site'], summary: 'Public site configuration for the web client', response: { 200: publicConfigSchema } },
    config: { access: 'public' },
    handler: () => publicView,
  });

  app.get('/api/health', {
    schema: { tags: ['site'], summary: 'Liveness and database reachability', response: { 200: healthSchema, 503: healthSchema } },
    config: { access: 'public' },
    handler: async (_req, reply) => {
      const database = await databaseReachable(db);
      return reply.code(database ? 200 : 503).send({ status: database ? 'ok' : 'degraded', database });
    },
  });
}
