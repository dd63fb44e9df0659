import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { streams } from '../db/schema';
import { createSandboxedApp, FAST, recordingSleep } from '../sandbox/testing';
import { testClock } from '../testing/clock';

/**
 * Twitch's rate limit during a sync (issue 21, item 10): Helix answers 429 until its Ratelimit-Reset;
 * a sync on production's retries (1, 2, 4 s) waits for the reset instead of failing the section.
 */

const clock = testClock(new Date('2026-03-01T12:00:00Z'));
const recorder = recordingSleep(clock);
const t = await createSandboxedApp({
  now: clock.now,
  overrides: { ...FAST, sleep: recorder.sleep, retry: { retries: 3, backoffMs: 1000, maxBackoffMs: 8000, maxRetryAfterMs: 120_000 } },
});

describe('a sync while Twitch is over its rate limit for 30 s', () => {
  it('waits for the reset and completes the Twitch archive', async () => {
    const fault = t.state.faults.inject({ provider: 'twitch', path: '/videos', rateLimitSeconds: 30 });
    const report = await t.sync.run('test');
    const archive = report.sections.find((s) => s.name === 'twitch archive');
    expect(archive, JSON.stringify(report.sections)).toMatchObject({ error: null, complete: true });
    expect(report.ok).toBe(true);
    expect(fault.hits()).toBe(1);
    expect(recorder.delays).toContain(30_000);
    const twitchStreams = t.world.streams.filter((s) => s.provider === 'twitch');
    expect(await t.db.$count(streams, eq(streams.provider, 'twitch'))).toBe(twitchStreams.length);
  });
});
