import type { Config } from '../config';
import { PAYPAL_WEBHOOK_PATH } from '../payments/routes';
import { PAYPAL_WEBHOOK_EVENTS } from '../payments/webhook';
import { ProviderError, type Providers } from '../providers';
import { PayPalError } from '../providers/paypal/client';
import { type CheckLine, fail, ok, warn } from './doctor-checks';

/**
 * The doctor's checks of the providers, each against the real thing (or whatever the *_API_BASE
 * settings point at): the credentials get a token or the key is answered, and the channels,
 * account and webhook the configuration names exist.
 */

const reason = (error: unknown) => (error as Error).message;
const noAnswer = (error: unknown) => (error instanceof ProviderError || error instanceof PayPalError) && error.status === null;
const NETWORK = 'check this machine reaches the provider (DNS, firewall, the *_API_BASE setting)';

/** A failed call: refused credentials are `credentials`' fault; no answer is the network's. */
function failed(name: string, error: unknown, fix: string): CheckLine {
  return fail(name, reason(error), noAnswer(error) ? NETWORK : fix);
}

/** A channel id that exists on YouTube (YouTube's own), to try a key with when no channel is set. */
const PROBE_CHANNEL = 'UCBR8-60-B28hp2BmDPdntcQ';

export async function youtubeChecks(config: Config, providers: Providers): Promise<CheckLine[]> {
  const youtube = providers.youtube;
  const channels = Object.entries(config.providers.youtube.channels).filter((entry): entry is [string, string] => entry[1] !== null);
  if (!youtube) {
    return [
      warn(
        'YouTube',
        'not configured: no YouTube songs sync, and flip requests cannot look videos up',
        'set YOUTUBE_API_KEY and YOUTUBE_CHANNEL_*',
      ),
    ];
  }
  const keyFix = 'create an API key in the Google Cloud console with the YouTube Data API v3 enabled, and set YOUTUBE_API_KEY';
  const lines: CheckLine[] = [];
  try {
    await youtube.uploadsPlaylistId(channels[0]?.[1] ?? PROBE_CHANNEL);
  } catch (error) {
    if (error instanceof ProviderError && error.details.reason === 'quotaExceeded')
      return [warn('YOUTUBE_API_KEY', 'works, but its daily quota is used up', 'wait for the quota to reset (midnight Pacific time)')];
    if (!(error instanceof ProviderError && error.details.reason === 'channelNotFound')) return [failed('YOUTUBE_API_KEY', error, keyFix)];
  }
  lines.push(ok('YOUTUBE_API_KEY', 'YouTube answers it'));
  if (channels.length === 0)
    lines.push(warn('YOUTUBE_CHANNEL_*', 'none set: no YouTube songs or streams sync', 'set the channel ids (UC…)'));
  for (const [which, id] of channels) {
    const name = `YOUTUBE_CHANNEL_${which.toUpperCase()}`;
    try {
      await youtube.uploadsPlaylistId(id);
      lines.push(ok(name, `${id} exists`));
    } catch (error) {
      const missing = error instanceof ProviderError && error.details.reason === 'channelNotFound';
      lines.push(
        missing
          ? fail(
              name,
              `YouTube has no channel ${id}`,
              'copy the channel id (UC…) from youtube.com/account_advanced, signed in as that channel',
            )
          : failed(name, error, keyFix),
      );
    }
  }
  return lines;
}

export async function soundcloudChecks(config: Config, providers: Providers): Promise<CheckLine[]> {
  const soundcloud = providers.soundcloud;
  const userId = config.providers.soundcloud.userId;
  if (!soundcloud || userId === null) {
    return [
      warn(
        'SoundCloud',
        'not configured: no SoundCloud tracks sync',
        'set SOUNDCLOUD_CLIENT_ID, SOUNDCLOUD_CLIENT_SECRET and SOUNDCLOUD_USER_ID',
      ),
    ];
  }
  try {
    await soundcloud.tokens.token();
  } catch (error) {
    return [failed('SOUNDCLOUD_CLIENT_ID', error, 'copy the client id and secret of your app at soundcloud.com/you/apps')];
  }
  const lines = [ok('SOUNDCLOUD_CLIENT_ID', 'SoundCloud gives the app a token')];
  try {
    const user = await soundcloud.user(userId);
    lines.push(
      user
        ? ok('SOUNDCLOUD_USER_ID', `${userId} is ${user.username}`)
        : fail(
            'SOUNDCLOUD_USER_ID',
            `SoundCloud has no user ${userId}`,
            "find the account's urn with GET /resolve?url=https://soundcloud.com/<name> (docs/production.md)",
          ),
    );
  } catch (error) {
    lines.push(failed('SOUNDCLOUD_USER_ID', error, 'check SOUNDCLOUD_USER_ID'));
  }
  return lines;
}

