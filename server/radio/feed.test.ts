import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RadioTrack, Station } from '../../common/radio';
import { createRadioFeed, type FeedOptions } from './feed';
import type { DueResult, Playing } from './service';

/**
 * The feed's own rules, over a stand-in for the station's reads and advances: what it does when
 * another instance holds the advance, when the database fails, when changes come in bursts, what a
 * joining socket gets, and how it stops. Timers are vitest's fake ones: time is moved, never waited for.
 */

const START = new Date('2026-06-01T12:00:00Z');

function playing(version: number, endsInMs = 60_000): Playing {
  return {
    version,
    playId: version,
    endsAt: new Date(START.getTime() + endsInMs),
    track: { id: version, name: `Track ${version}`, duration: 120, startedAt: START.toISOString(), startAtSecs: 0 } as RadioTrack,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A feed over `radio`, on the fake clock, that sends to `sent` and has listeners everywhere. */
function feedOf(radio: FeedOptions['radio'], options: Partial<FeedOptions> = {}) {
  const sent: [Station, RadioTrack][] = [];
  const feed = createRadioFeed({ radio, now: () => new Date(), log: { error: () => {} }, ...options });
  feed.watch(
    (station, track) => sent.push([station, track]),
    () => true,
  );
  return { feed, sent };
}

describe('radio feed', () => {
  it('looks again a second later when another instance holds the advance, and re-arms for the next track once it sees it', async () => {
    const dueResults: DueResult[] = ['busy', 'busy'];
    const checks: number[] = [];
    const { feed, sent } = feedOf({
      advanceIfDue: async (station) => {
        if (station !== 'top') return 'not-due';
        checks.push(Date.now() - START.getTime());
        return dueResults.shift() ?? 'not-due';
      },
      playing: async () => playing(2),
    });
    await feed.start();
    expect(sent.filter(([station]) => station === 'top')).toEqual([]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(checks).toEqual([0, 1_000, 2_000]);
    expect(sent.map(([station, track]) => [station, track.id])).toContainEqual(['top', 2]);
    // Armed for the track's end: the next check comes then, not before.
    await vi.advanceTimersByTimeAsync(60_000 - 2_000 - 1);
    expect(checks).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(checks).toHaveLength(4);
    await feed.stop();
  });

  it('retries a failing advance less and less often, logging each failure, never more than 5 s apart', async () => {
    const errors: string[] = [];
    const attempts: number[] = [];
    const feed = createRadioFeed({
      radio: {
        advanceIfDue: async (station) => {
          if (station !== 'top') return 'not-due';
          attempts.push(Date.now() - START.getTime());
          if (attempts.length < 6) throw new Error('Connection terminated unexpectedly');
          return 'advanced';
        },
        playing: async () => playing(1),
      },
      now: () => new Date(),
      log: { error: (message) => errors.push(message) },
    });
    await feed.start();
    await vi.advanceTimersByTimeAsync(30_000);
    await feed.stop();
    expect(errors.filter((e) => e.startsWith('radio top: advancing failed'))).toHaveLength(5);
    // Waits of 1, 2, 4 s, then the 5 s cap: the station plays again at most 5 s after the database is back.
    const gaps = attempts.slice(1).map((t, i) => t - attempts[i]!);
    expect(gaps).toEqual([1_000, 2_000, 4_000, 5_000, 5_000]);
  });

  it('reads once more when changes land during a read, and sends each version once', async () => {
    let reads = 0;
    let release: () => void = () => {};
    const { feed, sent } = feedOf({
      advanceIfDue: async () => 'not-due',
      playing: async () => {
        reads++;
        if (reads === 1) await new Promise<void>((resolve) => (release = resolve));
        return playing(reads === 1 ? 7 : 8);
      },
    });
    const first = feed.refresh('top');
    await feed.refresh('top');
    await feed.refresh('top');
    release();
    await first;
    await feed.refresh('top');
    expect(reads).toBe(3);
    expect(sent.map(([, track]) => track.id)).toEqual([7, 8]);
  });

  it('gives a joining socket the track it read last, as of the moment it joins, without reading again', async () => {
    let reads = 0;
    const { feed } = feedOf({
      advanceIfDue: async () => 'not-due',
      playing: async () => {
        reads++;
        return playing(3);
      },
    });
    // Knowing nothing yet, joiners arriving together cost one read.
    const joined = await Promise.all([feed.snapshot('top'), feed.snapshot('top'), feed.snapshot('top')]);
    expect(reads).toBe(1);
    expect(joined.map((track) => track?.startAtSecs)).toEqual([0, 0, 0]);
    vi.advanceTimersByTime(41_500);
    const later = (await feed.snapshot('top'))!;
    expect(reads).toBe(1);
    expect(later).toMatchObject({ id: 3, startedAt: START.toISOString(), startAtSecs: 41, serverTime: new Date().toISOString() });
  });

  it('reads the station for each caller while it does not keep up (not started, no listener here)', async () => {
    let reads = 0;
    const feed = createRadioFeed({
      radio: {
        advanceIfDue: async () => 'not-due',
        playing: async () => {
          reads++;
          return playing(4);
        },
      },
      now: () => new Date(),
      log: { error: () => {} },
    });
    expect(await feed.snapshot('top')).toMatchObject({ id: 4, startAtSecs: 0 });
    vi.advanceTimersByTime(5_000);
    expect(await feed.snapshot('top')).toMatchObject({ id: 4, startAtSecs: 5 });
    expect(reads).toBe(2);
  });

  it('stops: no timer fires afterwards, and a due-check under way has finished when stop resolves', async () => {
    const waiting: (() => void)[] = [];
    let checks = 0;
    let finished = 0;
    const { feed } = feedOf({
      advanceIfDue: async () => {
        checks++;
        await new Promise<void>((resolve) => waiting.push(resolve));
        finished++;
        return 'advanced';
      },
      playing: async () => playing(1, 1_000),
    });
    const starting = feed.start();
    const stopping = feed.stop();
    let stopped = false;
    void stopping.then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    for (const resolve of waiting) resolve();
    await stopping;
    expect(finished).toBe(2);
    await starting;
    const before = checks;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(checks).toBe(before);
  });
});
