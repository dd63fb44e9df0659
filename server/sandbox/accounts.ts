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
} as const;