export async function twitchChecks(config: Config, providers: Providers): Promise<CheckLine[]> {
  const twitch = providers.twitch;
  if (!twitch)
    return [
      warn('Twitch', 'not configured: no login, live indicator, stream archive or clips', 'set TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET'),
    ];
  try {
    await twitch.tokens.token();
  } catch (error) {
    return [failed('TWITCH_CLIENT_ID', error, 'copy the client id and a new secret from dev.twitch.tv/console/apps')];
  }
  const lines = [ok('TWITCH_CLIENT_ID', 'Twitch gives the app a token')];
  const logins: [string, string][] = [['TWITCH_CHANNEL', config.providers.twitch.channel]];
  if (!config.demo) for (const login of config.accounts.adminLogins) logins.push(['ADMIN_LOGINS', login]);
  for (const [name, login] of logins) {
    try {
      const user = await twitch.user(login);
      const fix =
        name === 'TWITCH_CHANNEL'
          ? 'set the login of twitch.tv/<login>'
          : 'fix or remove the login (a login Twitch does not know grants nothing)';
      lines.push(user ? ok(name, `${login} exists (id ${user.id})`) : fail(name, `Twitch has no user ${login}`, fix));
    } catch (error) {
      lines.push(failed(name, error, 'check TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET'));
    }
  }
  return lines;
}

export async function paypalChecks(config: Config, providers: Providers): Promise<CheckLine[]> {
  const paypal = providers.paypal;
  if (!paypal || !config.paypal) {
    return [warn('PayPal', 'not configured: paid requests stay off', 'set PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID')];
  }
  try {
    await paypal.tokens.token();
  } catch (error) {
    const live = config.paypal.apiBase && new URL(config.paypal.apiBase).hostname.endsWith('sandbox.paypal.com') ? 'sandbox' : 'live';
    return [
      failed(
        'PAYPAL_CLIENT_ID',
        error,
        `copy the ${live} app's client id and secret from developer.paypal.com (Apps & Credentials), or set PAYPAL_API_BASE for the other environment`,
      ),
    ];
  }
  const lines = [ok('PAYPAL_CLIENT_ID', 'PayPal gives the app a token')];
  const id = config.paypal.webhookId;
  try {
    lines.push(webhookLine(config, await paypal.getWebhook(id)));
  } catch (error) {
    const unknown = error instanceof PayPalError && error.status === 404;
    lines.push(
      unknown
        ? fail(
            'PAYPAL_WEBHOOK_ID',
            `PayPal has no webhook ${id} for this app`,
            `add one for ${webhookUrl(config)} in the app's Webhooks and copy its Webhook ID`,
          )
        : failed('PAYPAL_WEBHOOK_ID', error, 'check the PayPal app and PAYPAL_WEBHOOK_ID'),
    );
  }
  return lines;
}

const webhookUrl = (config: Config) => `${config.publicUrl.replace(/\/+$/, '')}${PAYPAL_WEBHOOK_PATH}`;

function webhookLine(config: Config, webhook: { id: string; url: string; event_types: { name: string }[] }): CheckLine {
  const name = 'PAYPAL_WEBHOOK_ID';
  const expected = webhookUrl(config);
  // In demo mode the stand-in posts to this server wherever it is reached: only the path must match.
  const sameUrl = config.demo
    ? URL.canParse(webhook.url) && new URL(webhook.url).pathname === PAYPAL_WEBHOOK_PATH
    : webhook.url === expected;
  if (!sameUrl)
    return fail(
      name,
      `webhook ${webhook.id} posts to ${webhook.url || '(nowhere)'}, not to ${expected}`,
      "edit the webhook's URL in the PayPal app",
    );
  const names = new Set(webhook.event_types.map((event) => event.name));
  const missing = names.has('*') ? [] : PAYPAL_WEBHOOK_EVENTS.filter((event) => !names.has(event));
  if (missing.length > 0) {
    return fail(name, `webhook ${webhook.id} misses ${missing.join(', ')}`, "tick them in the webhook's events in the PayPal app");
  }
  return ok(name, `webhook ${webhook.id} posts to ${webhook.url} with all ${PAYPAL_WEBHOOK_EVENTS.length} events`);
}
