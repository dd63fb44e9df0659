import { describe, expect, it } from 'vitest';
import type { RadioTrack, Station } from '../../common/radio';
import { createRadioFeed } from './feed';
import type { DueResult, Playing } from './service';

/**
 * The feed's own rules, over a stand-in for the station's reads and advances: what it does when
 * another instance holds the advance, when the database fails, and when changes come in bursts.
 */

const NOW = new Date('2026-06-01T12:00:00Z');

function playing(version: number, endsInMs = 60_000): Playing {
  return {
    version,
    endsAt: new Date(NOW.getTime() + endsInMs),
    track: { id: version, name: `Track ${version}` } as RadioTrack,
  };
}

/** Resolves when `check` holds, re-checked as the stand-in is called. */
function when(check: () => boolean): { poke: () => void; done: Promise<void> } {
  let resolve: () => void = () => {};
  const done = new Promise<void>((r) => (resolve = r));
  return {
    done,
    poke: () => {
      if (check()) resolve();
    },
  };
}

describe('radio feed', () => {
  it('looks again soon when another instance holds the advance, and re-arms for the next track once it sees it', async () => {
    const dueResults: DueResult[] = ['busy', 'busy', 'not-due'];
    let checks = 0;
    const delivered: [Station, RadioTrack][] = [];
    const settled = when(() => delivered.length > 0);
    const feed = createRadioFeed({
      radio: {
        advanceIfDue: async () => {
          checks++;
          return dueResults.shift() ?? 'not-due';
        },
        playing: async () => playing(2),
      },
      now: () => NOW,
      log: { error: () => {} },
      retryMs: 1,
    });
    feed.watch(
      (station, track) => {
        delivered.push([station, track]);
        settled.poke();
      },
      () => true,
    );
    // Started: the timers are armed, and each station is checked at once.
    void feed.start();
    await settled.done;
    feed.stop();
    // Two busy answers (top and everything may share them), then a read of the other's change.
    expect(checks).toBeGreaterThanOrEqual(3);
    expect(delivered.map(([, track]) => track.id)).toContain(2);
  });

  it('retries a failing advance less and less often, logging each failure, until it works', async () => {
    const errors: string[] = [];
    let attempts = 0;
    const stamps: number[] = [];
    const succeeded = when(() => attempts >= 5);
    const feed = createRadioFeed({
      radio: {
        advanceIfDue: async (station) => {
          if (station !== 'top') return 'not-due';
          attempts++;
          stamps.push(performance.now());
          succeeded.poke();
          if (attempts < 5) throw new Error('Connection terminated unexpectedly');
          return 'advanced';
        },
        playing: async () => playing(1),
      },
      now: () => NOW,
      log: { error: (message) => errors.push(message) },
      retryMs: 5,
      maxRetryMs: 40,
    });
    void feed.start();
    await succeeded.done;
    feed.stop();
    expect(errors.filter((e) => e.startsWith('radio top: advancing failed'))).toHaveLength(4);
    const gaps = stamps.slice(1).map((t, i) => t - stamps[i]!);
    // 5, 10, 20, 40 ms: each wait at least the doubled one (timers never fire early).
    expect(gaps[3]!).toBeGreaterThanOrEqual(39);
    expect(gaps[2]!).toBeGreaterThanOrEqual(19);
  });

  it('reads once more when changes land during a read, and sends each version once', async () => {
    let reads = 0;
    let release: () => void = () => {};
    const feed = createRadioFeed({
      radio: {
        advanceIfDue: async () => 'not-due',
        playing: async () => {
          reads++;
          if (reads === 1) await new Promise<void>((resolve) => (release = resolve));
          return playing(reads === 1 ? 7 : 8);
        },
      },
      now: () => NOW,
      log: { error: () => {} },
    });
    const sent: number[] = [];
    feed.watch(
      (_station, track) => sent.push(track.id),
      () => true,
    );
    const first = feed.refresh('top');
    await feed.refresh('top');
    await feed.refresh('top');
    release();
    await first;
    await feed.refresh('top');
    expect(reads).toBe(3);
    expect(sent).toEqual([7, 8]);
  });
});
