/**
 * The demo streamer's accounts at each provider, as the sandbox knows them. Demo mode points the
 * sync at these; every provider credential of the sandbox is the string `demo`.
 */
export const DEMO_CREDENTIAL = 'demo';

export const DEMO_ACCOUNTS = {
  youtube: {
    /** Main channel: songs of source `yt`, and the streamer's playlists */
    main: 'UCNovaAlmanacMain0000000',
    /** Music channel: songs of source `music`, and albums */
    music: 'UCNovaAlmanacMusic000000',
    /** Unofficial daily channel: songs of source `daily` */
    daily: 'UCNovaAlmanacDaily000000',
    /** Stream recordings uploaded to YouTube (streams of source `daily`) */
    vod: 'UCNovaAlmanacVods0000000',
    /** A fan's channel holding the community playlists (not synced; imported by URL) */
    fans: 'UCNovaAlmanacFans0000000',
  },
  soundcloud: { userId: '938000001', permalink: 'nova-almanac-demo' },
  twitch: { userId: '938000002' },
  /** The streamer's PayPal business account, and the webhook registered for this site */
  paypal: { merchantId: 'NOVAALMANAC01', email: 'payments@nova-almanac.example', webhookId: 'DEMOWEBHOOK0001' },
  /** The streamer's Discord channel, and the incoming webhook the site posts new requests to */
  discord: { webhookId: '1300000000000000001', token: 'demo-webhook-token', channelId: '1300000000000000002', name: 'Almanac' },
} as const;

/** The demo's two Twitch accounts a visitor logs in with (the start line and the README name them). */
export const DEMO_LOGINS = { viewer: 'demo_viewer', admin: 'demo_admin' } as const;

/** A Twitch account of the sandbox (its authorize page offers the viewer and the admin). */
export interface DemoUser {
  id: string;
  login: string;
  displayName: string;
  /** Shown on the sandbox authorize page */
  description: string;
  email: string;
}

/**
 * The demo's Twitch accounts: the streamer, a viewer and an admin. The sandbox serves them; the CLI
 * reads them directly when no server runs (grant-admin resolves a login to its Twitch id).
 */
export function demoTwitchUsers(twitchLogin: string, streamerName: string): DemoUser[] {
  return [
    {
      id: DEMO_ACCOUNTS.twitch.userId,
      login: twitchLogin,
      displayName: streamerName,
      description: 'The streamer',
      email: `${twitchLogin}@example.com`,
    },
    {
      id: '938000101',
      login: DEMO_LOGINS.viewer,
      displayName: DEMO_LOGINS.viewer,
      description: 'A viewer: likes, edits, requests',
      email: 'viewer@example.com',
    },
    {
      id: '938000102',
      login: DEMO_LOGINS.admin,
      displayName: DEMO_LOGINS.admin,
      description: 'An admin: approves edits and runs the queue',
      email: 'admin@example.com',
    },
  ];
}
