import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../demo/accounts';
import { createSandboxedApp } from '../../sandbox/testing';
import { rejectionOf } from '../../testing/errors';
import { ProviderError } from '../shared/http';
import { clip, createDiscordClient, DISCORD_LIMITS } from './client';

const t = await createSandboxedApp();
const { webhookId, token } = DEMO_ACCOUNTS.discord;
const webhookUrl = (id: string = webhookId, secret: string = token) => `${t.origin}/sandbox/discord/api/webhooks/${id}/${secret}`;
const discord = (url = webhookUrl()) => createDiscordClient({ webhookUrl: url, http: t.clients().http });

afterEach(() => t.state.reset());

const failure = (promise: Promise<unknown>) => rejectionOf(promise, ProviderError);

describe("Discord webhook client against Discord's stand-in", () => {
  it('posts a message with an embed, which the stand-in stores and lists; a fan’s text pings nobody', async () => {
    const embed = { title: 'New flip request', fields: [{ name: 'Requested by', value: '@everyone' }] };
    const message = await discord().post({ content: 'A request is waiting for approval', embeds: [embed] });
    expect(message.id).toMatch(/^\d{17,20}$/);
    const listed = (await t.app.inject({ url: '/sandbox/discord/messages' })).json() as { messages: { id: string; body: unknown }[] };
    expect(listed.messages).toHaveLength(1);
    expect(listed.messages[0]).toMatchObject({
      id: message.id,
      body: { content: 'A request is waiting for approval', embeds: [embed], allowed_mentions: { parse: [] } },
    });
  });

  it('waits out a 429 with Retry-After and a 500, then posts once', async () => {
    t.state.faults.inject({ provider: 'discord', status: 429, retryAfter: 0 });
    t.state.faults.inject({ provider: 'discord', status: 500 });
    await discord().post({ content: 'hello' });
    expect(t.state.requests.filter((r) => r.provider === 'discord')).toHaveLength(3);
    expect(t.state.discord.messages).toHaveLength(1);
  });

  it("answers Discord's errors, and never shows the webhook's token", async () => {
    const unknown = await failure(discord(webhookUrl('1300000000000000999')).post({ content: 'x' }));
    expect(unknown).toMatchObject({ status: 404, details: { reason: '10015' } });
    const wrongToken = await failure(discord(webhookUrl(webhookId, 'not-the-token')).post({ content: 'x' }));
    expect(wrongToken).toMatchObject({ status: 401, details: { reason: '50027' } });
    expect(wrongToken.message).toContain(`/webhooks/${webhookId}/***`);
    expect(wrongToken.message).not.toContain('not-the-token');
    expect(await failure(discord().post({}))).toMatchObject({ status: 400, details: { reason: '50006' } });
    const long = await failure(discord().post({ content: 'x'.repeat(DISCORD_LIMITS.content + 1) }));
    expect(long).toMatchObject({ status: 400, details: { reason: '50035' } });
    expect(t.state.discord.messages).toHaveLength(0);
  });

  it('clips text to a limit, marking the cut', () => {
    expect(clip('short', 10)).toBe('short');
    expect(clip('a'.repeat(12), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});
