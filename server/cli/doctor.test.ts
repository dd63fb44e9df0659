import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openPglite } from '../db/client';
import { createTestDatabase } from '../db/testing';
import { DEMO_ACCOUNTS, DEMO_CREDENTIAL } from '../demo/accounts';
import { PAYPAL_WEBHOOK_EVENTS } from '../payments/webhook';
import { CommandError } from './command';
import { doctorCommand, formatLine, runDoctor } from './doctor';
import { timeZoneCheck } from './doctor-checks';
import { createCommandTestServer, useRunningServer } from './testing';

/**
 * `npm run cli -- doctor` against the providers' stand-ins: a production configuration whose every
 * provider setting points at the sandbox is all ok; each fault (a refused credential, an unknown
 * channel or account, a webhook missing an event or unknown, http PUBLIC_URL, a short overlay key,
 * an unmigrated database) is its own failing line and exit status 1.
 */

const t = await createCommandTestServer();
const database = t.database;
const dataDir = mkdtempSync(path.join(tmpdir(), 'almanac-doctor-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const SITE = 'https://almanac.example';
const WEBHOOK = 'SITEWEBHOOK0001';
t.state.paypal.webhooks.register(WEBHOOK, { url: `${SITE}/api/payments/paypal/webhook`, eventTypes: PAYPAL_WEBHOOK_EVENTS });

/** Production, with every provider at the sandbox (the *_API_BASE settings) and every setting right. */
function productionEnv(): Record<string, string> {
  const sandbox = `${t.origin}/sandbox`;
  return {
    ALMANAC_MODE: 'production',
    // The database checked is the test's own (runDoctor's `database`); production requires the setting.
    DATABASE_URL: 'postgres://almanac@127.0.0.1:5432/almanac',
    PUBLIC_URL: SITE,
    AUTH_ENABLED: 'true',
    DATA_DIR: dataDir,
    OVERLAY_KEY: 'a'.repeat(32),
    YOUTUBE_API_KEY: DEMO_CREDENTIAL,
    YOUTUBE_API_BASE: `${sandbox}/youtube/v3`,
    YOUTUBE_CHANNEL_MAIN: DEMO_ACCOUNTS.youtube.main,
    YOUTUBE_CHANNEL_MUSIC: DEMO_ACCOUNTS.youtube.music,
    SOUNDCLOUD_CLIENT_ID: DEMO_CREDENTIAL,
    SOUNDCLOUD_CLIENT_SECRET: DEMO_CREDENTIAL,
    SOUNDCLOUD_API_BASE: `${sandbox}/soundcloud`,
    SOUNDCLOUD_AUTH_BASE: `${sandbox}/soundcloud`,
    SOUNDCLOUD_USER_ID: `soundcloud:users:${DEMO_ACCOUNTS.soundcloud.userId}`,
    TWITCH_CLIENT_ID: DEMO_CREDENTIAL,
    TWITCH_CLIENT_SECRET: DEMO_CREDENTIAL,
    TWITCH_API_BASE: `${sandbox}/twitch/helix`,
    TWITCH_AUTH_BASE: `${sandbox}/twitch/oauth2`,
    TWITCH_CHANNEL: t.config.site.twitchChannel,
    ADMIN_LOGINS: 'demo_admin',
    PAYPAL_CLIENT_ID: DEMO_CREDENTIAL,
    PAYPAL_CLIENT_SECRET: DEMO_CREDENTIAL,
    PAYPAL_WEBHOOK_ID: WEBHOOK,
    PAYPAL_API_BASE: `${sandbox}/paypal`,
  };
}

async function doctor(changes: Record<string, string> = {}, db = database) {
  const lines = await runDoctor(loadConfig({ ...productionEnv(), ...changes }), { database: db });
  return lines.map(formatLine);
}

const failures = (lines: string[]) => lines.filter((line) => line.startsWith('FAIL'));

describe('npm run cli -- doctor', () => {
  it('finds a production configuration whose every part answers all ok', async () => {
    const lines = await doctor();
    expect(lines.filter((line) => !line.startsWith('ok'))).toEqual([]);
    expect(lines).toEqual([
      'ok    ALMANAC_MODE: production',
      `ok    PUBLIC_URL: ${SITE} is https`,
      'ok    AUTH_ENABLED: Twitch login is on',
      'ok    OVERLAY_KEY: 32 characters',
      `ok    DATA_DIR: ${dataDir} is writable (thumbnails, share cards)`,
      expect.stringMatching(/^ok {4}database: PostgreSQL \d+\.\d+.* answers$/),
      expect.stringMatching(/^ok {4}migrations: all \d+ applied \(last: \d{4}_\w+\)$/),
      expect.stringMatching(/^ok {4}SITE_TIME_ZONE: UTC, where today is \d{4}-\d{2}-\d{2} \("On this day"\)$/),
      'ok    YOUTUBE_API_KEY: YouTube answers it',
      `ok    YOUTUBE_CHANNEL_MAIN: ${DEMO_ACCOUNTS.youtube.main} exists`,
      `ok    YOUTUBE_CHANNEL_MUSIC: ${DEMO_ACCOUNTS.youtube.music} exists`,
      'ok    SOUNDCLOUD_CLIENT_ID: SoundCloud gives the app a token',
      `ok    SOUNDCLOUD_USER_ID: soundcloud:users:${DEMO_ACCOUNTS.soundcloud.userId} is ${t.config.site.streamerName}`,
      'ok    TWITCH_CLIENT_ID: Twitch gives the app a token',
      `ok    TWITCH_CHANNEL: ${t.config.site.twitchChannel} exists (id ${DEMO_ACCOUNTS.twitch.userId})`,
      'ok    ADMIN_LOGINS: demo_admin exists (id 938000102)',
      'ok    PAYPAL_CLIENT_ID: PayPal gives the app a token',
      `ok    PAYPAL_WEBHOOK_ID: webhook ${WEBHOOK} posts to ${SITE}/api/payments/paypal/webhook with all 6 events`,
    ]);
  });

  it.each([
    [
      'YouTube refuses the key',
      { YOUTUBE_API_KEY: 'wrong' },
      /^FAIL {2}YOUTUBE_API_KEY: YouTube answered 400 \(badRequest\) .*API key not valid.* \(fix: create an API key/,
    ],
    [
      'SoundCloud refuses the app',
      { SOUNDCLOUD_CLIENT_SECRET: 'wrong' },
      /^FAIL {2}SOUNDCLOUD_CLIENT_ID: SoundCloud answered 401 \(invalid_client\) .* \(fix: copy the client id and secret/,
    ],
    [
      'Twitch refuses the app',
      { TWITCH_CLIENT_SECRET: 'wrong' },
      /^FAIL {2}TWITCH_CLIENT_ID: Twitch answered 403 .*invalid client secret \(fix: copy the client id and a new secret/,
    ],
    [
      'PayPal refuses the app',
      { PAYPAL_CLIENT_SECRET: 'wrong' },
      /^FAIL {2}PAYPAL_CLIENT_ID: PayPal answered 401 \(invalid_client\) .* \(fix: copy the live app's client id/,
    ],
    [
      'an unknown YouTube channel',
      { YOUTUBE_CHANNEL_DAILY: 'UCxxxxxxxxxxxxxxxxxxxxxx' },
      /^FAIL {2}YOUTUBE_CHANNEL_DAILY: YouTube has no channel UCxxxxxxxxxxxxxxxxxxxxxx \(fix: copy the channel id/,
    ],
    [
      'an unknown SoundCloud user',
      { SOUNDCLOUD_USER_ID: '12345' },
      /^FAIL {2}SOUNDCLOUD_USER_ID: SoundCloud has no user 12345 \(fix: find the account's urn/,
    ],
    [
      'an unknown Twitch channel',
      { TWITCH_CHANNEL: 'no_such_streamer' },
      /^FAIL {2}TWITCH_CHANNEL: Twitch has no user no_such_streamer \(fix: set the login/,
    ],
    [
      'an unknown PayPal webhook',
      { PAYPAL_WEBHOOK_ID: 'NOSUCHWEBHOOK' },
      /^FAIL {2}PAYPAL_WEBHOOK_ID: PayPal has no webhook NOSUCHWEBHOOK for this app \(fix: add one for https:\/\/almanac\.example\/api\/payments\/paypal\/webhook/,
    ],
    [
      'http PUBLIC_URL',
      { PUBLIC_URL: 'http://almanac.example' },
      /^FAIL {2}PUBLIC_URL: http:\/\/almanac\.example is not https: .* \(fix: put nginx with a TLS certificate in front/,
    ],
    ['a short overlay key', { OVERLAY_KEY: 'sixteen-chars-ok' }, /^FAIL {2}OVERLAY_KEY: is 16 characters; at least 24 are needed/],
  ])('fails on %s, with its fix', async (_name, changes, expected) => {
    const lines = failures(await doctor(changes));
    // http PUBLIC_URL also leaves the registered webhook (https) pointing elsewhere.
    expect(lines[0]).toMatch(expected);
    if (!('PUBLIC_URL' in changes)) expect(lines).toHaveLength(1);
  });

  it("tells the site's day in SITE_TIME_ZONE, and fails a zone the database does not know", async () => {
    const config = loadConfig({ ...productionEnv(), SITE_TIME_ZONE: 'Pacific/Auckland' });
    // 20:00 UTC on 1 June is already 2 June in Auckland.
    expect(formatLine(await timeZoneCheck(config, database, new Date('2026-06-01T20:00:00Z')))).toBe(
      'ok    SITE_TIME_ZONE: Pacific/Auckland, where today is 2026-06-02 ("On this day")',
    );
    const unknown = { ...config, site: { ...config.site, timeZone: 'Mars/Olympus_Mons' } };
    expect(formatLine(await timeZoneCheck(unknown, database))).toBe(
      'FAIL  SITE_TIME_ZONE: Mars/Olympus_Mons: the database does not know this time zone (fix: pick one of SELECT name FROM pg_timezone_names)',
    );
  });

  it('fails on a webhook missing an event, or posting elsewhere', async () => {
    const fewer = PAYPAL_WEBHOOK_EVENTS.filter((event) => event !== 'PAYMENT.CAPTURE.DENIED' && event !== 'PAYMENT.CAPTURE.REVERSED');
    t.state.paypal.webhooks.register('FEWEREVENTS01', { url: `${SITE}/api/payments/paypal/webhook`, eventTypes: fewer });
    expect(failures(await doctor({ PAYPAL_WEBHOOK_ID: 'FEWEREVENTS01' }))).toEqual([
      "FAIL  PAYPAL_WEBHOOK_ID: webhook FEWEREVENTS01 misses PAYMENT.CAPTURE.DENIED, PAYMENT.CAPTURE.REVERSED (fix: tick them in the webhook's events in the PayPal app)",
    ]);
    t.state.paypal.webhooks.register('ELSEWHERE0001', { url: 'https://old.example/api/payments/paypal/webhook', eventTypes: ['*'] });
    expect(failures(await doctor({ PAYPAL_WEBHOOK_ID: 'ELSEWHERE0001' }))).toEqual([
      `FAIL  PAYPAL_WEBHOOK_ID: webhook ELSEWHERE0001 posts to https://old.example/api/payments/paypal/webhook, not to ${SITE}/api/payments/paypal/webhook (fix: edit the webhook's URL in the PayPal app)`,
    ]);
  });

  it('fails on a database not migrated, or a migration behind', async () => {
    const empty = await createTestDatabase({ migrate: false });
    try {
      expect(failures(await doctor({}, empty))).toEqual([
        expect.stringMatching(
          /^FAIL {2}migrations: (\d+) of \1 pending \(not migrated at all\) \(fix: start \(or restart\) the server: it applies them at start\)$/,
        ),
      ]);
      await empty.migrate();
      await empty.db.execute(
        sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`,
      );
      expect(failures(await doctor({}, empty))).toEqual([
        expect.stringMatching(/^FAIL {2}migrations: 1 of \d+ pending \(next: \d{4}_\w+\)/),
      ]);
    } finally {
      await empty.close();
    }
  });

  it('reads the environment as the server does, and exits 1 when a check fails', async () => {
    // Demo mode against the running server's stand-ins, with an embedded database of its own.
    const own = mkdtempSync(path.join(tmpdir(), 'almanac-doctor-demo-'));
    useRunningServer(t);
    try {
      const embedded = await openPglite(own);
      await embedded.migrate();
      await embedded.close();
      process.env.DATA_DIR = own;
      const lines: string[] = [];
      await doctorCommand.run({}, { info: (m) => lines.push(m) });
      expect(lines[0]).toBe(`Checking demo mode, the embedded database in ${own}, http://localhost:${new URL(t.origin).port}`);
      expect(lines.filter((line) => line.startsWith('FAIL'))).toEqual([]);
      expect(lines.at(-1)).toMatch(/^\d+ checks: 0 failed, 1 warning: all set \(read the warnings\)$/);
      process.env.OVERLAY_KEY = 'twenty-characters-ok';
      const failed: string[] = [];
      const error = await doctorCommand.run({}, { info: (m) => failed.push(m) }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CommandError);
      expect((error as Error).message).toMatch(/^\d+ checks: 1 failed, 1 warning\. Fix the FAIL lines and run the doctor again\.$/);
      expect(failed.filter((line) => line.startsWith('FAIL'))).toEqual([expect.stringMatching(/^FAIL {2}OVERLAY_KEY: is 20 characters/)]);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  }, 120_000);
});
