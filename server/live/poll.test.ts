import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liveStatus } from '../db/schema';
import { createSandboxedApp } from '../sandbox/testing';
import { liveJob, pollLive } from './poll';

const t = await createSandboxedApp();
const login = t.config.site.twitchChannel;
const twitch = () => t.providers().twitch!;

// Each test starts offline with nothing stored, whatever ran before it.
beforeEach(async () => {
  await t.db.delete(liveStatus);
});
afterEach(() => t.state.reset());

/** What the app's own live job does once it has stored an answer (live/plugin.ts) */
const stored = () => t.app.readCache.forget('/api/live');
const live = async () => (await t.app.inject({ method: 'GET', url: '/api/live' })).json();

describe('live indicator', () => {
  it('stores what Twitch says, and /api/live answers from the store', async () => {
    expect(await live()).toEqual({ live: false, title: null, startedAt: null });
    const startedAt = new Date(Date.now() - 3_600_000);
    t.state.goLive('Building a song from chat ideas', startedAt);
    // /api/live does not ask Twitch: until the poll runs it still says offline.
    expect((await live()).live).toBe(false);
    await pollLive(t.db, twitch(), login, stored);
    expect(await live()).toEqual({ live: true, title: 'Building a song from chat ideas', startedAt: startedAt.toISOString() });
    t.state.goOffline();
    await pollLive(t.db, twitch(), login, stored);
    expect(await live()).toEqual({ live: false, title: null, startedAt: null });
  });

  it('runs as a job every LIVE_POLL_SECONDS and keeps the last answer when Twitch fails', async () => {
    const job = liveJob({ db: t.db, twitch, login, pollSeconds: 60, stored });
    expect(job).toMatchObject({ name: 'live', intervalMs: 60_000, runAtStart: true });
    t.state.goLive('Chill stream');
    await t.jobs.runExclusive(job.name, job.run);
    expect((await live()).title).toBe('Chill stream');
    t.state.faults.inject({ provider: 'twitch', path: '/streams', status: 500, times: Number.POSITIVE_INFINITY });
    await expect(t.jobs.runExclusive(job.name, job.run)).rejects.toThrow(/Twitch answered 500/);
    expect((await live()).title).toBe('Chill stream');
    expect((await t.jobs.lastRun('live'))?.ok).toBe(false);
  });

  it('stops showing live when the stored answer is too old to trust', async () => {
    t.state.goLive('Old news');
    await pollLive(t.db, twitch(), login, stored);
    await t.db
      .update(liveStatus)
      .set({ checkedAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(liveStatus.id, 1));
    expect((await live()).live).toBe(false);
  });
});
