import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { discordOutbox, songRequests } from '../db/schema';
import { createProviders } from '../providers';
import { createTestApp } from '../testing/app';

/** DISCORD_WEBHOOK_URL: optional; Discord's own webhook URL or a stand-in; the demo posts to this server's stand-in. */

const production = {
  ALMANAC_MODE: 'production',
  DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
  PUBLIC_URL: 'https://almanac.example',
  TWITCH_CLIENT_ID: 'x',
  TWITCH_CLIENT_SECRET: 'x',
};
const withoutWebhook = await createTestApp(production, { slices: ['notifications'] });
const webhook = 'https://discord.com/api/webhooks/1300000000000000001/AbC-dEf_123';

describe('DISCORD_WEBHOOK_URL', () => {
  it('is off in production unless set, and this server’s stand-in in demo mode', () => {
    expect(loadConfig(production).discord).toBeNull();
    expect(createProviders(loadConfig(production)).discord).toBeNull();
    expect(loadConfig({ ...production, DISCORD_WEBHOOK_URL: webhook }).discord).toEqual({ webhookUrl: webhook });
    expect(createProviders(loadConfig({ ...production, DISCORD_WEBHOOK_URL: webhook })).discord).not.toBeNull();
    expect(loadConfig({}).discord).toEqual({ webhookUrl: null });
    expect(loadConfig({ DISCORD_WEBHOOK_URL: 'http://127.0.0.1:9000/hooks/test' }).discord).toEqual({
      webhookUrl: 'http://127.0.0.1:9000/hooks/test',
    });
  });

  it.each([
    ['not a URL', 'discord webhook', /DISCORD_WEBHOOK_URL: Invalid URL/],
    ['plain http on Discord', webhook.replace('https:', 'http:'), /DISCORD_WEBHOOK_URL: must be a Discord webhook URL/],
    ['a Discord page that is no webhook', 'https://discord.com/channels/1/2', /DISCORD_WEBHOOK_URL: must be a Discord webhook URL/],
    ['a webhook without its token', 'https://discord.com/api/webhooks/1300000000000000001', /must be a Discord webhook URL/],
  ])('refuses %s, without repeating the value', (_name, value, message) => {
    const error = (() => {
      try {
        loadConfig({ DISCORD_WEBHOOK_URL: value });
      } catch (e) {
        return e as Error;
      }
      throw new Error('accepted');
    })();
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain(value);
  });

  it('takes Discord’s other hosts and API versions', () => {
    for (const url of [
      'https://discordapp.com/api/webhooks/1300000000000000001/token',
      'https://canary.discord.com/api/v10/webhooks/1300000000000000001/token',
    ]) {
      expect(loadConfig({ DISCORD_WEBHOOK_URL: url }).discord).toEqual({ webhookUrl: url });
    }
  });
});

describe('without a webhook', () => {
  it('writes no post, and a kick sends nothing', async () => {
    const t = withoutWebhook;
    expect(t.notifications.enabled).toBe(false);
    const [request] = await t.db
      .insert(songRequests)
      .values({ videoId: 'dQw4w9WgXcQ', title: 'A song', username: 'fan', state: 'queued' })
      .returning();
    const notice = {
      songRequestId: request!.id,
      event: 'paid',
      kind: 'flip',
      title: 'A song',
      username: 'fan',
      amount: '20.00',
      currency: 'USD',
    } as const;
    expect(await t.db.transaction((tx) => t.notifications.enqueueRequestNotice(tx, notice))).toBe(false);
    expect(await t.db.select().from(discordOutbox)).toEqual([]);
    await t.notifications.kick();
  });
});
