import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../demo/accounts';
import { createSandboxedApp, recordingSleep } from '../../sandbox/testing';
import { ProviderError } from '../shared/http';

const t = await createSandboxedApp();
const login = t.config.site.twitchChannel;
const userId = DEMO_ACCOUNTS.twitch.userId;

afterEach(() => t.state.reset());

async function collect<T>(pages: AsyncGenerator<T[]>): Promise<T[][]> {
  const all: T[][] = [];
  for await (const page of pages) all.push(page);
  return all;
}

const archive = () =>
  t.world.streams.filter((s) => s.provider === 'twitch').sort((a, b) => b.uploadedAt.getTime() - a.uploadedAt.getTime());

describe('Twitch client against the sandbox', () => {
  it('looks the channel up by login', async () => {
    expect(await t.clients().twitch!.user(login)).toEqual({ id: userId, login, displayName: t.config.site.streamerName });
    expect(await t.clients().twitch!.user('nobody_here')).toBeNull();
  });

  it('pages through the archive with cursors to the end', async () => {
    const pages = await collect(t.clients().twitch!.archiveVideos(userId));
    // 6 archived streams at 4 per page.
    expect(pages.map((p) => p.length)).toEqual([4, 2]);
    expect(pages.flat().map((v) => v.id)).toEqual(archive().map((s) => s.remoteId));
    const first = pages[0]![0]!;
    expect(first).toMatchObject({
      title: archive()[0]!.name,
      durationSeconds: archive()[0]!.duration,
      views: archive()[0]!.views,
      viewable: 'public',
    });
    expect(first.thumbnailUrl).toMatch(/\/sandbox\/twitch\/images\/vods\/\d+-320x180\.jpg$/);
    expect((await fetch(first.thumbnailUrl!)).status).toBe(200);
  });

  it('pages through clips, with the archived video and offset they were cut from', async () => {
    const clips = (await collect(t.clients().twitch!.clips(userId))).flat();
    expect(clips).toHaveLength(t.world.clips.length);
    const linked = t.world.clips.find((c) => c.stream !== null)!;
    const clip = clips.find((c) => c.id === linked.remoteId)!;
    expect(clip).toMatchObject({ videoId: linked.stream!.remoteId, vodOffset: linked.stream!.timestamp, creatorName: linked.creatorName });
    expect(clip.durationSeconds).toBe(linked.duration);
  });

  it('tells whether the channel is live', async () => {
    const client = t.clients().twitch!;
    expect(await client.liveStream(login)).toBeNull();
    t.state.goLive('Late night piano');
    expect(await client.liveStream(login)).toMatchObject({ title: 'Late night piano' });
  });

  it('gets a new app token when Twitch refuses the old one (401), once', async () => {
    const client = t.clients().twitch!;
    await client.user(login);
    expect(t.state.tokens.issued.twitch).toBe(1);
    t.state.tokens.expireAll('twitch');
    expect((await collect(client.archiveVideos(userId))).flat()).toHaveLength(6);
    expect(t.state.tokens.issued.twitch).toBe(2);
  });

  it('retries a 429 after Retry-After, then succeeds', async () => {
    const recorder = recordingSleep();
    const fault = t.state.faults.inject({ provider: 'twitch', path: '/clips', status: 429, retryAfter: 1 });
    const clips = (await collect(t.clients({ sleep: recorder.sleep }).twitch!.clips(userId))).flat();
    expect(clips).toHaveLength(t.world.clips.length);
    expect(fault.hits()).toBe(1);
    expect(recorder.delays).toEqual([1000]);
  });

  it('fails with a clear error when the token endpoint refuses the client secret', async () => {
    const { createTwitchClient } = await import('./client');
    const client = createTwitchClient({
      clientId: 'demo',
      clientSecret: 'nope',
      authBaseUrl: `${t.origin}/sandbox/twitch/oauth2`,
      http: {
        baseUrl: `${t.origin}/sandbox/twitch/helix`,
        timeoutMs: 2000,
        retry: { retries: 0, backoffMs: 1, maxBackoffMs: 1, maxRetryAfterMs: 1 },
      },
    });
    const error = await client.user(login).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toBe('Twitch answered 403 to POST /sandbox/twitch/oauth2/token: invalid client secret');
  });

  it('checks Client-Id and Bearer token as Helix does', async () => {
    const noToken = await fetch(`${t.origin}/sandbox/twitch/helix/users?login=${login}`, { headers: { 'client-id': 'demo' } });
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toEqual({ error: 'Unauthorized', status: 401, message: 'OAuth token is missing' });
    const token = await fetch(`${t.origin}/sandbox/twitch/oauth2/token?client_id=demo&client_secret=demo&grant_type=client_credentials`, {
      method: 'POST',
    });
    const { access_token } = (await token.json()) as { access_token: string };
    const wrongClient = await fetch(`${t.origin}/sandbox/twitch/helix/users?login=${login}`, {
      headers: { authorization: `Bearer ${access_token}`, 'client-id': 'other' },
    });
    expect(wrongClient.status).toBe(401);
  });
});
