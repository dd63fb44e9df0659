import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../demo/accounts';
import { createSandboxedApp, recordingSleep } from '../../sandbox/testing';
import { testClock } from '../../testing/clock';
import { ProviderError } from '../shared/http';
import { twitchRateLimitWait } from './client';

const clock = testClock(new Date('2026-03-01T12:00:00Z'));
const t = await createSandboxedApp({ now: clock.now });
/** The retries of production (config defaults): 3, after 1, 2 and 4 s */
const PRODUCTION_RETRY = { retries: 3, backoffMs: 1000, maxBackoffMs: 8000, maxRetryAfterMs: 120_000 };
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

  it('answers a request over the rate limit as Helix does: 429 with Ratelimit-Limit, -Remaining and -Reset, no Retry-After', async () => {
    t.state.faults.inject({ provider: 'twitch', path: '/users', rateLimitSeconds: 30 });
    const res = await fetch(`${t.origin}/sandbox/twitch/helix/users?login=${login}`);
    expect(res.status).toBe(429);
    expect(
      Object.fromEntries(['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after'].map((h) => [h, res.headers.get(h)])),
    ).toEqual({
      'ratelimit-limit': '800',
      'ratelimit-remaining': '0',
      'ratelimit-reset': String(clock.now().getTime() / 1000 + 30),
      'retry-after': null,
    });
    expect(await res.json()).toEqual({ error: 'Too Many Requests', status: 429, message: 'Too Many Requests' });
  });

  it('waits until Ratelimit-Reset (30 s away) after a 429, then succeeds', async () => {
    const recorder = recordingSleep(clock);
    const fault = t.state.faults.inject({ provider: 'twitch', path: '/clips', rateLimitSeconds: 30 });
    const client = t.clients({ sleep: recorder.sleep, now: clock.now, retry: PRODUCTION_RETRY }).twitch!;
    const clips = (await collect(client.clips(userId))).flat();
    expect(clips).toHaveLength(t.world.clips.length);
    expect(recorder.delays).toEqual([30_000]);
    expect(fault.hits()).toBe(1);
  });

  it('waits a minute at most for a reset further away, and fails clearly when the limit outlasts its retries', async () => {
    const recorder = recordingSleep(clock);
    t.state.faults.inject({ provider: 'twitch', path: '/clips', rateLimitSeconds: 600 });
    const client = t.clients({ sleep: recorder.sleep, now: clock.now, retry: PRODUCTION_RETRY }).twitch!;
    const error = await collect(client.clips(userId)).catch((e: unknown) => e);
    expect(recorder.delays).toEqual([60_000, 60_000, 60_000]);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(
      /^Twitch answered 429 \(Too Many Requests\) to GET \/sandbox\/twitch\/helix\/clips\?.* after 4 attempts: Too Many Requests$/,
    );
  });

  it('reads the wait from a 429 whose bucket is empty, and leaves other answers to the backoff', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    const answer = (status: number, headers: Record<string, string>) => twitchRateLimitWait(new Response(null, { status, headers }), now);
    const reset = (seconds: number) => String(now / 1000 + seconds);
    expect(answer(429, { 'ratelimit-remaining': '0', 'ratelimit-reset': reset(12) })).toBe(12_000);
    expect(answer(429, { 'ratelimit-reset': reset(12) })).toBe(12_000);
    expect(answer(429, { 'ratelimit-remaining': '0', 'ratelimit-reset': reset(3600) })).toBe(60_000);
    // A reset already past by our clock, a bucket not empty (another limit), no reset, not a 429.
    expect(answer(429, { 'ratelimit-remaining': '0', 'ratelimit-reset': reset(-5) })).toBeNull();
    expect(answer(429, { 'ratelimit-remaining': '3', 'ratelimit-reset': reset(12) })).toBeNull();
    expect(answer(429, { 'retry-after': '2' })).toBeNull();
    expect(answer(503, { 'ratelimit-remaining': '0', 'ratelimit-reset': reset(12) })).toBeNull();
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
